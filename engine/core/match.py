"""The match envelope: one game's state plus what the platform adds for every game.

The platform, not each game, owns:
- the state version (boardgame.io style) that orders commits;
- a decision id per seat, so a seat's open picker stays valid while other seats answer a simultaneous
  window, and is refused only when that seat's own decision changed;
- resignation and forfeit, which are not moves of the game and cannot be typed as one;
- taking back the last action when `engine.core.takeback` finds it fair, for every game alike;
- the public events of the last step, so a board drawn later still shows what just happened;
- the action log that replays the match from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Iterator, Mapping

from engine.core.errors import (
    AmbiguousAction,
    GameOver,
    IllegalAction,
    NotYourDecision,
    StaleDecision,
    StaleVersion,
    TakebackRefused,
)
from engine.core.game import Game, echo
from engine.core.notations import CONCEDE, FORFEIT, INTERNAL_PREFIX, RESIGN, TAKEBACK
from engine.core.takeback import refusal
from engine.core.typed import ambiguous, meant
from engine.core.types import Action, Decision, Event, Frame, Outcome, T, Text

NOTHING_TO_TAKE_BACK = T("取り消せる直前の手がありません。", "There is no last action to take back.")
NOT_YOUR_LAST = T("取り消せるのは、直前の手が自分の手のときだけです。", "You can only take back the last action when it was yours.")


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one accepted input: the new match, the events, and the log entry to store."""

    match: "Match"
    events: tuple[Event, ...]
    seat: int
    notation: str
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """Immutable: every accepted action yields a new Match with `version + 1`.

    `decisions[s]` identifies seat s's pending decision. It changes when s acts, when s starts or stops
    being awaited, or when what s is asked (prompt, kind, legal actions) changes; it stays put while
    other seats answer the same simultaneous window. Legal actions are listed once per seat per match
    object and reused by the picker, the parser and the decision check.
    """

    game: Game
    players: int
    seed: int
    options: Mapping[str, str]
    state: Mapping[str, Any]
    version: int = 0
    concluded: Outcome | None = None
    decisions: tuple[int, ...] = ()
    recent: tuple[Event, ...] = ()
    _legal: dict[int, tuple[Action, ...]] = field(default_factory=dict, compare=False, repr=False)
    _pending: list[tuple[Decision, ...]] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.decisions) != self.players:
            object.__setattr__(self, "decisions", tuple([0] * self.players))

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: Mapping[str, Any]) -> "Match":
        valid = game.validate_options(players, options)
        return cls(game, players, seed, valid, game.new_state(players, seed, valid))

    @property
    def outcome(self) -> Outcome | None:
        return self.concluded or self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def pending(self) -> tuple[Decision, ...]:
        if not self._pending:
            pending = () if self.finished else self.game.pending(self.state)
            self._pending.extend((pending, tuple(dict.fromkeys(decision.seat for decision in pending))))
        return self._pending[0]

    def awaited_seats(self) -> tuple[int, ...]:
        """The seats `pending` awaits, each once in order (kept with it: asked several times a step)."""
        if not self._pending:
            self.pending()
        return self._pending[1]

    def decision_of(self, seat: int) -> Decision | None:
        return next((decision for decision in self.pending() if decision.seat == seat), None)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self._legal:
            self._legal[seat] = () if self.finished else self.game.legal_actions(self.state, seat)
        return self._legal[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def frame(self, seat: int | None) -> Frame:
        """Everything a renderer draws for `seat` (None: the public board): no rule is re-derived there."""
        return Frame(self.view(seat), self.pending(), self.recent, self.outcome, self.version, seat)

    def check_decision(self, seat: int, decision_id: int) -> None:
        """Refuse, saying what changed, when `seat`'s decision is no longer the one `decision_id` named."""
        if not 0 <= seat < self.players:
            raise NotYourDecision(T("このゲームの参加者ではありません。", "You are not playing in this game."))
        if self.finished:
            raise GameOver(T("このゲームは終了しています。", "This game is over."))
        if self.decisions[seat] == decision_id:
            return
        decision = self.decision_of(seat)
        if decision is None:
            raise StaleDecision(T("その選択はもう求められていません(他の操作で状況が変わりました)。",
                                  "That choice is no longer asked of you: the game moved on."), None)
        raise StaleDecision(T("あなたの選択が変わりました。", "Your decision has changed."), decision.prompt)

    def find(self, seat: int, notation: str) -> Action:
        """The legal action of `seat` with this notation (listed, or typed: `Game.typed_action`), else the
        one listed action the text means read loosely (`engine.core.typed`), or the reason why not."""
        wanted = notation.strip()
        listed = self.legal_actions(seat)
        for action in listed:
            if action.notation == wanted:
                return action
        typed = self.game.typed_action(self.state, seat, wanted) if seat in self.awaited_seats() else None
        if typed is not None:
            return typed
        fits = meant(listed, wanted)
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise AmbiguousAction(ambiguous(echo(wanted), fits))
        raise IllegalAction(self.game.explain_illegal(self.state, seat, echo(wanted)))

    def play(self, seat: int, move: str | Action, expected_version: int | None = None,
             decision_id: int | None = None) -> Step:
        """Apply one move of `seat`. Raises a GameError and changes nothing when it is refused.

        `decision_id` (what a picker carries) accepts the move while that seat's decision is unchanged,
        whatever other seats did meanwhile; `expected_version` demands the exact state instead.
        """
        if self.finished:
            raise GameOver(T("このゲームは終了しています。", "This game is over."))
        if expected_version is not None and expected_version != self.version:
            raise StaleVersion(
                T("盤面が更新されています。最新のボードから操作してください。", "The board has moved on; act from the latest board.")
            )
        if not 0 <= seat < self.players:
            raise NotYourDecision(T("このゲームの参加者ではありません。", "You are not playing in this game."))
        if decision_id is not None:
            self.check_decision(seat, decision_id)
        if seat not in self.awaited_seats():
            raise NotYourDecision(T("今はあなたの番ではありません。", "It is not your turn."))
        notation = move if isinstance(move, str) else move.notation
        if notation.strip().startswith(INTERNAL_PREFIX):
            raise IllegalAction(T(f"「{echo(notation)}」は使えません。", f"“{echo(notation)}” is not available."))
        action = move if any(move is legal for legal in self.legal_actions(seat)) else self.find(seat, notation)
        transition = self.game.apply_action(self.state, seat, action)
        state, version = transition.state, self.version + 1
        recent = tuple(event for event in transition.events if event.seat is None) or (chose(seat),)
        # Built field by field: `dataclasses.replace` cost more than the envelope's own work. The final
        # Match keeps the caches (legal actions, pending) that working out its decision ids filled.
        moved = Match(self.game, self.players, self.seed, self.options, state, version, self.concluded,
                      self.decisions, recent)
        decisions = self._next_decisions(moved, seat)
        moved = Match(self.game, self.players, self.seed, self.options, state, version, self.concluded,
                      decisions, recent, moved._legal, moved._pending)
        return Step(moved, transition.events, seat, action.notation, action)

    def _next_decisions(self, after: "Match", actor: int) -> tuple[int, ...]:
        """New decision ids: the actor's always moves on; another seat's only if what it is asked changed."""
        before_seats, after_seats = set(self.awaited_seats()), set(after.awaited_seats())
        ids = list(self.decisions)
        for seat in range(self.players):
            if seat == actor or (seat in before_seats) != (seat in after_seats):
                ids[seat] += 1
            elif seat in before_seats and self._fingerprint(seat) != after._fingerprint(seat):
                ids[seat] += 1
        return tuple(ids)

    def _fingerprint(self, seat: int) -> tuple[Any, ...]:
        decision = self.decision_of(seat)
        assert decision is not None
        return decision.prompt, decision.kind, tuple(action.notation for action in self.legal_actions(seat))

    def concede(self, seat: int, reason: str = "resign") -> Step:
        """`seat` resigns (or forfeits on time): a platform act, never a move typed by a player."""
        if self.finished:
            raise GameOver(T("このゲームは終了しています。", "This game is over."))
        if not 0 <= seat < self.players:
            raise NotYourDecision(T("このゲームの参加者ではありません。", "You are not playing in this game."))
        notation = RESIGN if reason == "resign" else FORFEIT
        outcome = self.game.concede_outcome(self.state, seat, CONCEDE[notation])
        event = Event(outcome.summary)
        ids = tuple(number + 1 for number in self.decisions)
        moved = replace(self, version=self.version + 1, concluded=outcome, decisions=ids, recent=(event,),
                        _legal={}, _pending=[])
        return Step(moved, (event,), seat, notation)

    def take_back(
        self, before: "Match", seat: int, last: tuple[int, str] | None, expected_version: int | None = None
    ) -> Step:
        """`seat` takes back the log's last entry `last` (seat, notation), which turned `before` into this match.

        Refused with TakebackRefused, changing nothing, unless `last` is `seat`'s own move and
        `takeback.refusal` finds it fair. The new match holds exactly `before`'s state under a new
        version, and every seat's decision id moves on, so no picker drawn earlier is accepted.
        """
        if expected_version is not None and expected_version != self.version:
            raise StaleVersion(
                T("盤面が更新されています。最新のボードから操作してください。", "The board has moved on; act from the latest board.")
            )
        if last is None or before.version + 1 != self.version:
            raise TakebackRefused(NOTHING_TO_TAKE_BACK)
        if last[0] != seat:
            raise TakebackRefused(NOT_YOUR_LAST)
        reason = refusal(before, self, *last)
        if reason is not None:
            raise TakebackRefused(reason)
        event = Event(T("{s%d}が直前の手を取り消しました。" % seat, "{s%d} took back their last action." % seat))
        ids = tuple(number + 1 for number in self.decisions)
        restored = replace(before, version=self.version + 1, decisions=ids, recent=(event,), _legal={}, _pending=[])
        return Step(restored, (event,), seat, TAKEBACK)

    @classmethod
    def replay(
        cls, game: Game, players: int, seed: int, options: Mapping[str, Any], log: Iterable[tuple[int, str]]
    ) -> "Match":
        """Rebuild a match from its seed and action log; raises if any logged entry is now refused."""
        match = cls.start(game, players, seed, options)
        for step in match.replay_steps(log):
            match = step.match
        return match

    def replay_steps(self, log: Iterable[tuple[int, str]],
                     latest: "tuple[Match, tuple[int, str]] | None" = None) -> Iterator[Step]:
        """Each logged entry applied in turn from this match, exactly as the platform accepted it.

        A takeback needs the match before the entry it undoes, so that one is remembered as we go: a
        takeback with no move before it, after another seat's move or after another takeback is refused
        with the same TakebackRefused the live game would have raised. A replay continued from a position
        part-way through a log passes `latest`: the match before the last entry applied, and that entry.
        """
        match = self
        for seat, notation in log:
            if notation != TAKEBACK:
                step = match.replay_step(seat, notation)
            elif latest is None:
                raise TakebackRefused(NOTHING_TO_TAKE_BACK)
            else:
                step = match.take_back(latest[0], seat, latest[1])
            latest, match = (match, (seat, notation)), step.match
            yield step

    def replay_step(self, seat: int, notation: str) -> Step:
        """One logged move or resignation/forfeit; a takeback also needs the match before (`replay_steps`)."""
        if notation in CONCEDE:
            return self.concede(seat, CONCEDE[notation])
        return self.play(seat, notation)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "state": self.state,
            "version": self.version,
            "concluded": self.concluded.to_json() if self.concluded else None,
            "decisions": list(self.decisions),
            "recent": [event.to_json() for event in self.recent],
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> "Match":
        concluded = data.get("concluded")
        return cls(
            game,
            data["players"],
            data["seed"],
            data["options"],
            data["state"],
            data["version"],
            Outcome.from_json(concluded) if concluded else None,
            tuple(data.get("decisions", ())),
            tuple(Event.from_json(event) for event in data.get("recent", ())),
        )

    def cancelled(self) -> "Match":
        """The match ended without a result (host cancelled)."""
        summary = Text("ゲームは中止されました。", "The game was cancelled.")
        outcome = Outcome(tuple(1 for _ in range(self.players)), "cancel", summary)
        ids = tuple(number + 1 for number in self.decisions)
        return replace(self, version=self.version + 1, concluded=outcome, decisions=ids,
                       recent=(Event(summary),), _legal={}, _pending=[])


def chose(seat: int) -> Event:
    """The board's "last step" line for a step that logged nothing public (a secret answer, a follow-up
    opened): who acted, which the table saw, and nothing of what they chose."""
    return Event(T(f"{{s{seat}}}が選択しました。", f"{{s{seat}}} made a choice."))
