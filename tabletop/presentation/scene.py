"""The live board's scene: everything one viewer of one game sees, as JSON-able data.

A seat's scene adds to the public one only what that seat's own DM shows: its decision and the whole
choice tree of it, its private lines, and its private image. A spectator's scene (seat None) holds the
public board alone. Nothing of another seat's hand, lines or legal actions is ever read here, so nothing
of them can reach a page (tests/web/test_scene.py checks every game against each seat's private view).

Names are given as they are: a page escapes them where it writes them (HTML), as Discord's text escapes
its markdown (`discord_ui.announce.text_names`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from engine import registry
from engine.core.match import Match
from engine.core.types import Event
from renderers.regions import Region
from storage.base import GameRecord
from tabletop.runtime import packages
from tabletop.play.ai_seats import is_ai
from tabletop.play.clocks import Timing
from tabletop.presentation.choices import choice_tree
from tabletop.presentation.texts import PLAIN, event_lines, status_lines

LOG_STEPS = 12
"""Steps of the log a scene carries: the last turn or two of every game; the full log is `/game log`."""
ImageUrl = Callable[[str, "int | None"], str]
"""(kind, seat) → the address of that image of this state ("board" with None, "private" with a seat)."""


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The public board picture's size and where each board object is on it, in its pixels."""

    width: int
    height: int
    regions: tuple[Region, ...]

    def to_json(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height,
                "regions": [{"target": region.target, "box": list(region.box),
                             **({"polygon": [list(point) for point in region.polygon]} if region.polygon else {})}
                            for region in self.regions]}


@dataclass(frozen=True, slots=True)
class LogStep:
    """One entry of the game's log: its number (1 = the first action), who acted and what it announced."""

    number: int
    seat: int
    events: tuple[Event, ...]


def scene(record: GameRecord, match: Match, seat: int | None, locale: str, names: Mapping[int, str],
          steps: Sequence[LogStep], layout: BoardLayout | None, image_url: ImageUrl) -> dict[str, Any]:
    """The scene of `record` at `match` for `seat` (None: a spectator) in `locale`. `steps`: the latest
    entries of the log (only the last `LOG_STEPS` are shown); `layout`: the public board's regions (None
    while unknown: the page shows the picture without tap targets)."""
    game = registry.get(record.game_type)
    shown = list(steps)[-LOG_STEPS:]
    body: dict[str, Any] = {
        "game": {"id": str(record.id), "type": record.game_type, "name": game.name.get(locale), "status": record.status},
        "version": match.version,
        "locale": locale,
        "seats": [{"seat": index, "name": names[index], "ai": is_ai(user_id)} for index, user_id in enumerate(record.players)],
        "prompts": _prompts(record, match, locale, names),
        "status": status_lines(record, match, locale, names, markup=PLAIN),
        "log": [{"step": step.number, "seat": step.seat, "lines": event_lines(step.events, locale, names)}
                for step in shown],
        "outcome": _outcome(match, locale, names),
        "board": {"image": image_url("board", None), **(layout.to_json() if layout else {"regions": []})},
        "you": None,
    }
    if seat is not None:
        body["you"] = _yours(record, match, seat, locale, names, shown, image_url)
    return body


def _prompts(record: GameRecord, match: Match, locale: str, names: Mapping[int, str]) -> list[dict[str, Any]]:
    """Whose decision is awaited and what they are asked (prompts are public), with each seat's clock."""
    timing = Timing.from_json(record.timing) if record.timing else None
    prompts = []
    for decision in match.pending():
        clock = timing.seats[decision.seat] if timing else None
        prompts.append({
            "seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt.render(locale, names),
            "deadline": timing.deadline(decision.seat) if timing else None,
            "ai_thinking": timing is not None and decision.seat in timing.ai,
            "vacation": clock is not None and clock.paused is not None,
        })
    return prompts


def _outcome(match: Match, locale: str, names: Mapping[int, str]) -> dict[str, Any] | None:
    outcome = match.outcome
    if outcome is None:
        return None
    return {"reason": outcome.reason, "summary": outcome.summary.render(locale, names), "ranks": list(outcome.ranks),
            "scores": list(outcome.scores) if outcome.scores is not None else None,
            "score_name": outcome.score_name.get(locale) if outcome.score_name else None}


def _yours(record: GameRecord, match: Match, seat: int, locale: str, names: Mapping[int, str],
           steps: Sequence[LogStep], image_url: ImageUrl) -> dict[str, Any]:
    """What only `seat` sees: exactly what its DMs show (its decision's menu, its private lines, its image)."""
    package = packages.get(record.game_type)
    decision = match.decision_of(seat)
    asked = None
    if decision is not None:
        asked = {"id": match.decisions[seat], "kind": decision.kind, "prompt": decision.prompt.render(locale, names),
                 "choices": choice_tree(match.legal_actions(seat), locale, names)}
    lines = [{"step": step.number, "lines": private} for step in steps
             if (private := event_lines(step.events, locale, names, seat))]
    private_image = package is None or package.private_images
    return {"seat": seat, "decision": asked, "lines": lines,
            "image": image_url("private", seat) if private_image else None}
