"""Board and private-view render cost per game: draw time, encode time and file size, mid-game."""

from __future__ import annotations

import importlib.util
import statistics
import time

from engine import registry
from engine.core.match import Match
from engine.selfplay import playout
from renderers import RenderContext, for_game
from renderers.toolkit import encode_image

SAMPLES = 15


def _midgame(game_id: str, players: int) -> Match:
    steps = list(playout(registry.get(game_id), players, seed=5))
    return steps[len(steps) // 2].match


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for game in registry.games().values():
        if importlib.util.find_spec(f"renderers.{game.id}") is None:
            continue
        renderer = for_game(game.id)
        for players in game.player_counts:
            match = _midgame(game.id, players)
            ctx = RenderContext("ja", tuple(f"プレイヤー{i + 1}" for i in range(players)), game.name.ja)
            for kind, frame in (("board", match.frame(None)), ("private", match.frame(0))):
                draw = renderer.board if kind == "board" else renderer.private
                draws, encodes, size = [], [], 0
                for _ in range(SAMPLES):
                    start = time.perf_counter()
                    image = draw(frame, ctx)
                    middle = time.perf_counter()
                    data = encode_image(image)
                    encodes.append(time.perf_counter() - middle)
                    draws.append(middle - start)
                    size = len(data)
                label = f"{game.id} {players}p {kind}"
                rows.append((f"{label} draw (median)", statistics.median(draws) * 1000, "ms"))
                rows.append((f"{label} encode (median)", statistics.median(encodes) * 1000, "ms"))
                rows.append((f"{label} file size", size / 1024, "KiB"))
    return rows
