"""The lines every front end shows: a step's events, whose decision it is (with each seat's clock), and
the result. Discord writes names in bold, mentions players and gives deadlines as its timestamps; a web
page escapes names itself and shows deadlines from data, so the wording is one and only the `Markup`
differs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from engine.core.match import Match
from engine.core.types import Decision, Event
from storage.base import GameRecord
from tabletop.play.clocks import Timing
from tabletop.presentation.i18n import tr


@dataclass(frozen=True, slots=True)
class Markup:
    """How a front end marks up parts of a line: a seat's name where a line stresses it, a player it
    notifies, and a deadline (None: the deadline is not written in the line; the front end shows it
    from data, as the web does)."""

    stress: Callable[[str], str]
    mention: Callable[[int], str]
    moment: Callable[[float], str] | None


DISCORD = Markup(lambda name: f"**{name}**", lambda user_id: f"<@{user_id}>",
                 lambda when: f"<t:{int(when)}:R>")
"""Discord's markdown: bold names, `<@id>` mentions, timestamps each reader sees in their own time."""
PLAIN = Markup(lambda name: name, lambda user_id: "", None)
"""Plain text: names as they are (the page escapes them), nobody mentioned, deadlines left to the data."""


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def event_lines(events: Iterable[Event], locale: str, names: Mapping[int, str], seat: int | None = None) -> list[str]:
    """The lines of `events` meant for `seat` (None: the public ones), in order, without repeats."""
    return list(dict.fromkeys(event.text.render(locale, names) for event in events if event.seat == seat))


def result_lines(match: Match, locale: str, names: Mapping[int, str]) -> list[str]:
    outcome = match.outcome
    assert outcome is not None
    lines = [tr("game.over", locale, summary=outcome.summary.render(locale, names))]
    for seat in sorted(range(match.players), key=lambda seat: outcome.ranks[seat]):
        score = ""
        if outcome.scores:
            label = outcome.score_name.get(locale) if outcome.score_name else None
            score = tr("game.rank_score", locale, label=label, score=f"{outcome.scores[seat]:g}") if label \
                else f" ({outcome.scores[seat]:g})"
        lines.append(tr("game.rank_line", locale, rank=outcome.ranks[seat], name=names[seat], score=score))
    return lines


def waiting_lines(record: GameRecord, decisions: Iterable[Decision], locale: str, names: Mapping[int, str],
                  ping: Iterable[int] = (), markup: Markup = DISCORD) -> list[str]:
    """Whose decision it is, with each seat's clock; a seat in `ping` is mentioned, the others only named."""
    pinged = set(ping)
    timing = Timing.from_json(record.timing) if record.timing else None
    lines = []
    for decision in decisions:
        mention = markup.mention(record.players[decision.seat]) if decision.seat in pinged else ""
        who = mention or markup.stress(names[decision.seat])
        line = tr("turn.waiting", locale, who=who, prompt=decision.prompt.render(locale, names))
        lines.append(line + (clock_note(timing, decision.seat, locale, markup) if timing else ""))
    return lines


def clock_note(timing: Timing, seat: int, locale: str, markup: Markup = DISCORD) -> str:
    """" · ⏰ in 2 days" (with Discord's markup, a timestamp each reader sees in their own time), the
    vacation mark, or, for a seat the AI plays, that it is thinking."""
    if seat in timing.ai:
        return " · " + tr("ai.thinking", locale)
    if timing.seats[seat].paused is not None:
        return " · " + tr("timing.on_vacation", locale)
    deadline = timing.deadline(seat)
    return f" · ⏰ {markup.moment(deadline)}" if deadline is not None and markup.moment is not None else ""


def status_lines(record: GameRecord, match: Match, locale: str, names: Mapping[int, str], ping: Iterable[int] = (),
                 markup: Markup = DISCORD) -> list[str]:
    """The result once the game is over, else whose decision it is."""
    if match.finished:
        return result_lines(match, locale, names)
    return waiting_lines(record, match.pending(), locale, names, ping, markup)
