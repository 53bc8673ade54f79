"""ART OF WAR through Discord: a whole game with two custom decks chosen privately (one saved and played
with `/artofwar deck use`, one typed as a code in `/game play`), a restart in the middle and the privacy
check over everything sent; the deck builder's commands and refusals (every validation); the card sheets
and the rules; the response preference, which answers "no response" only when the table can already tell."""

from __future__ import annotations

import random

from cogs.artofwar import RESPONSE_PREF, no_response_answer
from engine.artofwar import GAME
from engine.artofwar.scenario import build, play
from engine.core.match import Match
from renderers.toolkit import CANVAS_WIDTH
from storage.base import GameRecord
from discord_ui.deck_book import MAX_DECKS
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table, assert_privacy

ALICE_DECK = "k07:S8A6P2G2W2"
CAROL_DECK = "k05:S3A3P4G7W3"


async def open_game(table: Table, host: int, guest: int) -> int:
    """`/artofwar new`, the guest joins, the host starts: the game opens on the private deck choice."""
    world = table.world
    rec = await world.slash(host, "artofwar new", {}, channel_id=CHANNEL, guild_id=GUILD)
    lobby = world.message(rec.original_id)
    game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
    await world.click(guest, lobby, f"tt:lobby:join:{game_id}")
    await world.click(host, lobby, f"tt:lobby:start:{game_id}")
    assert (await table.record(game_id)).status == "active"
    return game_id


def public_view(record: GameRecord) -> dict:
    return Match.from_json(GAME, record.state or {}).view(None)


def texts(messages: list) -> str:
    return "\n".join(message.text for message in messages)


async def test_whole_game_with_two_custom_decks_chosen_privately(table: Table) -> None:
    world = table.world
    await world.slash(ALICE, "artofwar deck new", {"name": "速攻", "king": "k07", "soldier": 8, "archier": 6, "priest": 2,
                                                    "guardian": 2, "wizard": 2}, channel_id=CHANNEL, guild_id=GUILD)
    game_id = await open_game(table, ALICE, CAROL)
    record = await table.record(game_id)
    thread = record.thread_id
    assert thread is not None
    assert public_view(record)["phase"] == "deck"
    board = table.latest_board(record)
    assert f"<@{ALICE}>" in board.text and f"<@{CAROL}>" in board.text, "both are asked at once"

    used = await world.slash(ALICE, "artofwar deck use", {"deck": "速攻"}, channel_id=thread, guild_id=GUILD)
    assert all(message.ephemeral for message in used.messages)
    record = await table.record(game_id)
    assert public_view(record)["choosing"] == [1] and public_view(record)["seats"][0]["king"] is None
    await world.slash(CAROL, "game play", {"action": f"deck:{CAROL_DECK.lower()}"}, channel_id=thread, guild_id=GUILD)
    record = await table.record(game_id)
    view = public_view(record)
    assert view["phase"] == "mulligan" and [seat["king"]["id"] for seat in view["seats"]] == ["k07", "k05"]
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    assert log == [(0, f"deck:{ALICE_DECK}"), (1, f"deck:{CAROL_DECK}")]

    actions = await table.play_to_end(game_id, random.Random(15), restart_at=30)
    record = await table.record(game_id)
    assert record.status == "finished" and actions > 30
    state = Match.from_json(GAME, record.state or {}).state
    assert state["decks"] == [ALICE_DECK, CAROL_DECK]

    public = world.every_version(channels={CHANNEL, thread})
    for code in (ALICE_DECK, CAROL_DECK, "速攻"):
        assert code not in texts(public), f"{code} shown in public"
    assert CAROL_DECK not in texts(world.every_version(seen_by=ALICE))
    assert ALICE_DECK not in texts(world.every_version(seen_by=CAROL)) and "速攻" not in texts(world.every_version(seen_by=CAROL))
    assert ALICE_DECK in texts(world.every_version(seen_by=ALICE)), "the chooser is told which deck it plays"
    last = world.messages_in(thread)[-1]
    image = last.attachments[0].image()
    assert image.width == CANVAS_WIDTH and image.height != image.width
    await assert_privacy(table, game_id)


