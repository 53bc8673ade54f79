"""The words of a bracket image in one language (`renderers.bracket` draws them and knows no catalog)."""

from __future__ import annotations

from renderers.bracket import MARKED, BracketTexts
from tabletop.i18n import tr

SECTIONS = ("main", "winners", "losers", "final", "swiss", "cut")


def bracket_texts(format_: str, best_of: int, locale: str, title: str) -> BracketTexts:
    """Everything a bracket image says, from data/i18n/bracketimage.json: its title, the format and match
    length under it, section and round names, the legend."""
    subtitle = tr(f"bracketimg.format_{format_}", locale)
    if best_of > 1:
        subtitle += " · " + tr("bracketimg.best_of", locale, count=best_of)
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
