"""Local mode's rights and its shared screen (pass and play), used by the game routes.

In local mode the application serves local games only (`tabletop.play.local_games`), and outside it none: each
is a 404 to the other. A local game is its host's alone (the local viewer on loopback, else the signed-in
person who created it). The host acts for every person's seat of it, one at a time: the seat *on screen*.
When the decision passes from the seat on screen to another person's seat, the screen is covered — the
page shows "hand the device to X — tap to show" — and until that seat is revealed (`POST
/api/local/games/{id}/screen`) every scene, picture and live message is a spectator's: the public board
only, so the next player never sees the previous one's hand. A game with one person in it is never
covered. Which seat is on screen lives in this process (local mode is one process): a restart covers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from engine.core.match import Match
from storage.base import GameRecord
from tabletop.play.ai_seats import is_ai
from tabletop.play.local_games import is_local
from tabletop.play.service import match_of
from web.errors import refuse
from web.sessions import Viewer

LOCAL: web.AppKey["LocalMode"] = web.AppKey("local")


@dataclass
class LocalMode:
    """The application runs in local mode: whether it listens on loopback only (then the local viewer needs
    no sign-in), and the seat on screen of each local game covered or revealed since the start."""

    loopback: bool
    shown: dict[int, int] = field(default_factory=dict)

    def on_screen(self, record: GameRecord, match: Match) -> int | None:
        """The seat whose view is shown: the only person's, or the one revealed while it is still the one
        asked (or nobody is: an AI thinking, the game over); None while covered."""
        people = person_seats(record)
        if len(people) <= 1:
            return people[0] if people else None
        asked = [seat for seat in match.awaited_seats() if seat in people]
        seat = self.shown.get(record.id)
        if seat is not None and (seat in asked or not asked):
            return seat
        self.shown.pop(record.id, None)  # once covered, covered until someone is revealed
        return None

    def next_up(self, record: GameRecord, match: Match) -> int | None:
        """The person to hand the device to: the first one asked (None: nobody is)."""
        return next((seat for seat in match.awaited_seats() if seat in person_seats(record)), None)

    def may_reveal(self, record: GameRecord, match: Match, seat: int) -> bool:
        """A person's seat that is asked now; when no person is asked, any person's seat."""
        people = person_seats(record)
        asked = [other for other in match.awaited_seats() if other in people]
        return seat in (asked or people)


def person_seats(record: GameRecord) -> list[int]:
    return [seat for seat, user_id in enumerate(record.players) if not is_ai(user_id)]


def local_mode(request: web.Request) -> LocalMode | None:
    return request.app.get(LOCAL)


def check_served(request: web.Request, record: GameRecord) -> None:
    """Local mode serves local games alone, and the bot's board never serves one."""
    if (local_mode(request) is not None) != is_local(record):
        raise refuse(request, 404, "web.no_game")


def host_seat(request: web.Request, record: GameRecord, viewer: Viewer) -> int | None:
    """The seat on screen of a local game for its host (None: covered, the public board); anyone else 403."""
    mode = local_mode(request)
    if mode is None or viewer.user_id != record.host_id:
        raise refuse(request, 403, "web.not_your_game")
    return mode.on_screen(record, match_of(record))


def acting_seat(request: web.Request, record: GameRecord, viewer: Viewer) -> int:
    """The seat a move of the host is for: the one on screen; none while covered (409: reveal first)."""
    seat = host_seat(request, record, viewer)
    if seat is None:
        raise refuse(request, 409, "web.local_covered")
    return seat


def screen(request: web.Request, record: GameRecord) -> dict[str, Any]:
    """The pass-and-play part of a local game's scene: the seat on screen, who is next when covered, and
    which seats are people's (the page offers to reveal those)."""
    mode = local_mode(request)
    assert mode is not None
    match = match_of(record)
    shown = mode.on_screen(record, match)
    return {"on_screen": shown, "next": mode.next_up(record, match) if shown is None else None,
            "people": person_seats(record)}
