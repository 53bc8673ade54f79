"""`python -m engine.replay` as a user runs it: one real subprocess per game type.

The subprocess sees only the games under `engine/` (the platform's example game is registered by the
test configuration, not discovered), so those are the ones run here.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry
from engine.core.export import export_match
from engine.core.game import Game
from engine.core.match import Match
from engine.replay import main
from tests.engine_core.helpers import selfplay

ROOT = Path(__file__).resolve().parents[2]
ENGINE_GAMES = [
    pytest.param(game, id=game.id) for game in registry.games().values() if type(game).__module__.startswith("engine.")
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.replay", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def changed_move(game: Game, players: int, log: list[tuple[int, str]]) -> tuple[int, str]:
    """From the middle of the log on, the first entry whose seat had another legal choice, and that choice."""
    match = Match.replay(game, players, 11, {}, log[: len(log) // 2])
    for index in range(len(log) // 2, len(log)):
        seat, notation = log[index]
        other = next((a.notation for a in match.legal_actions(seat) if a.notation != notation), None)
        if other is not None:
            return index, other
        match = match.replay_step(seat, notation).match
    raise AssertionError("no entry after the middle had an alternative")


@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_the_cli_verifies_a_game_and_catches_a_changed_action(game: Game, tmp_path: Path) -> None:
    players = game.player_counts[0]
    match, log = selfplay(game, players, 11)
    data = export_match(match, log, [f"名前{seat}" for seat in range(players)])
    good = run(str(write(tmp_path / "good.json", data)), "--lang", "ja", "--steps")
    assert good.returncode == 0, good.stderr
    lines = good.stdout.splitlines()
    assert len(lines) == len(log) + 1 + players + 1
    assert lines[0].split()[0] == "1" and log[0][1] in lines[0]
    assert lines[len(log)].startswith("結果: ") and "記録された最終局面と一致しました" in lines[-1]
    assert good.stderr == ""
    index, other = changed_move(game, players, log)
    data["actions"][index]["action"] = other
    tampered = run(str(write(tmp_path / "tampered.json", data)))
    assert tampered.returncode == 1
    assert tampered.stderr.startswith("Error: ") and "Traceback" not in tampered.stderr


def test_unreadable_and_invalid_files_exit_2(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "missing.json"))
    assert missing.returncode == 2 and "Cannot read the file" in missing.stderr
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    invalid = run(str(tmp_path / "bad.json"), "--lang", "ja")
    assert invalid.returncode == 2 and "JSON として読めません" in invalid.stderr
    assert "Traceback" not in missing.stderr + invalid.stderr


def test_a_malformed_export_exits_2_and_an_unfinished_game_reports_who_is_awaited(tmp_path: Path) -> None:
    game = registry.get("warchest")
    match = Match.start(game, 2, 3, {})
    seat = match.awaited_seats()[0]
    step = match.play(seat, match.legal_actions(seat)[0].notation)
    data = export_match(step.match, [(seat, step.notation)], ["Ann", "Ben"])
    out, err = io.StringIO(), io.StringIO()
    assert main([str(write(tmp_path / "open.json", data))], out, err) == 0
    assert "The game is in progress; waiting for: seat" in out.getvalue()
    data["players"] = "two"
    out, err = io.StringIO(), io.StringIO()
    assert main([str(write(tmp_path / "broken.json", data)), "--lang", "ja"], out, err) == 2
    assert err.getvalue().startswith("エラー: エクスポートの形式が不正です")


def test_a_mismatched_final_state_exits_1_after_printing_the_result(tmp_path: Path) -> None:
    game = registry.get("warchest")
    match, log = selfplay(game, 2, 6)
    data = export_match(match, log, ["Ann", "Ben"])
    data["final"]["state_sha256"] = "f" * 64
    out, err = io.StringIO(), io.StringIO()
    assert main([str(write(tmp_path / "mismatch.json", data))], out, err) == 1
    assert out.getvalue().startswith("Result: ")
    assert "does not match the recorded one" in err.getvalue()


def test_the_result_says_what_the_scores_count(tmp_path: Path) -> None:
    game = registry.get("warchest")
    match, log = selfplay(game, 2, 6)
    assert match.outcome is not None and match.outcome.scores is not None and match.outcome.score_name is not None
    data = export_match(match, log, ["Ann", "Ben"])
    out, err = io.StringIO(), io.StringIO()
    assert main([str(write(tmp_path / "done.json", data))], out, err) == 0
    places = [line for line in out.getvalue().splitlines() if line[:2] in ("1.", "2.")]
    assert len(places) == 2 and all(f"({match.outcome.score_name.en}: " in line for line in places), places
