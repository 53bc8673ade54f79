"""Walpurgis through Discord: a whole game through the offline harness with privately chosen decks (one
saved and played with `/walpurgis deck use`, one typed in `/game play`), an interception chain offered to
the other player with a notice, contested squares stripped by both owners (one strip chosen through the
picker), a restart in the middle and the privacy check over everything sent; the deck builder's
commands and refusals; a stricter lobby limit refusing a deck at the start; the card images and the
rules.

The game's seed is the first one whose game holds all of that (`eventful_seed`). Both players having a
real choice on the same contested square at once needs a face-up danmaku on each side, which this
edition makes rare in play: tests/walpurgis/test_wp_render.py builds that position and checks that
neither the table nor the other player can tell the first answer."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cogs.walpurgis import DECKS_PREF
from engine.core.match import Match
from engine.walpurgis import GAME
from renderers.toolkit import CANVAS_WIDTH
from storage.base import GameRecord
from discord_ui.deck_book import MAX_DECKS
from tabletop.play import service
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table, assert_privacy

ALICE_CARDS = "M00x4, M01x3, M02x4, M03x3, M04x3, M05x4, M07x4, M09x4, M11x3, M12x4, M14x2, N02x2"
ALICE_CODE = "M00x4.M01x3.M02x4.M03x3.M04x3.M05x4.M07x4.M09x4.M11x3.M12x4.M14x2.N02x2"


def steer(match: Match, seat: int, rng: random.Random) -> str:
    """A player keen on fights, deterministic per position (so the game does not depend on the order the
    driver serves simultaneous seats in): intercept whenever possible, fire danmaku at the opponent's
    squares, and rather play cards than end the main phase."""
    pick = random.Random(match.version * 7919 + seat * 104729 + match.seed)
    actions = [action.notation for action in match.legal_actions(seat)]
    view = match.view(seat)
    chain = view["chain"]
    if chain and chain["step"] == "intercept":
        tries = [action for action in actions if action != "pass"]
        if tries:
            return pick.choice(tries)
    if chain and chain["step"] in ("rapid", "barrage"):
        foes = {entry["square"] for entry in view["field"] if any(card["owner"] != seat for card in entry["cards"])}

        def hits(action: str) -> int:
            return sum(1 for word in action.split()[1:] if word in foes)

        best = max(map(hits, actions))
        return pick.choice([action for action in actions if hits(action) == best])
    if view["stage"] == "main":
        plays = [action for action in actions if action != "end"]
        ups = [action for action in plays if action.endswith(" up") or action.startswith("activate")]
        if ups and pick.random() < 0.8:
            return pick.choice(ups)
        if plays and pick.random() < 0.8:
            return pick.choice(plays)
    return pick.choice(actions)


def eventful(seed: int) -> bool:
    """Whether the game this test plays from `seed` holds an interception, a strip a player chooses and
    a contested square — found by playing the engine alone exactly as the test will through Discord (the
    same decks, the same policy, the same order of seats), so the test keeps its point whatever the card
    edition's balance becomes."""
    rng = random.Random(5)
    match = Match.start(GAME, 2, seed, {})
    match = match.play(0, f"deck:{ALICE_CODE}").match.play(1, "deck:reimu").match
    seen: set[str] = set()
    while not match.finished:
        chain = match.view(None)["chain"]
        seat = rng.choice(match.awaited_seats())
        move = steer(match, seat, rng)
        if chain and chain["step"] == "intercept" and move != "pass":
            seen.add("intercept")
        if move.startswith("strip "):
            seen.add("chosen strip")
        step = match.play(seat, move)
        seen.update(event.data.get("kind") for event in step.events)
        match = step.match
    return {"intercept", "chosen strip", "strip"} <= seen


def eventful_seed() -> int:
    """The first seed whose game has everything the whole-game test is about."""
    return next(seed for seed in range(1, 300) if eventful(seed))