async def test_a_bad_typed_deck_is_refused_with_its_reason_and_the_choice_stays_open(table: Table) -> None:
    world = table.world
    game_id = await open_game(table, DAVE, ERIN)
    thread = (await table.record(game_id)).thread_id
    rec = await world.slash(ERIN, "game play", {"action": "deck:k01:S19"}, channel_id=thread, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "exactly 20 basic units" in rec.messages[-1].text
    rec = await world.slash(DAVE, "artofwar deck use", {"deck": "なし"}, channel_id=thread, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "保存したデッキがありません" in rec.messages[-1].text
    record = await table.record(game_id)
    assert public_view(record)["choosing"] == [0, 1] and record.version == 0
    await world.slash(DAVE, "artofwar deck use", {"deck": "fortress"}, channel_id=thread, guild_id=GUILD)
    assert public_view(await table.record(game_id))["choosing"] == [1]


async def test_the_deck_builder_saves_lists_shows_edits_imports_and_deletes(table: Table) -> None:
    world = table.world

    async def run(command: str, options: dict, user: int = ERIN) -> str:
        rec = await world.slash(user, f"artofwar deck {command}", options, channel_id=CHANNEL, guild_id=GUILD)
        message = rec.messages[-1]
        assert message.ephemeral
        return message.text

    assert "no saved decks" in await run("list", {})
    saved = await run("new", {"name": "Rush", "king": "k02", "soldier": 10, "archier": 10})
    assert "Saved **Rush**" in saved and "k02:S10A10" in saved
    assert "Saved **Walls**" in await run("new", {"name": "Walls", "code": "k05:s3a3p4g7w3"})
    assert "exactly 20 basic units" in await run("new", {"name": "Short", "king": "k01", "soldier": 19})
    assert "Give a KING" in await run("new", {"name": "Nothing", "soldier": 20})
    assert "Cannot read the deck code" in await run("new", {"name": "Typo", "code": "k01-S20"})
    assert "There is no KING" in await run("new", {"name": "Ghost", "code": "k77:S20"})
    assert "either a deck code, or a KING" in await run("new", {"name": "Both", "code": "k01:S20", "king": "k02"})
    assert "already exists" in await run("new", {"name": "rush", "code": "k01:S20"})
    assert "1 to 32 characters" in await run("new", {"name": "x" * 40, "code": "k01:S20"})
    listed = await run("list", {})
    assert "Your decks (2)" in listed and "k02:S10A10" in listed and "k05:S3A3P4G7W3" in listed
    shown = await run("show", {"name": "walls"})
    assert "Iron King" in shown and "code:k05:S3A3P4G7W3" in shown
    assert "k02:S8A10W2" in await run("edit", {"name": "Rush", "soldier": 8, "wizard": 2})
    assert "exactly 20" in await run("edit", {"name": "Rush", "soldier": 1})
    assert "No deck named" in await run("show", {"name": "Nope"})
    assert "Deleted **Walls**" in await run("delete", {"name": "Walls"})
    prefs = (await table.bot.store.get_user(ERIN)).prefs
    assert prefs["artofwar_decks"] == {"Rush": "k02:S8A10W2"}
    assert "k02:S8A10W2" not in await run("list", {}, user=DAVE), "decks are per player"
    names = await world.autocomplete(ERIN, "artofwar deck use", "deck", {"deck": ""}, channel_id=CHANNEL, guild_id=GUILD)
    assert names[0]["value"] == "Rush" and {"standard", "k01"} <= {choice["value"] for choice in names}


async def test_card_sheets_arrive_as_images_and_the_rules_in_the_readers_language(table: Table) -> None:
    world = table.world
    ja = (await world.slash(DAVE, "artofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    en = (await world.slash(ERIN, "artofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    for message in (ja, en):
        assert message.ephemeral and len(message.attachments) == 2
        for file in message.attachments:
            image = file.image()
            assert file.size < 1024 * 1024 and image.width == CANVAS_WIDTH and image.height > image.width
    assert [f.data for f in ja.attachments] != [f.data for f in en.attachments]
    rules = (await world.slash(DAVE, "artofwar rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert rules.ephemeral and "建国" in rules.text and "/artofwar cards" in rules.text
    rules = (await world.slash(ERIN, "artofwar rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert "capture" in rules.text and "/artofwar deck use" in rules.text


async def test_a_player_keeps_at_most_max_decks_and_a_blank_name_is_refused(table: Table) -> None:
    world = table.world

    async def new(name: str) -> str:
        rec = await world.slash(DAVE, "artofwar deck new", {"name": name, "code": "k01:S20"}, channel_id=CHANNEL, guild_id=GUILD)
        assert rec.messages[-1].ephemeral
        return rec.messages[-1].text

    assert "1〜32文字" in await new("   ")
    for index in range(MAX_DECKS):
        assert "保存しました" in await new(f"d{index}")
    assert f"{MAX_DECKS}個まで" in await new("one more")
    assert len((await table.bot.store.get_user(DAVE)).prefs["artofwar_decks"]) == MAX_DECKS


def window(hand: list[str], known: list[str], opening: str = "atk:b1-b1", field: dict | None = None) -> Match:
    """Seat 0 opens a chain (an attack, or a support) and seat 1, holding `hand` of which the table saw
    `known`, is offered the response window."""
    state = build(fields=({"b1": "wizard"}, field or {"b1": "guardian", "a1": "king"}), hands=(["soldier"], hand),
                  known=([], known), standby=(["king"], []))
    state, _ = play(state, opening)
    match = Match(GAME, 2, 7, GAME.validate_options(2, {}), state)
    assert list(match.awaited_seats()) == [1]
    return match


def test_the_preference_passes_only_when_the_shown_hand_cannot_respond() -> None:
    shown = window(["soldier", "wizard"], ["soldier", "wizard"])
    assert no_response_answer(shown, 1, {RESPONSE_PREF: "known"}) == "pass"
    assert no_response_answer(shown, 1, {RESPONSE_PREF: "ask"}) is None
    assert no_response_answer(shown, 1, {}) is None
    assert no_response_answer(shown, 0, {RESPONSE_PREF: "known"}) is None
    support = window(["guardian"], ["guardian"], opening="sup:soldier")
    assert no_response_answer(support, 1, {RESPONSE_PREF: "known"}) == "pass", "a GUARDIAN cannot answer a support"


def test_the_preference_never_answers_from_the_hidden_hand() -> None:
    """A hand the table has not seen gets the window and no automatic answer, whatever it holds: an
    instant pass would tell the opponent the hand has no GUARDIAN (the leak the window exists to stop)."""
    prefs = {RESPONSE_PREF: "known"}
    assert no_response_answer(window(["soldier"], []), 1, prefs) is None
    assert no_response_answer(window(["soldier", "soldier"], ["soldier"]), 1, prefs) is None, "one card unseen"
    assert no_response_answer(window(["guardian"], ["guardian"]), 1, prefs) is None, "a shown GUARDIAN may answer"
    king_in_hand = window(["soldier"], ["soldier"], field={"b1": "guardian"})
    assert king_in_hand.view(None)["seats"][1]["king_at"] == "hand"
    assert no_response_answer(king_in_hand, 1, prefs) is None, "the KING in hand may answer as any card"


async def test_prefs_command_saves_the_response_preference(table: Table) -> None:
    rec = await table.world.slash(ERIN, "artofwar prefs", {"responses": "known"}, channel_id=CHANNEL, guild_id=GUILD)
    assert rec.messages[-1].ephemeral and "no response" in rec.messages[-1].text
    assert (await table.bot.store.get_user(ERIN)).prefs[RESPONSE_PREF] == "known"
    rec = await table.world.slash(ERIN, "artofwar prefs", {"responses": "ask"}, channel_id=CHANNEL, guild_id=GUILD)
    assert (await table.bot.store.get_user(ERIN)).prefs[RESPONSE_PREF] == "ask"
