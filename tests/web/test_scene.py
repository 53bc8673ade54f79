"""The scene of every game, for each seat and for a spectator, over positions reached by play through
Discord: a seat's scene is the public one plus its own part only; its decision's choice tree reaches every
legal action of that seat and nothing else, by notation and by path; and nothing private of another seat
(a value of its private view the public view and the viewer's own lack, a private log line) appears
anywhere in the JSON. The public board's regions and pictures are there too."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from engine import registry
from engine.core.match import Match
from tabletop.play import service
from tabletop.presentation.choices import action_at
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.e2e.driver import private_event_texts
from tests.web.json_values import values
from tests.web.live_board import LiveBoard, leaves, match_of

GAMES = [("warchest", 2, 6), ("wallofwar", 3, 14), ("wunderkammer", 2, 12), ("artofwar", 2, 6), ("walpurgis", 2, 6)]
"""(game, players, actions played): far enough that every seat holds something the others must not see."""
PLAYERS = [ALICE, BOB, CAROL]
SEED = 20261127
SPECTATOR = ERIN


def public_part(scene: dict[str, Any]) -> dict[str, Any]:
    return {key: item for key, item in scene.items() if key != "you"}


async def check_position(live: LiveBoard, game_id: int, players: list[int]) -> int:
    """Check one position; returns how many private values and lines of other seats were looked for."""
    table = live.table
    record = await table.record(game_id)
    match = await match_of(table, game_id)
    spectator = await live.scene(game_id, SPECTATOR)
    names = {seat["seat"]: seat["name"] for seat in spectator["seats"]}
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    private_lines = private_event_texts(record, log, names)
    public = values(match.view(None))
    views = {seat: values(match.view(seat)) for seat in range(len(players))}
    assert spectator["you"] is None and spectator["version"] == match.version
    assert spectator["board"]["image"] == f"/api/games/{game_id}/board/{match.version}.webp?lang=en&d=2"
    board = spectator["board"]
    assert board["width"] > 0 and board["height"] > 0
    for region in board["regions"]:  # the public board's tap targets (none before anything is on it)
        x0, y0, x1, y1 = region["box"]
        assert ":" in region["target"] and 0 <= x0 < x1 <= board["width"] + 1 and 0 <= y0 < y1 <= board["height"] + 1
    drawn = {region["target"] for region in board["regions"]}
    for seat, user in enumerate(players):
        scene = await live.scene(game_id, user)
        assert public_part(scene) == public_part(spectator), "a seat's scene adds only its own part"
        you = scene["you"]
        assert you["seat"] == seat
        assert {line for step in you["lines"] for line in step["lines"]} <= private_lines[seat], "its own lines only"
        check_decision(match, seat, you["decision"], drawn)
        shown = values(scene)
        for other in range(len(players)):
            if other == seat:
                continue
            secret = views[other] - public - views[seat]
            assert not shown & secret, f"seat {other}'s private view shown to seat {seat}: {sorted(shown & secret)[:3]}"
            lines = private_lines[other] - private_lines[seat]
            assert not shown & lines, f"seat {other}'s private lines shown to seat {seat}: {sorted(shown & lines)[:2]}"
    everyone_secret = set().union(*(views[seat] - public for seat in views), *private_lines.values())
    assert not values(spectator) & everyone_secret, sorted(values(spectator) & everyone_secret)[:3]
    return len(everyone_secret)


def targets(nodes: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        found |= {node["target"]} if node["target"] else set()
        found |= targets(node.get("members", [])) | targets(node.get("children", []))
    return found


def check_decision(match: Match, seat: int, decision: dict[str, Any] | None, drawn: set[str]) -> None:
    """The seat's decision is there exactly when it is asked, with the whole choice tree, and every board
    object a choice picks is on the public board's picture."""
    legal = match.legal_actions(seat)
    if seat not in match.awaited_seats():
        assert decision is None
        return
    assert decision is not None and decision["id"] == match.decisions[seat]
    found = leaves(decision["choices"])
    assert sorted(leaf["notation"] for _, leaf in found) == sorted(action.notation for action in legal)
    for path, leaf in found:
        action = action_at(legal, path)
        assert action is not None and action.notation == leaf["notation"]
    assert targets(decision["choices"]) <= drawn, sorted(targets(decision["choices"]) - drawn)[:3]


@pytest.mark.parametrize(("game", "players", "actions"), GAMES, ids=[game for game, _, _ in GAMES])
async def test_every_game_shows_a_seat_its_own_part_only(live: LiveBoard, monkeypatch: pytest.MonkeyPatch, game: str,
                                                         players: int, actions: int) -> None:
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: SEED))  # the same deal every run
    seated = PLAYERS[:players]
    game_id = await live.table.start_game(seated[0], seated[1:], game)
    rng = random.Random(game)
    looked_for = 0
    for step in range(actions + 1):
        if step % 2 == 0 or step == actions:
            looked_for += await check_position(live, game_id, seated)
        record = await live.table.record(game_id)
        if record.status != "active":
            break
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        await live.table.take_turn(record.players[rng.choice(match.awaited_seats())], game_id, rng)
    assert looked_for > 0, "every game hides something: the check looked for it"


async def test_the_scene_speaks_the_viewers_language(live: LiveBoard) -> None:
    game_id = await live.table.start_game(ALICE, [BOB], "warchest")
    english = await live.scene(game_id, ALICE, "en")
    japanese = await live.scene(game_id, ALICE, "ja")
    assert english["game"]["name"] == "War Chest" and english["locale"] == "en" and japanese["locale"] == "ja"
    assert english["status"] != japanese["status"] and japanese["board"]["image"].endswith("?lang=ja&d=2")
    assert english["status"][0].startswith("Waiting for") and "**" not in english["status"][0], "no Discord markup"
    assert english["seats"][0]["name"] == "アリス", "names as they are: the page escapes them"
