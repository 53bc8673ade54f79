"""A tournament's bracket as text, in one language: what the league channel shows after each result and
what `/league bracket` answers, beside the bracket image (`tabletop.leagues.bracket_image`, attached by `tabletop.leagues.post.bracket_payload`).

It lists what `BracketView` says and decides nothing: round by round (a double elimination names each
match's bracket), each match with its sides, seeds, games won, and how it was decided when not by play.
"""

from __future__ import annotations

from typing import Mapping

from tabletop.presentation.i18n import tr
from tabletop.leagues.brackets.view import BracketView, MatchView, SideView

TEXT_LIMIT = 1900
"""Under Discord's 2,000 characters for a message, with room for nothing else."""
MARKS = {"bye": "bracket.by_bye", "walkover": "bracket.by_walkover", "withdrawal": "bracket.by_withdrawal",
         "settled": "bracket.by_settled"}


def side_text(side: SideView, names: Mapping[int, str], locale: str) -> str:
    if side.user is None:
        return tr("bracket.empty", locale)
    seed = f"({side.seed}) " if side.seed is not None else ""
    return f"{seed}{names.get(side.user, str(side.user))}"


def match_label(match: MatchView, locale: str) -> str:
    """ "Winners' R2 #1", "Grand final", "Table 3" ... in the viewer's language."""
    if match.key in ("GF", "GF2"):
        return tr("bracket.final" if match.key == "GF" else "bracket.reset", locale)
    number = int(match.key.split(".")[1]) + 1 if "." in match.key and match.key.split(".")[1].isdigit() else 1
    return tr(f"bracket.label_{match.bracket}", locale, round=match.stage_round, number=number)


def match_line(match: MatchView, names: Mapping[int, str], locale: str) -> str:
    label = f"`{match.key}` {match_label(match, locale)}"
    if match.teams:  # a team game's table: team against team, partners together
        sides = [[side for side, team in zip(match.sides, match.teams) if team == wanted] for wanted in dict.fromkeys(match.teams)]
        line = f"{label}: " + " – ".join(("✓ " if any(side.advanced for side in team) else "")
                                         + " & ".join(side_text(side, names, locale) for side in team) for team in sides)
    elif len(match.sides) > 2:  # a multiplayer table: players by place once decided
        order = sorted(match.sides, key=lambda side: (side.score or 99) if match.status == "done" else 0)
        players = ", ".join(("✓ " if side.advanced else "") + side_text(side, names, locale) for side in order)
        line = f"{label}: {players}"
    else:
        a, b = match.sides
        scored = match.status in ("playing", "ready", "done") and match.decided_by not in ("bye",) and (a.user and b.user)
        middle = f" {a.score:g}–{b.score:g} " if scored and match.best_of > 1 else " – "
        mark_a = "✓ " if a.advanced else ""
        mark_b = " ✓" if b.advanced else ""
        line = f"{label}: {mark_a}{side_text(a, names, locale)}{middle}{side_text(b, names, locale)}{mark_b}"
    if match.decided_by in MARKS:
        line += f" ({tr(MARKS[match.decided_by], locale)})"
    elif match.status == "playing":
        line += f" ({tr('bracket.playing', locale, game=len(match.games))})"
    return line


def bracket_text(view: BracketView, names: Mapping[int, str], locale: str, title: str, limit: int = TEXT_LIMIT) -> str:
    """Header, rounds, champion and podium; when that is longer than `limit` (a big bracket in one
    Discord message), the earliest rounds give way to a line saying so — the latest results always show."""
    head = [f"**{title}** · {tr(f'league.format_{view.format}', locale)}"
            + (f" · {tr('bracket.best_of', locale, count=view.best_of)}" if view.best_of > 1 else "")]
    blocks = [[f"__{tr('bracket.round', locale, round=round_.number)}__",
               *(match_line(match, names, locale) for match in round_.matches if not (match.decided_by == "bye" and not match.winners))]
              for round_ in view.rounds]
    tail: list[str] = []
    if view.champion is not None:
        tail.append(tr("bracket.champion", locale, name=" & ".join(names.get(user, str(user))
                                                                   for user in view.champions or (view.champion,))))
        podium = sorted((place, user) for user, place in view.places.items() if place <= 4)
        tail.append(" · ".join(f"{place}. {names.get(user, str(user))}" for place, user in podium))
    dropped = 0
    while True:
        kept = [line for block in blocks[dropped:] for line in block]
        note = [tr("bracket.earlier", locale, rounds=dropped)] if dropped else []
        text = "\n".join([*head, *note, *kept, *tail])
        if len(text) <= limit or dropped >= len(blocks) - 1:
            return text
        dropped += 1
