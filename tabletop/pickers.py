"""The private picker message: the seat's prompt, the choices made so far, the menu, and (at the top)
the seat's private image. Shared by Take turn, each picker step, and the publish path when the actor
goes on deciding."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.errors import StaleVersion
from engine.core.match import Match
from tabletop import announce, views
from tabletop.i18n import text, tr
from tabletop.interactions import clip
from tabletop.live_links import LiveLinks
from tabletop.picker import Menu, menu
from tabletop.service import game_of
from storage.base import GameRecord


def stale() -> StaleVersion:
    return StaleVersion(text("err.stale"))


def menu_at(match: Match, seat: int, path: tuple[int, ...], links: LiveLinks | None = None) -> Menu:
    """The menu at `path`, keeping its last row for Open live board when `links` show one."""
    found = menu(match.legal_actions(seat), path, reserve=links is not None and links.shown)
    if found is None:
        raise stale()
    return found


async def picker_payload(
    record: GameRecord, match: Match, seat: int, found: Menu, locale: str, names: Mapping[int, str], *, with_image: bool,
    links: LiveLinks | None = None,
) -> dict[str, Any]:
    """Content, components and (at the top level) the private image for one menu of the choice tree; with
    Open live board when `links` show one (`found` from `menu_at` with the same links)."""
    tnames = announce.text_names(names)
    decision = match.decision_of(seat)
    prompt = decision.prompt.render(locale, tnames) if decision else ""
    lines = [f"**{tr('turn.picker_title', locale, game=game_of(record).name.get(locale), id=record.id, prompt=prompt)}**"]
    if found.chosen:
        lines.append(tr("turn.path", locale, path=" › ".join(c.label.render(locale, tnames) for c in found.chosen)))
    payload: dict[str, Any] = {
        "content": clip("\n".join(lines)),
        "view": views.picker_view(record.id, match.decisions[seat], found, locale, tnames, links),
    }
    if with_image:
        file = await announce.render_file("private", record, match, seat, locale, names)
        if file is not None:
            payload["file"] = file
    return payload
