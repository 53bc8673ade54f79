"""The contract every game implements, OpenSpiel/python-chess style.

A game object is stateless: it holds rules and static data, and every method takes the state (a plain
JSON-compatible dict) explicitly. `apply` never mutates the state it is given; it returns a new one.
Randomness comes only from the integer RNG stored in the state, so a game is replayable from its seed and
action log.
"""

from __future__ import annotations

import marshal
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.core.errors import BadOptions, IllegalAction
from engine.core.rng import Rng
from engine.core.types import Action, Choice, Decision, Outcome, T, Text, Transition


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option (variant, setup mode) offered when a game is created.

    `player_counts` restricts a choice to some player counts; validation enforces it.
    """

    key: str
    label: Text
    choices: tuple[Choice, ...]
    default: str
    choice_player_counts: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def allowed(self, value: str, players: int) -> bool:
        counts = dict(self.choice_player_counts).get(value)
        return counts is None or players in counts


class Game(ABC):
    """Rules of one game. Subclasses set the class attributes and implement the abstract methods.

    Optional hook: `takeback_refusal(self, before, after, seat, notation) -> Text | None`, on the states
    before and after `seat` played `notation`, returns why that move may not be taken back (None: it
    may). Without it `engine.core.takeback.generic_refusal` decides: refused when the RNG in
    `state["rng"]` moved or the move revealed anything hidden to any seat. The platform refuses
    resignations, forfeits, takebacks and game-ending moves before asking; an override may still call
    the generic check for the cases it does not settle itself.
    """

    id: str
    name: Text
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...] = ()
    summary: Text = T("", "")

    def validate_options(self, players: int, options: Mapping[str, Any]) -> dict[str, str]:
        """Defaults filled in, unknown keys and values refused, player counts checked."""
        if players not in self.player_counts:
            counts = "/".join(map(str, self.player_counts))
            raise BadOptions(T(f"このゲームは{counts}人用です。", f"This game is for {counts} players."))
        specs = {spec.key: spec for spec in self.options}
        unknown = set(options) - set(specs)
        if unknown:
            name = echo(sorted(map(str, unknown))[0])
            raise BadOptions(T(f"不明なオプション: {name}", f"Unknown option: {name}"))
        result: dict[str, str] = {}
        for spec in self.options:
            value = str(options.get(spec.key, spec.default))
            keys = {choice.key for choice in spec.choices}
            if value not in keys:
                shown = echo(value)
                raise BadOptions(
                    T(f"{spec.label.ja}: {shown} は選べません。", f"{spec.label.en}: {shown} is not a valid choice.")
                )
            if not spec.allowed(value, players):
                raise BadOptions(
                    T(
                        f"{spec.label.ja}: {value} は{players}人では使えません。",
                        f"{spec.label.en}: {value} is not available for {players} players.",
                    )
                )
            result[spec.key] = value
        self.check_options(players, result)
        return result

    def check_options(self, players: int, options: Mapping[str, str]) -> None:
        """Cross-option validation hook; raise BadOptions. Default: nothing to check."""

    @abstractmethod
    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        """The initial state for validated options. Must store the RNG as an integer inside the state."""

    @abstractmethod
    def pending(self, state: Mapping[str, Any]) -> tuple[Decision, ...]:
        """Who must decide now. Empty exactly when the game is over."""

    @abstractmethod
    def legal_actions(self, state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
        """Every legal action for `seat` now; empty when that seat has nothing to decide."""

    @abstractmethod
    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list:
        """Mutate `state` (already a private copy) by a legal action; return the list of Events.

        Called only with an action that `legal_actions` returned for this seat. The next step may change
        the result in place (`apply_in_place`), so never store module data (a constant list or dict) or
        one object in two places of the state: copy it. tests/engine_core/test_seeded_games.py checks that
        in-place play and copying play give the same games.
        """

    @abstractmethod
    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator). Plain JSON, used by renderers and the picker."""

    @abstractmethod
    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        """The result once the game has ended by its own rules, else None."""

    @abstractmethod
    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        """A state `seat` cannot tell apart from this one: everything hidden from it re-dealt at random.

        OpenSpiel's `resample_from_infostate`. The conformance suite uses it to prove views leak nothing:
        a seat's view must be identical on the original and on every resampled state.
        """

    def standings(self, state: Mapping[str, Any]) -> list[tuple]:
        """Per-seat sort keys (larger is better) for ranking a game that ends early. Default: all equal."""
        return [()] * len(self.seat_teams(state))

    def seat_teams(self, state: Mapping[str, Any]) -> list[int]:
        """Team number of each seat; by default every seat is its own team."""
        return list(range(state["players"]))

    def prompt_for(self, state: Mapping[str, Any], seat: int) -> Text | None:
        """The prompt of the seat's pending decision, if it has one."""
        for decision in self.pending(state):
            if decision.seat == seat:
                return decision.prompt
        return None

    def explain_illegal(self, state: Mapping[str, Any], seat: int, notation: str) -> Text:
        """Why `notation` is refused. Games may override with rule-specific reasons."""
        return T(f"「{notation}」は今は指せません。", f"“{notation}” is not a legal action now.")

    def typed_action(self, state: Mapping[str, Any], seat: int, notation: str) -> Action | None:
        """A legal action `seat` may type although `legal_actions` does not list it, or None.

        For open choices too many to list (a deck code, a number): `legal_actions` offers the usual
        ones to the picker, and a typed notation (`/game play`, a game's own command, the log on
        replay) is accepted here when the rules allow it. Return the action under its canonical
        notation, which is what the log stores; `explain_illegal` says why anything else is refused.
        Default: nothing beyond the listed actions.
        """
        return None

    def parse(self, state: Mapping[str, Any], seat: int, notation: str) -> Action:
        """The legal action with this notation, or IllegalAction with the game's reason."""
        wanted = notation.strip()
        for action in self.legal_actions(state, seat):
            if action.notation == wanted:
                return action
        awaited = any(decision.seat == seat for decision in self.pending(state))
        typed = self.typed_action(state, seat, wanted) if awaited else None
        if typed is not None:
            return typed
        raise IllegalAction(self.explain_illegal(state, seat, wanted))

    def apply(self, state: Mapping[str, Any], seat: int, notation: str) -> Transition:
        """Validate and apply; the given state is never modified."""
        return self.apply_action(state, seat, self.parse(state, seat, notation))

    def apply_action(self, state: Mapping[str, Any], seat: int, action: Action) -> Transition:
        """Apply an action already taken from `legal_actions(state, seat)`: no second listing to parse it."""
        new_state = clone(state)
        events = self._apply(new_state, seat, action)
        return Transition(new_state, tuple(events))

    def apply_in_place(self, state: dict[str, Any], seat: int, action: Action) -> list:
        """Apply a legal action by mutating `state`; return the Events.

        For loops that own their state and keep no earlier one (random playouts, the AI's rollouts):
        they clone once and then skip the copy per step, which was most of a step's cost. The state
        goes through exactly the rules `apply_action` runs, so the games are the same.
        """
        return self._apply(state, seat, action)

    def concede_outcome(self, state: Mapping[str, Any], seat: int, reason: str) -> Outcome:
        """Result when `seat` resigns or forfeits: its team ranks last, the others by standings."""
        teams = self.seat_teams(state)
        loser_team = teams[seat]
        keys = self.standings(state)
        ranked = [(0 if teams[i] == loser_team else 1, *keys[i]) for i in range(len(teams))]
        ranks = Outcome.ranks_from_scores(ranked)
        if reason == "forfeit":
            summary = T("{s%d}が時間切れで敗退しました。" % seat, "{s%d} forfeited on time." % seat)
        else:
            summary = T("{s%d}が投了しました。" % seat, "{s%d} resigned." % seat)
        return Outcome(ranks, reason, summary)


ECHO_CHARS = 60


def echo(typed: str) -> str:
    """A player's typed text made safe to quote in a refusal: short, and with no braces, which texts
    would otherwise read as seat placeholders (typing "{s1}" must not print a seat's name)."""
    clipped = typed if len(typed) <= ECHO_CHARS else typed[: ECHO_CHARS - 1] + "…"
    return clipped.replace("{", "｛").replace("}", "｝")


def clone(state: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of plain JSON data through `marshal`, a C round trip about 3× faster than JSON text
    (and far faster than `copy.deepcopy`); key order and every value come back identical. It would not
    turn a tuple into a list as JSON does, so the conformance suite checks that states stay plain JSON."""
    return marshal.loads(marshal.dumps(state))


def choice(key: str, ja: str, en: str) -> Choice:
    """Shorthand for building choice-tree steps."""
    return Choice(key, Text(ja, en))


def seats_in_order(first: int, players: int) -> Sequence[int]:
    """Seats starting from `first`, going round the table."""
    return [(first + i) % players for i in range(players)]
