"""The matching rule (tabletop/matchmaking/rule.py): the window, tables within every player's window."""

from __future__ import annotations

import random

from tabletop.matchmaking.rule import WINDOW_BASE, WINDOW_CAP, Waiting, allowed, tables, window


def test_the_window_widens_by_the_minute_up_to_its_cap() -> None:
    assert window(0) == WINDOW_BASE == 100
    assert window(60) == 120 and window(300) == 200
    assert window(25 * 60) == WINDOW_CAP == 600 and window(10 * 3600) == WINDOW_CAP


def test_pairs_wait_until_both_windows_hold_the_gap() -> None:
    old, new = Waiting(1, 1000, 0.0), Waiting(2, 1250, 600.0)  # a gap of 250
    assert tables([old, new], 2, 600.0) == [], "the newcomer accepts 100 only"
    assert tables([old, new], 2, 600.0 + 7.5 * 60) == [(old, new)], "both accept 250 once the newcomer waited 7.5 minutes"


def test_the_oldest_takes_the_closest_and_every_table_is_allowed() -> None:
    rng = random.Random(5)
    for size in (2, 3, 4):
        entries = [Waiting(key, rng.randrange(800, 1800), rng.uniform(0, 1200)) for key in range(30)]
        now = 1300.0
        found = tables(entries, size, now)
        seated = [entry.key for table in found for entry in table]
        assert len(seated) == len(set(seated)) and all(len(table) == size for table in found)
        assert all(allowed(table, now) for table in found)
    a, b, c = Waiting(1, 1000, 0.0), Waiting(2, 1090, 10.0), Waiting(3, 1010, 20.0)
    assert tables([a, b, c], 2, 30.0) == [(a, c)], "the closest rating, not the next in line"