async def open_game(table: Table, host: int, guest: int, options: dict[str, str] | None = None) -> int:
    """`/walpurgis new`, the guest joins, the host starts: the game opens on the private deck choice."""
    world = table.world
    rec = await world.slash(host, "walpurgis new", options or {}, channel_id=CHANNEL, guild_id=GUILD)
    lobby = world.message(rec.original_id)
    game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
    await world.click(guest, lobby, f"tt:lobby:join:{game_id}")
    await world.click(host, lobby, f"tt:lobby:start:{game_id}")
    assert (await table.record(game_id)).status == "active"
    return game_id


def match_of(record: GameRecord) -> Match:
    return Match.from_json(GAME, record.state or {})


def texts(messages: list) -> str:
    return "\n".join(message.text for message in messages)


async def test_whole_game_with_an_interception_chain_and_a_contested_square(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = eventful_seed()
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    world = table.world
    saved = await world.slash(ALICE, "walpurgis deck new", {"name": "魔法使い", "cards": ALICE_CARDS}, channel_id=CHANNEL, guild_id=GUILD)
    assert "保存しました" in saved.messages[-1].text
    game_id = await open_game(table, ALICE, CAROL)
    record = await table.record(game_id)
    thread = record.thread_id
    assert thread is not None and match_of(record).view(None)["stage"] == "deck"
    board = table.latest_board(record)
    assert f"<@{ALICE}>" in board.text and f"<@{CAROL}>" in board.text, "both are asked at once"

    used = await world.slash(ALICE, "walpurgis deck use", {"deck": "魔法使い"}, channel_id=thread, guild_id=GUILD)
    assert all(message.ephemeral for message in used.messages)
    await world.slash(CAROL, "game play", {"action": "deck:reimu"}, channel_id=thread, guild_id=GUILD)
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    assert log == [(0, f"deck:{ALICE_CODE}"), (1, "deck:reimu")]

    rng = random.Random(5)
    intercepted = stripped = 0
    for count in range(600):
        record = await table.record(game_id)
        if record.status != "active":
            break
        if count == 40:
            await table.restart()
        match = match_of(record)
        chain = match.view(None)["chain"]
        seat = rng.choice(match.awaited_seats())
        if chain and chain["step"] == "intercept":
            prompt = "迎撃しますか" if seat == 0 else "Activate a card that can intercept"
            assert prompt in texts(world.dms_to(record.players[seat])), "the interception is offered with a notice"
            intercepted += steer(match, seat, rng) != "pass"
        if chain and chain["processing"] and chain["processing"]["mode"] == "strip":
            assert any(action.notation.startswith("strip ") for action in match.legal_actions(seat))
            stripped += 1
        await table.take_turn(record.players[seat], game_id, rng, policy=steer)
    record = await table.record(game_id)
    assert record.status == "finished"
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    replayed = Match.start(GAME, 2, seed, {}).replay_steps(log)
    contests = [event for step in replayed for event in step.events if event.data.get("kind") == "strip"]
    assert intercepted >= 1 and stripped >= 1 and contests, (intercepted, stripped, len(contests))
    sets = [interaction.payload["data"]["values"] for interaction in world.interactions
            if str(interaction.payload.get("data", {}).get("custom_id", "")).startswith("tt:pset:")]
    assert sets and all(1 <= len(values) <= 4 for values in sets), "danmaku squares are ticked in one multi-select"

    public = world.every_version(channels={CHANNEL, thread})
    assert ALICE_CODE not in texts(public) and "魔法使い" not in texts(public)
    assert ALICE_CODE not in texts(world.every_version(seen_by=CAROL))
    last = world.messages_in(thread)[-1]
    image = last.attachments[0].image()
    assert image.width == CANVAS_WIDTH and image.height != image.width
    assert last.attachments[0].size <= 80 * 1024
    await assert_privacy(table, game_id)


async def test_a_deck_the_lobby_limit_forbids_is_refused_with_its_reason(table: Table) -> None:
    world = table.world
    game_id = await open_game(table, DAVE, ERIN, {"copies": "2"})
    thread = (await table.record(game_id)).thread_id
    await world.slash(ERIN, "walpurgis deck new", {"name": "Four", "code": "R00x4.R01x4"}, channel_id=CHANNEL, guild_id=GUILD)
    rec = await world.slash(ERIN, "walpurgis deck use", {"deck": "four"}, channel_id=thread, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "At most 2 cards of one name" in rec.messages[-1].text
    rec = await world.slash(ERIN, "game play", {"action": "deck:R00x3.R01x2"}, channel_id=thread, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "Basic Shot (Reimu) appears 3 times" in rec.messages[-1].text
    rec = await world.slash(DAVE, "walpurgis deck use", {"deck": "なし"}, channel_id=thread, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "保存したデッキがありません" in rec.messages[-1].text
    record = await table.record(game_id)
    assert match_of(record).view(None)["stage"] == "deck" and record.version == 0
    await world.slash(ERIN, "walpurgis deck use", {"deck": "R00x2.R01x2.R02x2"}, channel_id=thread, guild_id=GUILD)
    assert [player["chosen"] for player in match_of(await table.record(game_id)).view(None)["players"]] == [False, True]


async def test_the_deck_builder_saves_lists_shows_edits_imports_exports_and_deletes(table: Table) -> None:
    world = table.world

    async def run(command: str, options: dict, user: int = ERIN) -> str:
        rec = await world.slash(user, f"walpurgis deck {command}", options, channel_id=CHANNEL, guild_id=GUILD)
        message = rec.messages[-1]
        assert message.ephemeral
        return message.text

    assert "no saved decks" in await run("list", {})
    saved = await run("new", {"name": "Shrine", "starter": "reimu"})
    assert "Saved **Shrine**" in saved and "40 cards (4 通常弾)" in saved and "`R00x4.R01x4." in saved
    saved = await run("new", {"name": "Mini", "cards": "R00x4, Fantasy Seal x2, 2 夢想封印"})
    assert "8 cards (4 通常弾)" in saved and "R00x4.R01x4" in saved
    refused = await run("new", {"name": "Bad", "cards": "R00x5, Nothing x2, S01x9"})
    assert "There is no card called “Nothing”" in refused
    assert "Basic Shot (Reimu) appears 5 times" in refused and "Spear the Gungnir appears 9 times" in refused
    assert "at most 60 cards" in await run("new", {"name": "Big", "cards": ", ".join(f"{cid}x4" for cid in
                                                                                           ("R00", "R01", "R02", "R03", "R04", "R05", "R07", "R08",
                                                                                            "R09", "R10", "R11", "R12", "S00", "S01", "S02", "S03"))})
    assert "Cannot read “R0-1”" in await run("new", {"name": "Typo", "code": "R00x4.R0-1"})
    assert "one of a card list" in await run("new", {"name": "Both", "code": "R00x4", "starter": "reimu"})
    assert "Give a card list" in await run("new", {"name": "Nothing"})
    assert "already exists" in await run("new", {"name": "shrine", "starter": "marisa"})
    assert "1 to 32 characters" in await run("new", {"name": "x" * 40, "starter": "marisa"})
    assert "⚠ no 通常弾" in await run("new", {"name": "No shot", "cards": "R01x4"})

    exported = await run("export", {"name": "mini"})
    assert "R00x4.R01x4" in exported and "/walpurgis deck import" in exported
    assert "保存しました: **Copy**" in await run("import", {"name": "Copy", "code": "r00x4.r01x4"}, user=DAVE)
    assert "同じ名前のカードは4枚までです: 通常弾(霊夢)が6枚" in await run("import", {"name": "Cheat", "code": "R00x6"}, user=DAVE)

    changed = await run("edit", {"name": "Mini", "add": "R02x2", "remove": "R01"})
    assert "Changed **Mini**" in changed and "R00x4.R01x3.R02x2" in changed
    assert "holds no more “Ofuda”" in await run("edit", {"name": "Mini", "remove": "R12"})
    assert "appears 5 times" in await run("edit", {"name": "Mini", "add": "R00"})
    assert "either cards to add/remove" in await run("edit", {"name": "Mini", "add": "R00", "code": "R00x4"})
    assert "“shrine” already exists" in await run("edit", {"name": "Mini", "rename": "shrine"})
    assert "Changed **MINI**" in await run("edit", {"name": "Mini", "rename": "MINI"})
    assert "Changed **Small**" in await run("edit", {"name": "mini", "rename": "Small"})
    shown = await run("show", {"name": "small"})
    assert "`R02` Yin-Yang Orb ×2" in shown and "`R01` Fantasy Seal ×3" in shown
    listed = await run("list", {})
    assert "Your decks (3)" in listed and "Shrine" in listed and "Small" in listed and "No shot" in listed
    assert "No deck named" in await run("show", {"name": "Mini"})
    assert "Deleted **No shot**" in await run("delete", {"name": "no shot"})
    prefs = (await table.bot.store.get_user(ERIN)).prefs
    assert set(prefs[DECKS_PREF]) == {"Shrine", "Small"} and prefs[DECKS_PREF]["Small"] == "R00x4.R01x3.R02x2"
    assert "Small" not in await run("list", {}, user=DAVE), "decks are per player"
    names = await world.autocomplete(ERIN, "walpurgis deck use", "deck", {"deck": ""}, channel_id=CHANNEL, guild_id=GUILD)
    assert names[0]["value"] == "Shrine" and {"reimu", "remilia", "marisa"} <= {choice["value"] for choice in names}


async def test_a_player_keeps_at_most_max_decks(table: Table) -> None:
    world = table.world

    async def new(name: str) -> str:
        rec = await world.slash(DAVE, "walpurgis deck new", {"name": name, "code": "R00x4"}, channel_id=CHANNEL, guild_id=GUILD)
        assert rec.messages[-1].ephemeral
        return rec.messages[-1].text

    assert "1〜32文字" in await new("   ")
    for index in range(MAX_DECKS):
        assert "保存しました" in await new(f"d{index}")
    assert f"{MAX_DECKS}個まで" in await new("one more")


async def test_card_images_and_the_rules_in_the_readers_language(table: Table) -> None:
    world = table.world
    ja = (await world.slash(DAVE, "walpurgis cards", {"character": "reimu"}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    en = (await world.slash(ERIN, "walpurgis cards", {"character": "reimu"}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    for message in (ja, en):
        assert message.ephemeral and len(message.attachments) == 2
        for file in message.attachments:
            image = file.image()
            assert file.size <= 80 * 1024 and image.width == CANVAS_WIDTH and image.height > image.width
    assert [f.data for f in ja.attachments] != [f.data for f in en.attachments]
    everything = (await world.slash(CAROL, "walpurgis cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert 4 <= len(everything.attachments) <= 10
    one = (await world.slash(ALICE, "walpurgis cards", {"card": "夢想封印"}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert len(one.attachments) == 1
    missing = (await world.slash(ERIN, "walpurgis cards", {"card": "Nope"}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert missing.ephemeral and "There is no card called “Nope”" in missing.text and not missing.attachments
    found = await world.autocomplete(ERIN, "walpurgis cards", "card", {"card": "seal"}, channel_id=CHANNEL, guild_id=GUILD)
    assert found and found[0]["value"] == "R01"
    rules = (await world.slash(DAVE, "walpurgis rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert rules.ephemeral and "迎撃" in rules.text and "/walpurgis cards" in rules.text
    rules = (await world.slash(ERIN, "walpurgis rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert "intercept" in rules.text and "/walpurgis deck use" in rules.text
