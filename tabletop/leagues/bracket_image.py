"""The bracket image's words in one language (`renderers.bracket` draws them and knows no catalog), and
its pages as attachments, drawn in the render pool."""

from __future__ import annotations

import io

import discord

from renderers.bracket import MARKED, BracketTexts, bracket_pages
from renderers.output import IMAGE_SUFFIX
from renderers.worker import encoded_pages
from discord_ui import announce
from tabletop.presentation import pictures
from tabletop.presentation.i18n import tr
from tabletop.leagues.brackets.view import BracketView

SECTIONS = ("main", "winners", "losers", "final", "swiss", "cut")


def bracket_texts(format_: str, best_of: int, locale: str, title: str) -> BracketTexts:
    """Everything a bracket image says (data/i18n/bracketimage.json): its title, the format and match length
    under it (as the text bracket names them), section and round names, the legend."""
    subtitle = tr(f"league.format_{format_}", locale)
    if best_of > 1:
        subtitle += " · " + tr("bracket.best_of", locale, count=best_of)
    return BracketTexts(
        title=title,
        subtitle=subtitle,
        sections={name: tr(f"bracketimg.section_{name}", locale) for name in SECTIONS},
        round=tr("bracketimg.round", locale, round="{round}"),
        final=tr("bracketimg.final", locale),
        reset=tr("bracketimg.reset", locale),
        bye=tr("bracketimg.bye", locale),
        champion=tr("bracketimg.champion", locale),
        advances=tr("bracketimg.advances", locale),
        in_play=tr("bracketimg.in_play", locale),
        place=tr("bracketimg.place", locale),
        player=tr("bracketimg.player", locale),
        marks={way: (tr(f"bracketimg.code_{way}", locale), tr(f"bracketimg.mark_{way}", locale)) for way in MARKED},
        results=(tr("bracketimg.win", locale), tr("bracketimg.loss", locale), tr("bracketimg.draw", locale)),
        results_note=tr("bracketimg.results", locale),
    )


async def bracket_attachments(lane: int, league_id: int, view: BracketView, names: dict[int, str], locale: str,
                              title: str) -> list[tuple[str, bytes]]:
    """The bracket's pages as (file name, encoded image) for one message: one page up to 32 entrants (both
    brackets of a double elimination on it), more beyond; drawn and encoded in the render pool, queued in the
    server's `lane`. A message holds `MAX_ATTACHMENTS` files: a bracket of hundreds keeps its last pages (the
    late rounds, the final), which its text lists too, rather than losing the whole post."""
    texts = bracket_texts(view.format, view.best_of, locale, title)
    pages = await pictures.render_job(lane, encoded_pages, bracket_pages, view, names, texts)
    first = max(len(pages) - announce.MAX_ATTACHMENTS, 0)
    return [(f"bracket-{league_id}-{number}.{IMAGE_SUFFIX}", data) for number, data in enumerate(pages[first:], start=first + 1)]


def as_files(attachments: list[tuple[str, bytes]]) -> list[discord.File]:
    """Attachments as files for one request: a file is spent by the request that sends it (even a refused
    one), so a second try (a new post after a refused edit) takes new files of the same drawing."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in attachments]


async def bracket_files(lane: int, league_id: int, view: BracketView, names: dict[int, str], locale: str,
                        title: str) -> list[discord.File]:
    """`bracket_attachments` as the files of one message."""
    return as_files(await bracket_attachments(lane, league_id, view, names, locale, title))
