"""The clipping watcher of the render conformance test catches what it is meant to catch."""

from __future__ import annotations

import pytest

from engine.core.types import Event, Frame, Outcome, T
from renderers import strips
from renderers import toolkit as tk
from renderers.base import RenderContext
from tests.renderers.overflow import watching

CTX = RenderContext("en", ("Ann", "Bob"))


def test_text_past_the_edge_past_its_width_or_across_a_crop_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    with watching(monkeypatch) as clipped:
        img = tk.new_canvas(200)
        tk.draw_text(img, (790, 20), "Edge", tk.SIZE_SMALL)
        tk.draw_text(img, (10, 150), "Cut here", tk.SIZE_SMALL)
        img.crop((0, 0, 800, 155))
        tk.draw_text(img, (10, 60), "fits", tk.SIZE_SMALL, max_width=200)
    assert len(clipped) == 2 and "past the image edge" in clipped[0] and "cut by the crop" in clipped[1]


def test_news_and_results_cut_short_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    long = "Ann moved. " * 30
    outcome = Outcome(ranks=(1, 2), reason="score", summary=T("長い結果。" * 20, "A long result. " * 20))
    with watching(monkeypatch) as clipped:
        img = tk.new_canvas(300)
        strips.draw_news(img, CTX, (8, 0, 792, 58), long)
        strips.draw_outcome(img, CTX, (8, 100, 792, 152), outcome, tk.seat_style)
    assert len(clipped) == 2
    with watching(monkeypatch) as clipped:
        img = tk.new_canvas(900)
        bottom = strips.draw_last_strip(img, CTX, 0, _frame(long), pad=8, height=58)
        strips.draw_now_strip(img, CTX, bottom, _frame("", outcome), tk.seat_style, str, pad=8, height=52)
    assert clipped == [], "the strips grow to their text"


def _frame(said: str, outcome: Outcome | None = None) -> Frame:
    return Frame({}, (), (Event(T(said, said)),) if said else (), outcome, 3)
