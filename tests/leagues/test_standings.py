"""Standings: points from places and byes, W-D-L, and each tie-break on hand-checked tables."""

from __future__ import annotations

import pytest
import wcwidth

from tabletop.leagues.deadlines import verdict
from tabletop.leagues.standings import TableResult, standings, table_points, text_table


def test_table_points() -> None:
    assert table_points([1, 2]) == [1.0, 0.0]
    assert table_points([1, 1]) == [0.5, 0.5]
    assert table_points([1, 2, 3, 4]) == pytest.approx([1, 2 / 3, 1 / 3, 0])
    assert table_points([1, 1, 3]) == pytest.approx([0.75, 0.75, 0])


def test_points_byes_and_record() -> None:
    results = [TableResult(1, (1, 2), (1, 2)), TableResult(2, (1, 3), (1, 1)), TableResult(2, (2, 4), None)]
    rows = standings([1, 2, 3, 4], results, [(1, 3), (1, 4)], ())
    by_user = {row.user_id: row for row in rows}
    assert by_user[1].points == 1.5 and (by_user[1].wins, by_user[1].draws, by_user[1].losses) == (1, 1, 0)
    assert by_user[3].points == 1.5 and by_user[3].byes == 1
    assert by_user[2].points == 0 and by_user[2].losses == 2
    assert by_user[4].points == 1 and by_user[4].losses == 1
    assert [row.place for row in rows] == [1, 1, 3, 4]


def test_buchholz_and_sonneborn_berger() -> None:
    # 1 beats 2, 3 beats 4, 1 draws 3... a four-player Swiss after two rounds
    results = [TableResult(1, (1, 2), (1, 2)), TableResult(1, (3, 4), (1, 2)),
               TableResult(2, (1, 4), (1, 2)), TableResult(2, (3, 2), (2, 1))]
    rows = standings([1, 2, 3, 4], results, [], ("buchholz", "sb"))
    # points: 1→2, 2→1, 3→1, 4→0; Buchholz: 2: 1's 2 + 3's 1 = 3; 3: 4's 0 + 2's 1 = 1
    assert [row.user_id for row in rows] == [1, 2, 3, 4]
    by_user = {row.user_id: row for row in rows}
    assert by_user[2].tiebreaks == (3.0, 1.0) and by_user[3].tiebreaks == (1.0, 0.0)


def test_head_to_head_then_game_score() -> None:
    results = [TableResult(1, (1, 2), (2, 1), (3, 5)), TableResult(2, (1, 3), (1, 2), (6, 1)),
               TableResult(3, (2, 3), (2, 1), (2, 4))]
    rows = standings([1, 2, 3], results, [], ("h2h", "gamescore"))
    # all on one point; head-to-head is a cycle (1 each), game score decides: 1→9, 2→7, 3→5
    assert [row.user_id for row in rows] == [1, 2, 3] and [row.tiebreaks for row in rows] == [(1.0, 9.0), (1.0, 7.0), (1.0, 5.0)]


def test_equal_on_everything_share_a_place() -> None:
    rows = standings([5, 6], [TableResult(1, (5, 6), (1, 1))], [], ("h2h",))
    assert [row.place for row in rows] == [1, 1]


def test_withdrawn_opponents_still_count_for_those_who_played_them() -> None:
    rows = standings([1], [TableResult(1, (1, 9), (1, 2))], [], ("buchholz",))
    assert rows[0].points == 1 and rows[0].played == 1


def test_text_table_lists_places() -> None:
    rows = standings([1, 2], [TableResult(1, (1, 2), (1, 2))], [], ())
    block = text_table(rows, {1: "Alice", 2: "Bob"}, ["#", "name", "pts"])
    assert "1. Alice" in block and "2. Bob" in block and block.startswith("```")


def test_text_table_aligns_columns_by_display_width_with_cjk_names_and_headers() -> None:
    """A Japanese character takes two columns in a monospace font: every row and the header line up,
    and a long name is cut by columns with "…"."""
    rows = standings([1, 2, 3], [TableResult(1, (1, 2, 3), (1, 2, 3))], [], ())
    names = {1: "たなか", 2: "Bob", 3: "とても長い名前のプレイヤーさん"}
    block = text_table(rows, names, ["#", "名前", "勝点", "勝-分-負"])
    lines = block.strip("`\n").split("\n")
    assert lines[0].split() == ["#", "名前", "勝点", "勝-分-負"]
    ends = {wcwidth.width(line) for line in lines}
    assert len(ends) == 1, f"rows of different widths: {lines}"
    starts = {wcwidth.width(line[: line.index(cell)]) for line, cell in zip(lines[1:], ("たなか", "Bob", "とても"))}
    assert len(starts) == 1, "the names start in one column"
    assert "…" in lines[3] and wcwidth.width(lines[3].split()[1]) <= 16


def test_deadline_verdicts() -> None:
    assert verdict("clock", [1], True).kind == "forfeit" and verdict("clock", [1], True).seat == 1
    assert verdict("clock", [0, 1], True).kind == "double"
    assert verdict("double", [1], True).kind == "double"
    assert verdict("clock", [1], False).kind == "double"
