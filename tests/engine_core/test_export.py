"""Export and replay for every registered game: a random game written to a JSON file and read back
replays to the exact final state, and every kind of malformed or tampered export is refused by type."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from engine import registry
from engine.core.errors import ExportMismatch, IllegalLog, MalformedExport
from engine.core.export import FORMAT, export_match, replay_export, state_digest, verify_export
from engine.core.game import Game
from engine.core.match import FORFEIT, RESIGN, Match
from tests.engine_core.helpers import canonical, selfplay

CASES = [
    pytest.param(game, players, id=f"{game.id}-{players}p")
    for game in registry.games().values()
    for players in game.player_counts
]


def names(players: int) -> list[str]:
    return [f"プレイヤー{seat}" for seat in range(players)]


@pytest.mark.parametrize("game,players", CASES)
def test_a_random_game_round_trips_through_a_json_file(game: Game, players: int, tmp_path: Path) -> None:
    for seed in (1, 2):
        match, log = selfplay(game, players, seed)
        data = export_match(match, log, names(players))
        path = tmp_path / f"{game.id}-{seed}.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        loaded = json.loads(path.read_text(encoding="utf-8"))
        assert loaded == data
        replayed = verify_export(loaded)
        assert canonical(replayed.state) == canonical(match.state)
        assert replayed.version == match.version == len(log)
        assert replayed.outcome == match.outcome
        assert loaded["format"] == FORMAT and loaded["final"]["state_sha256"] == state_digest(match.state)


@pytest.mark.parametrize("notation", [RESIGN, FORFEIT])
@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in registry.games().values()])
def test_platform_entries_are_exported_and_replayed(game: Game, notation: str) -> None:
    players = game.player_counts[0]
    match, log = Match.start(game, players, 5, {}), []
    for _ in range(3):
        seat = match.awaited_seats()[0]
        step = match.play(seat, match.legal_actions(seat)[0].notation)
        log.append((seat, step.notation))
        match = step.match
    step = match.replay_step(1, notation)
    log.append((1, notation))
    data = json.loads(json.dumps(export_match(step.match, log, names(players))))
    replayed = verify_export(data)
    assert replayed.outcome is not None and replayed.outcome.reason == notation[1:]
    tampered = copy.deepcopy(data)
    tampered["actions"][-1]["seat"] = 0
    with pytest.raises(ExportMismatch):
        verify_export(tampered)


def test_an_unfinished_game_exports_without_a_result() -> None:
    game = registry.get("warchest")
    match = Match.start(game, 2, 9, {})
    seat = match.awaited_seats()[0]
    step = match.play(seat, match.legal_actions(seat)[0].notation)
    data = export_match(step.match, [(seat, step.notation)], ["a", "b"])
    assert data["result"] is None
    assert verify_export(data).version == 1


@pytest.fixture(scope="module")
def sample() -> dict[str, Any]:
    game = registry.get("warchest")
    match, log = selfplay(game, 2, 4)
    return json.loads(json.dumps(export_match(match, log, ["Alice", "Bob"])))


def edit(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def apply(data: dict[str, Any]) -> dict[str, Any]:
        copied = copy.deepcopy(data)
        change(copied)
        return copied
    return apply


MALFORMED = {
    "not an object": lambda data: [data],
    "wrong format": edit(lambda d: d.update(format="tabletop-game/0")),
    "unknown game": edit(lambda d: d.update(game="chess")),
    "game not a string": edit(lambda d: d.update(game=3)),
    "players as text": edit(lambda d: d.update(players="2")),
    "players not allowed": edit(lambda d: d.update(players=3)),
    "seed as float": edit(lambda d: d.update(seed=1.5)),
    "seed as bool": edit(lambda d: d.update(seed=True)),
    "options a list": edit(lambda d: d.update(options=[])),
    "unknown option": edit(lambda d: d.update(options={"nope": "x"})),
    "seats missing one": edit(lambda d: d["seats"].pop()),
    "seat renumbered": edit(lambda d: d["seats"][1].update(seat=5)),
    "seat name missing": edit(lambda d: d["seats"][0].pop("name")),
    "actions not a list": edit(lambda d: d.update(actions={})),
    "entry not an object": edit(lambda d: d["actions"].__setitem__(0, [0, "x"])),
    "seq gap": edit(lambda d: d["actions"][3].update(seq=99)),
    "seat out of range": edit(lambda d: d["actions"][2].update(seat=2)),
    "negative seat": edit(lambda d: d["actions"][2].update(seat=-1)),
    "seat as bool": edit(lambda d: d["actions"][2].update(seat=True)),
    "action not a string": edit(lambda d: d["actions"][2].update(action=7)),
    "result not a result": edit(lambda d: d.update(result={"ranks": 1})),
    "result ranks short": edit(lambda d: d["result"].update(ranks=[1])),
    "final missing": edit(lambda d: d.pop("final")),
    "hash not hex": edit(lambda d: d["final"].update(state_sha256="xyz")),
}


@pytest.mark.parametrize("breakage", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_exports_are_refused_with_a_bilingual_reason(sample: dict[str, Any], breakage: str) -> None:
    with pytest.raises(MalformedExport) as refused:
        replay_export(MALFORMED[breakage](sample))
    reason = refused.value.reason
    assert reason.ja and reason.en and reason.ja != reason.en
    for locale in ("ja", "en"):
        assert "{" not in reason.render(locale, {0: "A", 1: "B"})


def test_an_illegal_logged_action_names_its_entry(sample: dict[str, Any]) -> None:
    broken = edit(lambda d: d["actions"][4].update(action="knight:fly:Z9"))(sample)
    with pytest.raises(IllegalLog) as refused:
        replay_export(broken)
    assert refused.value.seq == 5
    text = refused.value.reason.render("en", {0: "Alice", 1: "Bob"})
    assert text.startswith("Entry 5 (") and "knight:fly:Z9" in text
    assert "5番目の記録" in refused.value.reason.render("ja", {0: "Alice", 1: "Bob"})


def test_an_action_by_the_wrong_seat_is_an_illegal_log(sample: dict[str, Any]) -> None:
    entry = sample["actions"][0]
    broken = edit(lambda d: d["actions"][0].update(seat=1 - entry["seat"]))(sample)
    with pytest.raises(IllegalLog):
        replay_export(broken)


@pytest.mark.parametrize("change", [
    lambda d: d["final"].update(version=d["final"]["version"] + 1),
    lambda d: d["final"].update(state_sha256="0" * 64),
    lambda d: d["result"].update(ranks=[2, 1] if d["result"]["ranks"] != [2, 1] else [1, 2]),
    lambda d: d["result"].update(reason="resign"),
], ids=["version", "state hash", "ranks", "reason"])
def test_verify_refuses_a_replay_that_ends_elsewhere(sample: dict[str, Any], change: Callable) -> None:
    tampered = edit(change)(sample)
    assert replay_export(tampered).version == sample["final"]["version"]
    with pytest.raises(ExportMismatch):
        verify_export(tampered)


def test_another_legal_last_action_is_a_mismatch(sample: dict[str, Any]) -> None:
    tampered = copy.deepcopy(sample)
    *head, last = [(entry["seat"], entry["action"]) for entry in sample["actions"]]
    before = Match.replay(registry.get("warchest"), 2, sample["seed"], {}, head)
    other = next(a.notation for a in before.legal_actions(last[0]) if a.notation != last[1])
    tampered["actions"][-1]["action"] = other
    with pytest.raises(ExportMismatch):
        verify_export(tampered)
