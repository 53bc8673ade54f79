"""A sample of every image kind the bot sends besides boards and private views (`renderers.kinds`), at
its largest (all cards, every unit, the longest league), in a reader's language; and the awkward Discord
names every image is drawn with. Shared by the legibility and render conformance tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PIL import Image

from engine import registry
from engine.walpurgis.cards import EDITION as WALPURGIS
from engine.warchest.units import ROYAL, UNIT_IDS
from renderers import artofwar_cards, walpurgis_cards, wallofwar_cards, wunderkammer_cards
from renderers.base import RenderContext
from renderers.bracket import bracket_pages
from renderers.review import review_chart
from renderers.standings import MAX_ROWS, StandingsRow, rating_chart, standings_image
from renderers.warchest_units import units_pages
from tabletop.presentation.i18n import tr
from tabletop.leagues.bracket_image import bracket_texts
from tabletop.leagues.standings import TIEBREAKS
from tests.renderers.bracket_samples import NAMES_EXTRA, brackets

RAW_NAMES = (
    "🎲🐉",  # emoji only
    "A display name of 32 characters.",
    "علي Ali",  # right to left, then Latin
    "Zoe\u0308\u200b 花子さん",  # combining accent, zero-width space, kanji
    "\u2066Bob\u2069\u3164",  # direction isolates, a Hangul filler
)
"""Awkward Discord display names, as users set them (the platform passes them through `display_name`)."""


def standings_pages(ctx: RenderContext) -> list[Sequence[Image.Image]]:
    """The longest standings a league posts (`MAX_ROWS` members, every tie-break), named as the platform
    passes them."""
    locale = ctx.locale
    headers = ["#", tr("league.col_name", locale), tr("league.col_points", locale), tr("league.col_record", locale),
               *(tr(f"league.tb_{name}", locale) for name in TIEBREAKS)]
    rows = [StandingsRow(place, RAW_NAMES[place % len(RAW_NAMES)], "12.5", "12-1-3", ("31.5",) * len(TIEBREAKS), place % 7 == 0)
            for place in range(1, MAX_ROWS + 4)]
    title = f"{RAW_NAMES[1]} — {registry.get('wallofwar').name.get(locale)}"
    return [[standings_image(title, tr("league.after_round", locale, round=12), headers, rows)]]


def rating_charts(ctx: RenderContext) -> list[Sequence[Image.Image]]:
    title = tr("league.chart_title", ctx.locale, game=registry.get("wunderkammer").name.get(ctx.locale))
    caption = tr("league.chart_caption", ctx.locale, games=40)
    return [[rating_chart(title, values, caption)] for values in ([1000.0], [1000.0 + 37 * (i % 5) - 11 * i for i in range(40)])]


def bracket_sheets(ctx: RenderContext) -> list[Sequence[Image.Image]]:
    """Every tournament format at every size from 2 to 32 entrants and at 64 (pages), finished and half-way,
    named with the awkward names."""
    pool = RAW_NAMES + NAMES_EXTRA
    title = f"{RAW_NAMES[1]} — {registry.get('warchest').name.get(ctx.locale)}"
    return [bracket_pages(view, {user: pool[user % len(pool)] for user in view.entrants},
                          bracket_texts(view.format, view.best_of, ctx.locale, title))
            for view in brackets()]


def review_charts(ctx: RenderContext) -> list[Sequence[Image.Image]]:
    """A long War Chest review between two awkward names, and a four-seat one ending in a tie."""
    title = tr("review.title", ctx.locale, game=registry.get("warchest").name.get(ctx.locale), id=12)
    caption = tr("review.caption_seat", ctx.locale)
    long = [[0.5 + 0.45 * ((i % 37) / 37 - 0.5), 0.5 - 0.45 * ((i % 37) / 37 - 0.5)] for i in range(150)] + [[1.0, 0.0]]
    tie = [[0.25] * 4 for _ in range(40)] + [[0.5, 0.0, 0.5, 0.0]]
    return [[review_chart(title, caption, RAW_NAMES[:2], long, (3, 80, 150))],
            [review_chart(title, tr("review.caption_public", ctx.locale), RAW_NAMES[1:5], tie, ())]]


SAMPLES: dict[str, Callable[[RenderContext], Iterable[Sequence[Image.Image]]]] = {
    "warchest units": lambda ctx: [units_pages([*UNIT_IDS, ROYAL], ctx, royal_guard="2018")],
    "wallofwar cards": lambda ctx: [wallofwar_cards.cards_pages(ctx)],
    "artofwar cards": lambda ctx: [artofwar_cards.cards_pages(ctx)],
    "walpurgis cards": lambda ctx: [walpurgis_cards.cards_pages(ctx)],
    "walpurgis card": lambda ctx: [[walpurgis_cards.card_page(ctx, card)] for card in WALPURGIS.cards],
    "wunderkammer cards": lambda ctx: [wunderkammer_cards.cards_pages(ctx)],
    "league standings": standings_pages,
    "rating chart": rating_charts,
    "tournament bracket": bracket_sheets,
    "review chart": review_charts,
}
"""Every image kind of `renderers.kinds` at its largest (all cards, every unit, the longest league), as the
messages that send it: each a sequence of pages."""
