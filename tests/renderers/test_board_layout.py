"""What every game's boards share, checked on sampled frames of a self-played game at every player count:
the seat to act is the one framed, and every image fits a phone screen or two (height at most twice the
width) in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from engine.core.match import Match
from engine.selfplay import playout
from renderers import RenderContext
from renderers import toolkit as tk
from tabletop.runtime import packages

CASES = [(package, players) for package in packages.declared().values() for players in package.game.player_counts]
MAX_RATIO = 2.0
"""Height over width: an 800 px board shown 400 px wide stays within about two phone screens."""


def sampled(package: packages.GamePackage, players: int, seed: int = 5) -> Iterator[Match]:
    """The first frame of every phase, every tenth step between, and the last one."""
    matches = [step.match for step in playout(package.game, players, seed)]
    seen: set[Any] = set()
    for index, match in enumerate(matches):
        phase = match.state.get("phase", match.state.get("stage"))
        if phase not in seen or index % 10 == 0 or index == len(matches) - 1:
            seen.add(phase)
            yield match


def ctx_for(locale: str, players: int) -> RenderContext:
    return RenderContext(locale, tuple(f"Player {seat + 1}" for seat in range(players)), "game #12345")


@pytest.mark.parametrize("package,players", CASES, ids=lambda value: getattr(value, "id", str(value)))
def test_the_seats_to_act_are_the_ones_framed(package: packages.GamePackage, players: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's area passes `tk.draw_seat_frame` while the game goes on, and exactly the awaited seats
    come out framed (several at once in a simultaneous window); nobody is framed once it is over."""
    calls: list[tuple[int, bool]] = []
    original = tk.draw_seat_frame

    def recording(img: Image.Image, box: tk.Box, seat: int, frame: Any) -> bool:
        framed = original(img, box, seat, frame)
        calls.append((seat, framed))
        return framed

    monkeypatch.setattr(tk, "draw_seat_frame", recording)
    framed_any = False
    for match in sampled(package, players):
        frame = match.frame(None)
        calls.clear()
        package.renderer.board(frame, ctx_for("en", players))
        framed = {seat for seat, framed in calls if framed}
        if frame.outcome is not None:  # the final board may show a score sheet instead of the seats
            assert framed == set()
            continue
        assert {seat for seat, _ in calls} == set(range(players)), "every seat's area is drawn through draw_seat_frame"
        assert framed == set(frame.awaited_seats)
        framed_any |= bool(framed)
    assert framed_any


@pytest.mark.parametrize("package,players", CASES, ids=lambda value: getattr(value, "id", str(value)))
def test_every_image_is_at_most_twice_as_tall_as_wide(package: packages.GamePackage, players: int) -> None:
    for match in sampled(package, players):
        for locale in ("ja", "en"):
            ctx = ctx_for(locale, players)
            images = [package.renderer.board(match.frame(None), ctx)]
            images += [package.renderer.private(match.frame(seat), ctx) for seat in range(players)]
            for img in images:
                if img is not None:
                    assert img.height <= MAX_RATIO * img.width, (locale, img.size, match.version)
