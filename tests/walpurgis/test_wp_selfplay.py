"""Random self-play: whole games end without an error, and a whole game containing an interception chain
and a contested square plays from the deck choice to the end and replays identically."""

from engine.core.match import Match
from engine.selfplay import playout, run
from engine.walpurgis import GAME

GAMES = 300


def test_three_hundred_random_games_end_without_an_error() -> None:
    report = run(GAME, 2, GAMES, seed=1)
    assert report.games == GAMES
    assert sum(report.wins.values()) >= GAMES - report.reasons.get("cap", 0)


def test_a_whole_game_with_an_interception_chain_and_a_contested_square() -> None:
    for seed in range(200):
        log: list[tuple[int, str]] = []
        intercepted = contested = False
        for step in playout(GAME, 2, seed):
            log.append((step.seat, step.notation))
            chain = step.match.state["chain"]
            if chain and len(chain["links"]) >= 2:
                intercepted = True
            contested |= step.notation.startswith("strip")
        if intercepted and contested:
            break
    else:
        raise AssertionError("no random game had both an interception and a contested square")
    final = step.match
    assert final.outcome is not None
    replayed = Match.replay(GAME, 2, seed, {}, log)
    assert replayed.state == final.state
