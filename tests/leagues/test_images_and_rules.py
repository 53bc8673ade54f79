"""Standings and rating images readable on a phone in both languages and never square; who is a league
admin; league settings refused when wrong; favourite factions read from finished games."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw

from engine import registry
from engine.core.errors import GameError
from engine.core.match import Match
from engine.selfplay import playout
from renderers import text as text_module
from renderers import toolkit as tk
from renderers.standings import StandingsRow, rating_chart, standings_image
from tabletop.presentation.i18n import tr
from discord_ui.leagues import is_league_admin
from tabletop.leagues.config import ADMIN_ROLE, LeagueConfig, validate
from tabletop.leagues.profile import FAVOURITES
from tabletop.leagues.standings import TIEBREAKS


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """(text, height on a 400 px phone) of every line drawn while active."""
    seen: list[tuple[str, float]] = []
    original = text_module.draw_line

    def line(draw: ImageDraw.ImageDraw, xy: Any, string: str, size: int, *args: Any) -> None:
        seen.append((string, size * tk.PHONE_WIDTH / draw._image.width))  # noqa: SLF001
        original(draw, xy, string, size, *args)

    monkeypatch.setattr(text_module, "draw_line", line)
    return seen


ROWS = [StandingsRow(1, "アリス", "2.5", "2-1-0", ("4", "3.5")), StandingsRow(2, "Bob", "2", "2-0-1", ("5", "2")),
        StandingsRow(3, "キャロル・長い名前のプレイヤー", "1", "1-0-2", ("3", "1"), withdrawn=True),
        StandingsRow(4, "dave", "0.5", "0-1-2", ("2", "0"))]


@pytest.mark.parametrize(("title", "headers"), [
    ("秋季リーグ — ウォーチェスト", ["#", "名前", "勝点", "勝-分-敗", "ブッフ", "SB"]),
    ("Autumn — War Chest", ["#", "Name", "Pts", "W-D-L", "Buch", "SB"]),
])
def test_standings_image_is_readable_on_a_phone_and_not_square(sizes: list, title: str, headers: list[str]) -> None:
    img = standings_image(title, "after round 3", headers, ROWS)
    assert img.width == tk.CANVAS_WIDTH and img.width != img.height
    assert sizes and min(height for _, height in sizes) >= tk.PHONE_MIN_TEXT
    drawn = "".join(text for text, _ in sizes)
    assert "アリス" in drawn and tk.missing_glyphs(drawn) == ""


@pytest.mark.parametrize("locale", ("ja", "en"))
def test_standings_columns_never_overlap_with_every_tie_break(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A league may rank by all five tie-breaks: each column is as wide as its header or widest value,
    so no two cells of a row (the header row too) share a pixel, and the name gives way with "…"."""
    boxes: list[tuple[int, int, int, int]] = []
    original = tk.draw_text

    def recording(*args: Any, **kwargs: Any) -> tuple[int, int, int, int]:
        box = original(*args, **kwargs)
        boxes.append(box)
        return box

    monkeypatch.setattr(tk, "draw_text", recording)
    headers = ["#", tr("league.col_name", locale), tr("league.col_points", locale), tr("league.col_record", locale),
               *(tr(f"league.tb_{name}", locale) for name in TIEBREAKS)]
    rows = [StandingsRow(place, "A display name of 32 characters.", "12.5", "12-10-13", ("131.5",) * len(TIEBREAKS))
            for place in range(4, 8)]
    standings_image("Winter", "after round 12", headers, rows)
    by_row: dict[int, list[tuple[int, int, int, int]]] = {}
    for box in boxes[2:]:  # the title and the subtitle span the image
        by_row.setdefault((box[1] + box[3]) // 2, []).append(box)
    for cells in by_row.values():
        cells.sort()
        assert len(cells) == len(headers) and all(left[2] <= right[0] for left, right in zip(cells, cells[1:])), cells


def test_a_long_league_is_cut_to_fit_and_still_not_square() -> None:
    rows = [StandingsRow(index + 1, f"p{index}", "1", "1-0-0", ()) for index in range(60)]
    img = standings_image("T", "S", ["#", "Name", "Pts", "W-D-L"], rows)
    assert img.height < 2000 and img.width != img.height


def test_rating_chart_is_readable_and_handles_a_single_value(sizes: list) -> None:
    for values in ([1000], [1000, 1040, 990, 1120]):
        img = rating_chart("レーティング推移 · War Chest", values, "4 rated games")
        assert img.width == tk.CANVAS_WIDTH and img.width != img.height
    assert min(height for _, height in sizes) >= tk.PHONE_MIN_TEXT


def test_league_admins() -> None:
    assert is_league_admin(True, [], {})
    assert not is_league_admin(False, [5], {})
    assert is_league_admin(False, [5, 7], {ADMIN_ROLE: 7})
    assert not is_league_admin(False, [5], {ADMIN_ROLE: 7})


@pytest.mark.parametrize(("game", "config", "name"), [
    ("nogame", LeagueConfig("swiss", 2, 3), "x"),
    ("warchest", LeagueConfig("swiss", 3, 3), "x"),
    ("warchest", LeagueConfig("swiss", 2, 0), "x"),
    ("warchest", LeagueConfig("knockout", 2, 3), "x"),
    ("warchest", LeagueConfig("rr", 2, round_hours=0), "x"),
    ("warchest", LeagueConfig("rr", 2, time_control="forever"), "x"),
    ("warchest", LeagueConfig("rr", 2, policy="coin"), "x"),
    ("warchest", LeagueConfig("rr", 2, tiebreaks=("luck",)), "x"),
    ("warchest", LeagueConfig("rr", 2, options={"mode": "nonsense"}), "x"),
    ("warchest", LeagueConfig("rr", 2), " "),
    ("warchest", LeagueConfig("rr", 2), "x" * 41),
])
def test_bad_league_settings_are_refused(game: str, config: LeagueConfig, name: str) -> None:
    with pytest.raises(GameError):
        validate(game, config, name)


def test_good_settings_round_trip_through_json() -> None:
    config = LeagueConfig("swiss", 2, 3, tiebreaks=("buchholz",), options={"mode": "draft"})
    validate("warchest", config, "Autumn")
    assert LeagueConfig.from_json(config.to_json()) == config
    assert LeagueConfig("rr", 4).effective_tiebreaks == ("h2h", "gamescore")


@pytest.mark.parametrize(("game", "players"), [("warchest", 2), ("wallofwar", 3)])
def test_favourites_come_from_the_final_position(game: str, players: int) -> None:
    match = Match.start(registry.get(game), players, 11, {})
    for step in playout(registry.get(game), players, 11):
        match = step.match
    for seat in range(players):
        names = FAVOURITES[game](match.state, seat)
        assert names and all(name.ja and name.en for name in names)
