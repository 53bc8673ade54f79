"""What the live board's sharp pictures cost: draw + encode time and bytes of one mid-game board per game at
1× (Discord's) and at 2× (`renderers.density`, the live board's), and the ratios.

Why: a 2× picture has four times the pixels; these figures say what that costs the render pool and a phone's
download for every move shown on a live board. Times are the fastest of a few runs, warm (fonts, sprites,
static layers and line masks cached at both densities, as in a busy worker); nothing here asserts a time.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from engine import registry
from engine.core.match import Match
from engine.selfplay import playout
from renderers import for_game
from renderers.base import RenderContext
from renderers.density import at_density
from renderers.output import encode_image
from renderers.worker import render_image

GAMES = (("warchest", 2), ("wallofwar", 4), ("artofwar", 2), ("walpurgis", 2), ("wunderkammer", 3))
_STEPS = 60
_SEED = 3
_REPEAT = 5


def _mid_game(game_id: str, players: int) -> Match:
    game = registry.get(game_id)
    match = Match.start(game, players, _SEED, {})
    for step in itertools.islice(playout(game, players, _SEED), _STEPS):
        match = step.match
    return match


def _best_ms(action: Callable[[], object]) -> float:
    times = []
    for _ in range(_REPEAT):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for game_id, players in GAMES:
        renderer = for_game(game_id)
        frame = _mid_game(game_id, players).frame(None)
        ctx = RenderContext("ja", tuple(f"Player {seat + 1}" for seat in range(players)), registry.get(game_id).name.get("ja"))
        figures = {}
        for density in (1, 2):
            data = render_image(renderer, "board", frame, ctx, density)
            assert data is not None
            with at_density(density):
                drawn = renderer.board(frame, ctx)
                draw_ms = _best_ms(lambda: renderer.board(frame, ctx))
            encode_ms = _best_ms(lambda: encode_image(drawn))
            rows += [(f"{game_id} {players}p board {density}x draw", draw_ms, "ms"),
                     (f"{game_id} {players}p board {density}x encode", encode_ms, "ms")]
            figures[density] = (_best_ms(lambda: render_image(renderer, "board", frame, ctx, density)), len(data))
        (ms_1x, bytes_1x), (ms_2x, bytes_2x) = figures[1], figures[2]
        rows += [(f"{game_id} {players}p board 1x draw+encode", ms_1x, "ms"),
                 (f"{game_id} {players}p board 2x draw+encode", ms_2x, "ms"),
                 (f"{game_id} {players}p board 1x", bytes_1x / 1024, "KB"),
                 (f"{game_id} {players}p board 2x", bytes_2x / 1024, "KB"),
                 (f"{game_id} {players}p 2x/1x time", ms_2x / ms_1x, "x"),
                 (f"{game_id} {players}p 2x/1x bytes", bytes_2x / bytes_1x, "x")]
    return rows
