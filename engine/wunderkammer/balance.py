"""Balance figures of the edition under random legal play.

`python -m engine.wunderkammer.balance --games 2000` plays that many games per player count with a
uniformly random agent and prints, per player count: the win rate of each seat and of each place in
turn order (start player first; ties count as shared wins), how often each character ends the game on
a bench, and the mean game length. The edition is tuned so that no seat or turn position wins more than
5 points above its fair share and no character is taken never or always.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.selfplay import MAX_ACTIONS, EndlessGame
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.game import GAME


@dataclass
class Figures:
    """What one player count's games came to."""

    players: int
    games: int = 0
    actions: int = 0
    turns: int = 0
    seat_wins: Counter = field(default_factory=Counter)
    order_wins: Counter = field(default_factory=Counter)
    taken: Counter = field(default_factory=Counter)

    def lines(self) -> list[str]:
        fair = 100 / self.players
        seats = ", ".join(f"{seat}: {100 * self.seat_wins[seat] / self.games:.1f}%" for seat in range(self.players))
        order = ", ".join(f"{place + 1}: {100 * self.order_wins[place] / self.games:.1f}%" for place in range(self.players))
        taken = ", ".join(
            f"{cid} {character.name.en}: {100 * self.taken[cid] / self.games:.1f}%"
            for cid, character in EDITION.characters.items()
        )
        return [
            f"{self.players} players: {self.games} games, {self.actions / self.games:.0f} actions and "
            f"{self.turns / self.games:.0f} turns a game (fair share {fair:.1f}%)",
            f"  wins by seat           {seats}",
            f"  wins by turn order     {order}",
            f"  characters on a bench  {taken}",
        ]


def play_one(players: int, seed: int, options: Mapping[str, str]) -> tuple[dict, int]:
    """One random legal game from `seed`; the final state and the number of actions."""
    agent = random.Random(seed)
    state = GAME.new_state(players, seed, GAME.validate_options(players, options))
    actions = 0
    while decisions := GAME.pending(state):
        seat = decisions[0].seat
        state = GAME.apply_action(state, seat, agent.choice(GAME.legal_actions(state, seat))).state
        actions += 1
        if actions > MAX_ACTIONS:
            raise EndlessGame(f"wunderkammer: no end after {MAX_ACTIONS} actions ({players} players, seed {seed})")
    return state, actions


def measure(players: int, games: int, seed: int, options: Mapping[str, str]) -> Figures:
    figures = Figures(players)
    for index in range(games):
        state, actions = play_one(players, seed + index, options)
        outcome = GAME.outcome(state)
        figures.games += 1
        figures.actions += actions
        figures.turns += state["turn"]
        for seat in outcome.winners:
            share = 1 / len(outcome.winners)
            figures.seat_wins[seat] += share
            figures.order_wins[(seat - state["first"]) % players] += share
        for cid, owner in state["owner"].items():
            if owner is not None:
                figures.taken[cid] += 1
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.wunderkammer.balance", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, action="append", choices=GAME.player_counts)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    for players in args.players or GAME.player_counts:
        for line in measure(players, args.games, args.seed, options).lines():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
