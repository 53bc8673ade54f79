"""ART OF WAR as a Game: the contract's methods wired to the rule modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import Game, OptionSpec, choice
from engine.core.rng import Rng
from engine.core.types import Action, Choice, Decision, Event, Outcome, T, Text
from engine.artofwar import actions, choosing, decks, explain, flow, hidden, resolve, victory, views

FIRST_RANDOM = "random"
DECK_OPTIONS = ("deck1", "deck2")
"""Seat 1's and seat 2's decks: `choose` (the player picks privately when the game starts, the
default), or — for a table that agrees on open decks — a starter's key, a KING's id (its recommended
deck) or a deck code."""


def deck_option(key: str, number: int) -> OptionSpec:
    private = Choice(decks.CHOOSE, T("各自が非公開で選ぶ", "Each player chooses privately"))
    return OptionSpec(
        key,
        T(f"{number}番目の席のデッキ", f"Seat {number}'s deck"),
        (private, *(Choice(starter.key, T(f"{starter.name.ja}(公開)", f"{starter.name.en} (open)")) for starter in decks.STARTERS.values())),
        decks.CHOOSE,
    )


class ArtOfWar(Game):
    """Stateless rules object; every rule lives in the package's modules, this class only routes to them."""

    id = "artofwar"
    name = T("アート・オブ・ウォー", "ART OF WAR")
    player_counts = (2,)
    options = (
        deck_option("deck1", 1),
        deck_option("deck2", 2),
        OptionSpec(
            "first",
            T("先攻", "First player"),
            (choice(FIRST_RANDOM, "ランダム", "Random"), choice("1", "1番目の席", "Seat 1"), choice("2", "2番目の席", "Seat 2")),
            FIRST_RANDOM,
        ),
    )
    summary = T(
        "KINGと20枚の家臣で国を作り、戦場で戦う2人用カードゲーム。処刑・建国・終戦・滅亡のいずれかで決着。",
        "A 2-player card game: a KING and 20 retainers make your country. Win by execution, by founding "
        "the nation, at the war's end, or when the enemy is ruined.",
    )

    def validate_options(self, players: int, options: Mapping[str, Any]) -> dict[str, str]:
        """As the base class, except that a deck option also takes any KING's id or a deck code."""
        given = {key: str(options[key]) for key in DECK_OPTIONS if key in options}
        rest = {key: value for key, value in options.items() if key not in DECK_OPTIONS}
        result = super().validate_options(players, rest)
        for key, value in given.items():
            result[key] = decks.normalise(value)
        return result

    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        values = [options.get(key, decks.CHOOSE) for key in DECK_OPTIONS]
        chosen = [None if value == decks.CHOOSE else decks.resolve(value) for value in values]
        first = options.get("first", FIRST_RANDOM)
        return flow.new_state(seed, chosen, None if first == FIRST_RANDOM else int(first) - 1)

    def pending(self, state: Mapping[str, Any]) -> tuple[Decision, ...]:
        return actions.decisions(state)

    def legal_actions(self, state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
        return actions.legal_actions(state, seat)

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        return resolve.apply(state, seat, action.notation)

    def typed_action(self, state: Mapping[str, Any], seat: int, notation: str) -> Action | None:
        """Any valid deck code while the seat chooses its deck (the listed actions are the presets)."""
        return choosing.typed(state, seat, notation)

    def explain_illegal(self, state: Mapping[str, Any], seat: int, notation: str) -> Text:
        return explain.why(state, seat, notation)

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        return victory.outcome(state)

    def standings(self, state: Mapping[str, Any]) -> list[tuple]:
        return victory.standings(state)

    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        return hidden.resample(state, seat, rng)


GAME = ArtOfWar()
