"""`python -m bench soak [--kills K]`: kill -9 the bot at random moments and check nothing is lost.

A child process (`bench._soak_child`) runs the bot on the offline harness, playing several games at once
with typed moves; the parent kills it with SIGKILL a random 1–4 s after that life is ready (booted,
its render workers warm, its games started), K times, then lets a last life start, deliver its outbox
and stop. Then, from the database and what "Discord" recorded:
- acknowledged actions lost: a move a player was told was done that the database does not hold;
- integrity: `PRAGMA integrity_check`; replays: every game's stored state equals its replayed log;
- duplicate boards: a board of one state posted as two messages; missing boards: a started game whose
  recorded board message Discord never received; pending outbox entries after the last start (none may
  be left: every state's board and notices went out).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from engine import registry
from engine.core.match import Match


def life(folder: Path, mode: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "bench._soak_child", str(folder), mode],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def soak(kills: int, seed: int, *, playing: int = 0) -> dict[str, float]:
    """`playing`: before its random 1–4 s, each life also waits (up to two minutes) until it has had that
    many actions acknowledged, so every kill lands in play even on a machine too busy to play much in a few
    seconds (the test suite's short soak); 0 starts the 1–4 s once the life is ready, as the bench does."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for _ in range(kills):
            (folder / "ready").unlink(missing_ok=True)
            acked = len(acknowledged(folder))
            child = life(folder, "--play")
            deadline = time.monotonic() + 120
            while (not (folder / "ready").exists() or len(acknowledged(folder)) < acked + playing) \
                    and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(rng.uniform(1.0, 4.0))
            child.kill()
            child.wait()
        final = life(folder, "--settle")
        final.wait(timeout=300)
        return check(folder, kills)


def acknowledged(folder: Path) -> list[tuple[int, int]]:
    """(game, version) of every action a player was told was done, over all lives so far."""
    path = folder / "acks.log"
    lines = path.read_text().splitlines() if path.exists() else []
    return [(int(game), int(version)) for game, version in (line.split() for line in lines if len(line.split()) == 2)]


def check(folder: Path, kills: int) -> dict[str, float]:
    db = sqlite3.connect(folder / "soak.sqlite3")
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    stored = {row[0]: row for row in db.execute("SELECT id, game_type, seed, options, state, version, status FROM games")}
    log: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for game_id, seat, action in db.execute("SELECT game_id, seat, action FROM actions ORDER BY game_id, seq"):
        log[game_id].append((seat, action))
    pending = db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    acks = acknowledged(folder)
    lost = sum(1 for game_id, version in acks if game_id not in stored or stored[game_id][5] < version)
    diverged = 0
    for game_id, (_, kind, seed, options, state, version, status) in stored.items():
        if state is None:
            continue
        envelope = json.loads(state)
        replayed = Match.replay(registry.get(kind), envelope["players"], int(seed), json.loads(options), log[game_id])
        diverged += replayed.state != envelope["state"] or replayed.version != version
    boards: dict[str, set[int]] = defaultdict(set)
    for line in (folder / "discord.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        for file in entry.get("files", []):
            if file.startswith("board-"):
                boards[file].add(entry["id"])
    duplicates = sum(len(ids) - 1 for ids in boards.values())
    board_ids = {row[0]: row[1] for row in db.execute("SELECT id, board_message_id FROM games")}
    posted = {message for ids in boards.values() for message in ids}
    missing = sum(1 for game_id, row in stored.items() if row[4] is not None and board_ids[game_id] not in posted)
    return {"kills": kills, "acknowledged actions": len(acks), "actions stored": sum(map(len, log.values())),
            "acknowledged actions lost": lost, "integrity ok": float(integrity == "ok"), "replays diverged": diverged,
            "duplicate boards": duplicates, "missing boards": missing, "outbox pending after restart": pending}


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench soak")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    return [(name, value, "count") for name, value in soak(args.kills, args.seed).items()]
