"""Engine throughput: random legal self-play of every registered game at every player count.

`python -m bench engine` times this tree in-process. `python -m bench engine --before DIR` also times
another source tree (e.g. a git worktree of the commit before a change) in the same run: each tree's
figures come from a child process (bench/_engine_child.py); the trees take turns case by case for
`--rounds` rounds and each keeps its best round, so both meet the same machine load. Printed per game
and player count:
- actions/s of each tree's own random play (`engine.selfplay.run`) and the speed-up, also of the first
  round alone (caches that fill as games are played still cold);
- the speed-up of a fixed driver through the public contract (`apply_action`, a copy per step), which
  isolates the engine from changes to the driver;
- whether the contract driver played identical games (action logs and final states) in both trees.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from engine import registry
from engine.selfplay import run as selfplay

GAMES_PER_CASE = 30
ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).with_name("_engine_child.py")

Row = tuple[str, float, str]


def run(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench engine")
    parser.add_argument("--before", type=Path, help="another source tree to time against this one")
    parser.add_argument("--games", type=int, default=GAMES_PER_CASE, help="games per game and player count")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per tree (with --before)")
    args = parser.parse_args(argv or [])
    if args.before is None:
        return this_tree(args.games)
    return side_by_side(args.before.resolve(), args.games, args.rounds)


def this_tree(games: int) -> list[Row]:
    rows: list[Row] = []
    for game in registry.games().values():
        for players in game.player_counts:
            report = selfplay(game, players, games, seed=1)
            rows.append((f"{game.id} {players}p actions/s", report.actions / report.seconds, "actions/s"))
            rows.append((f"{game.id} {players}p mean actions/game", report.actions / report.games, "actions"))
    return rows


class Tree:
    """A child process timing one source tree's engine, case by case."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", CHILD.read_text()], cwd=folder, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.cases: list[str] = json.loads(self._line())

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine bench's child failed (exit code {self.process.wait()})")
        return line

    def time(self, case: str, games: int) -> dict[str, float | str]:
        assert self.process.stdin is not None
        game_id, players = case.split()
        self.process.stdin.write(f"{game_id} {players.rstrip('p')} {games} 1\n")
        self.process.stdin.flush()
        return json.loads(self._line())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def side_by_side(before_tree: Path, games: int, rounds: int) -> list[Row]:
    """Each case timed in both trees in turn, `rounds` times; each tree keeps its fastest round (load
    from other processes only ever slows a round down)."""
    before, after = Tree(before_tree), Tree(ROOT)
    rows: list[Row] = []
    try:
        for case in after.cases:
            if case not in before.cases:
                rows.append((f"{case} actions/s (new game)", float(after.time(case, games)["selfplay"]), "actions/s"))
                continue
            then: dict[str, float | str] = {"selfplay": 0.0, "contract": 0.0}
            now: dict[str, float | str] = {"selfplay": 0.0, "contract": 0.0}
            for _ in range(rounds):
                for kept, tree in ((then, before), (now, after)):
                    line = tree.time(case, games)
                    kept.setdefault("first", line["selfplay"])
                    kept["digest"] = line["digest"]
                    for key in ("selfplay", "contract"):
                        kept[key] = max(float(kept[key]), float(line[key]))
            rows.append((f"{case} before actions/s", float(then["selfplay"]), "actions/s"))
            rows.append((f"{case} after actions/s", float(now["selfplay"]), "actions/s"))
            rows.append((f"{case} speed-up", float(now["selfplay"]) / float(then["selfplay"]), "×"))
            rows.append((f"{case} speed-up, first round", float(now["first"]) / float(then["first"]), "×"))
            rows.append((f"{case} speed-up, contract driver", float(now["contract"]) / float(then["contract"]), "×"))
            rows.append((f"{case} identical games", float(now["digest"] == then["digest"]), "yes=1"))
    finally:
        before.close()
        after.close()
    return rows
