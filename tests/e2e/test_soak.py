"""A short soak in the suite (the bench's `python -m bench soak --kills 20` in small): the bot process is
killed with SIGKILL in the middle of play a few times, then a last life starts and stops. Nothing a player
was told was done may be lost, and the last start must deliver everything the crashes left in the outbox
at once (a dead life's claims end when the next one starts). Every life must have played: a life killed
before it served anything tests nothing."""

from __future__ import annotations

from bench.soak import soak

KILLS = 3


def test_kills_in_play_lose_nothing_and_leave_nothing_pending() -> None:
    figures = soak(KILLS, seed=7, playing=1)
    assert figures["acknowledged actions"] >= KILLS, figures
    assert figures["acknowledged actions lost"] == 0, figures
    assert figures["outbox pending after restart"] == 0, figures
    assert figures["integrity ok"] == 1, figures
    assert figures["replays diverged"] == 0, figures
    assert figures["duplicate boards"] == 0, figures
    assert figures["missing boards"] == 0, figures
