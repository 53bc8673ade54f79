"""The private picker message: the seat's prompt, the choices made so far, the menu, and (at the top)
the seat's private image. Shared by Take turn, each picker step, and the publish path when the actor
goes on deciding."""

from __future__ import annotations

from typing import Any, Mapping

import discord

from engine.core.errors import StaleVersion
from engine.core.match import Match
from discord_ui import announce, views
from tabletop.presentation.i18n import text, tr
from discord_ui.interactions import clip
from tabletop.delivery.live_links import LiveLinks
from tabletop.play.hints import refusal
from tabletop.presentation.picker import Menu, menu
from tabletop.play.service import game_of
from discord_ui.tips import due_tip, rules_button, tip_line
from storage.base import GameRecord, Store


def stale() -> StaleVersion:
    return StaleVersion(text("err.stale"))


def menu_at(match: Match, seat: int, path: tuple[int, ...], links: LiveLinks | None = None, *,
            reserve: bool = False) -> Menu:
    """The menu at `path`, keeping its last row for Open live board when `links` show one (or when
    `reserve` asks, for a tip's rules button or Hint)."""
    found = menu(match.legal_actions(seat), path, reserve=reserve or (links is not None and links.shown))
    if found is None:
        raise stale()
    return found


def _with_nav_row(match: Match, seat: int, found: Menu, links: LiveLinks | None) -> Menu:
    """`found` laid out again with its last row free, unless it already keeps it (Back, live links)."""
    if found.back is not None or (links is not None and links.shown) or found.action is not None:
        return found
    return menu_at(match, seat, found.path, links, reserve=True)


async def tip_and_view(
    store: Store | None, record: GameRecord, match: Match, seat: int, found: Menu, locale: str, names: Mapping[int, str],
    links: LiveLinks | None = None, url: str | None = None,
) -> tuple[str | None, discord.ui.View]:
    """The menu's components, and the line of a practice game's first-time tip when one is due (then the
    view also carries the rules button); 💡 Hint on the last row where hints are allowed (tabletop.play.hints).
    Every menu of a decision goes through here: turn DM, Take turn, picker steps. `store` None: no tip and
    no Hint (a caller with no game state to read them from)."""
    tip = await due_tip(store, record, match, seat) if store is not None else None
    hint = store is not None and await refusal(store, record, record.players[seat]) is None
    extra: list[discord.ui.Item[discord.ui.View]] = []
    if tip is not None or hint:
        found = _with_nav_row(match, seat, found, links)
    if hint:
        extra.append(views.hint_button(record.id, match.decisions[seat], locale))
    if tip is not None:
        extra.append(rules_button(tip.game_id, locale))
    view = views.picker_view(record.id, match.decisions[seat], found, locale, names, links, url, extra)
    return (tip_line(tip, locale) if tip is not None else None), view


async def picker_payload(
    record: GameRecord, match: Match, seat: int, found: Menu, locale: str, names: Mapping[int, str], *, with_image: bool,
    links: LiveLinks | None = None, store: Store | None = None,
) -> dict[str, Any]:
    """Content, components and (at the top level) the private image for one menu of the choice tree; with
    Open live board when `links` show one (`found` from `menu_at` with the same links); with a practice
    game's tip when `store` is given and one is due, and Hint where hints are allowed."""
    tnames = announce.text_names(names)
    decision = match.decision_of(seat)
    prompt = decision.prompt.render(locale, tnames) if decision else ""
    lines = [f"**{tr('turn.picker_title', locale, game=game_of(record).name.get(locale), id=record.id, prompt=prompt)}**"]
    tip, view = await tip_and_view(store, record, match, seat, found, locale, tnames, links)
    if tip is not None:
        lines.append(tip)
    if found.chosen:
        lines.append(tr("turn.path", locale, path=" › ".join(c.label.render(locale, tnames) for c in found.chosen)))
    payload: dict[str, Any] = {"content": clip("\n".join(lines)), "view": view}
    if with_image:
        file = await announce.render_file("private", record, match, seat, locale, names)
        if file is not None:
            payload["file"] = file
    return payload
