"""Small immutable value types shared by every game.

Everything here converts to and from plain JSON so that states, logs and events can be stored as text
and replayed exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

LOCALES = ("ja", "en")


@dataclass(frozen=True, slots=True)
class Text:
    """A player-facing string in Japanese and English.

    Strings may hold `{s0}`, `{s1}`, … placeholders for seat names, filled in by the Discord layer,
    plus any named fields given in `args`, so the engine never needs to know who sits where.
    """

    ja: str
    en: str
    args: tuple[tuple[str, str], ...] = ()

    def __init__(self, ja: str, en: str, args: tuple[tuple[str, str], ...] = ()) -> None:
        _set_text_ja(self, ja)
        _set_text_en(self, en)
        _set_text_args(self, args)

    def get(self, locale: str | None) -> str:
        """The raw template in the locale (Japanese for `ja*`, English otherwise)."""
        return self.ja if locale and locale.startswith("ja") else self.en

    def render(self, locale: str | None, seat_names: Mapping[int, str] | None = None) -> str:
        """The finished string: seat placeholders and `args` substituted."""
        values: dict[str, str] = {f"s{i}": name for i, name in (seat_names or {}).items()}
        values.update(self.args)
        template = self.get(locale)
        try:
            return template.format_map(_Missing(values))
        except (ValueError, IndexError):
            return template

    def with_args(self, **args: Any) -> "Text":
        return Text(self.ja, self.en, tuple(sorted({**dict(self.args), **{k: str(v) for k, v in args.items()}}.items())))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ja": self.ja, "en": self.en}
        if self.args:
            data["args"] = dict(self.args)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Text":
        return cls(data["ja"], data["en"], tuple(sorted(data.get("args", {}).items())))


# Texts, events and decisions are built at every step of every game (random play, the AI's rollouts):
# setting the slots through their descriptors costs about a third less than the __init__ that
# `dataclass` writes for a frozen class, and leaves the classes exactly as immutable.
_set_text_ja, _set_text_en, _set_text_args = Text.ja.__set__, Text.en.__set__, Text.args.__set__  # type: ignore[attr-defined]


class _Missing(dict):
    """Leaves unknown placeholders visible instead of failing on them."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def T(ja: str, en: str, **args: Any) -> Text:
    """Shorthand used throughout the engines."""
    return Text(ja, en).with_args(**args) if args else Text(ja, en)


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of an action's choice tree: a stable key and its label.

    `members` makes the step a set choice: the elements (e.g. squares) the set holds, () for the empty
    set. When every option at one level is a set choice, the picker offers their elements in one
    multi-select (the empty set as a button) and completes the option whose elements were picked.

    `target` names the object on the public board that the step picks, so that a board one taps can
    offer the step where that object is drawn (the renderers report where: `renderers.regions`). It is
    `"<kind>:<id>"`: the kind a word for what sort of object it is, the id the game's own name for it
    (as its notation writes it; seats counted from 0 as in the views, and put before the name when the
    object belongs to a seat). Hexes `hex:E1`, squares `square:2d` (a shared field) or `square:1:b1`
    (seat 1's b1), a seat's line `line:0:3`, circles `circle:2` and their purchaser cards `spot:2.1`,
    face-up cards `card:c12`, common-field items `item:H5`, units `unit:archer`, kingdom kinds
    `kingdom:0:soldier`, seats `seat:0`, colours `colour:red`. Several steps may pick one object. A
    step with no place on the board (pass, an option, a verb, a card in a hand) has none. The target
    is presentation only: notations and the picker's keys never depend on it.
    """

    key: str
    label: Text
    members: tuple["Choice", ...] | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """A legal move, python-chess style: an immutable value with a stable text notation.

    `path` places the action in a choice tree (e.g. coin → action → target). The Discord picker shows one
    level at a time, so no level may offer more than 25 distinct keys below one prefix. The last step's
    label is the most specific one; `label` joins them for one-line displays.
    """

    notation: str
    path: tuple[Choice, ...]

    def label(self, locale: str | None, seat_names: Mapping[int, str] | None = None) -> str:
        """One line for confirmations and autocomplete: every step, placeholders filled in."""
        return " › ".join(step.label.render(locale, seat_names) for step in self.path)


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat the game is waiting for, with what it is asked.

    `kind` is "turn" for the normal turn, "reaction" for a choice in the middle of another seat's turn
    (a defender's choice), "simultaneous" when several seats choose at once, and "setup" for drafting.

    `public` is True when the legal actions follow from public information alone (no hidden hand or bag
    decides them), so the platform may take a forced single choice at once without leaking anything by
    timing. The conformance suite checks the claim by resampling everything hidden.

    `topic` names what the menu asks, finer than `kind` and the same whatever the position: a short
    lowercase word of the game's own ("guard" for War Chest's Royal Guard answer, "buy" for Wall of War's
    purchase), usually the key of the engine's prompt. A game has a handful of kinds but a dozen topics;
    the first-time tips of a practice game are keyed by it. It defaults to `kind`.
    """

    seat: int
    prompt: Text
    kind: str = "turn"
    public: bool = False
    topic: str = ""

    def __init__(self, seat: int, prompt: Text, kind: str = "turn", public: bool = False, topic: str = "") -> None:
        _set_decision_seat(self, seat)
        _set_decision_prompt(self, prompt)
        _set_decision_kind(self, kind)
        _set_decision_public(self, public)
        _set_decision_topic(self, topic or kind)


_set_decision_seat, _set_decision_prompt = Decision.seat.__set__, Decision.prompt.__set__  # type: ignore[attr-defined]
_set_decision_kind, _set_decision_public = Decision.kind.__set__, Decision.public.__set__  # type: ignore[attr-defined]
_set_decision_topic = Decision.topic.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. `seat=None` is public; otherwise only that seat may see it.

    `data` is machine-readable (for highlighting the last action on the board image); it must be JSON.
    """

    text: Text
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, text: Text, seat: int | None = None, data: Mapping[str, Any] | None = None) -> None:
        _set_event_text(self, text)
        _set_event_seat(self, seat)
        _set_event_data(self, {} if data is None else data)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text.to_json(), "seat": self.seat, "data": dict(self.data)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        return cls(Text.from_json(data["text"]), data.get("seat"), data.get("data", {}))


_set_event_text, _set_event_seat, _set_event_data = Event.text.__set__, Event.seat.__set__, Event.data.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    `ranks[i]` is seat i's place (1 = first; tied seats share a place). `scores` is optional per-seat
    scores for display. `reason` is a short machine code ("score", "control", "resign", "forfeit", "draw",
    "cancel", …) and `summary` the bilingual sentence shown to players. `score_name` says what the scores
    count ("control markers placed"), since a bare number beside a name tells a reader nothing.
    """

    ranks: tuple[int, ...]
    reason: str
    summary: Text
    scores: tuple[float, ...] | None = None
    score_name: Text | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.ranks)

    def to_json(self) -> dict[str, Any]:
        data = {
            "ranks": list(self.ranks),
            "reason": self.reason,
            "summary": self.summary.to_json(),
            "scores": list(self.scores) if self.scores is not None else None,
        }
        if self.score_name is not None:
            data["score_name"] = self.score_name.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Outcome":
        scores = data.get("scores")
        name = data.get("score_name")
        return cls(
            tuple(data["ranks"]),
            data["reason"],
            Text.from_json(data["summary"]),
            tuple(scores) if scores is not None else None,
            Text.from_json(name) if name is not None else None,
        )

    @staticmethod
    def ranks_from_scores(keys: list[tuple]) -> tuple[int, ...]:
        """Competition ranking (1, 1, 3) from per-seat sort keys where larger is better."""
        return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


@dataclass(frozen=True, slots=True)
class Frame:
    """What a renderer is handed: the viewer's view plus what the platform already knows about it.

    `awaited` are the pending decisions (their prompts are public), `recent` the public events of the
    last step (sentences, and `data` for highlighting on the board), `outcome` the result once over,
    `seat` the viewer (None for the public board). Renderers draw this and derive no rule themselves.
    """

    view: Mapping[str, Any]
    awaited: tuple[Decision, ...]
    recent: tuple[Event, ...]
    outcome: Outcome | None
    version: int
    seat: int | None = None

    @property
    def awaited_seats(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(decision.seat for decision in self.awaited))


@dataclass(frozen=True, slots=True)
class Transition:
    """What `apply` returns: the new state and the events it produced."""

    state: dict[str, Any]
    events: tuple[Event, ...]
