"""The game contract, checked against every registered game and every allowed player count.

Random playouts through the Match envelope; at every step: whoever is awaited has legal actions with
unique notations and a choice tree the picker can show (≤25 keys per level), a sample of legal actions
applies, the state round-trips through JSON, views are JSON and leak nothing (a seat's view is unchanged
when everything hidden from it is re-dealt), garbage is refused without change; the game ends and its
replay from seed + log reproduces it. A decision marked public offers the same actions on every state a
spectator cannot tell apart from the true one.
"""

from __future__ import annotations

import json
import marshal
import random
from collections import defaultdict
from typing import Any

import pytest

from engine import registry
from engine.core.errors import GameError, IllegalAction, MalformedAction, NotYourDecision
from engine.core.game import Game
from engine.core.match import Match
from engine.core.rng import Rng
from engine.core.types import Event, Outcome
from engine.selfplay import playout

PLAYOUTS = 4
CHECK_EVERY = 3
LATER_CHECK_EVERY = 9
"""The views, garbage and sample checks run every 3rd step of an option set's first playout and every 9th of
the others (the others still cover other positions; each check replays every seat's view on a re-dealt state)."""
APPLY_SAMPLE = 6
PUBLIC_RESAMPLES = 3

CASES = [
    pytest.param(game, players, id=f"{game.id}-{players}p")
    for game in registry.games().values()
    for players in game.player_counts
]


def option_sets(game: Game, players: int) -> list[dict[str, str]]:
    """Defaults, plus each allowed value of each option once, so every setup mode gets played."""
    sets: list[dict[str, str]] = [{}]
    for spec in game.options:
        for value in spec.choices:
            if value.key != spec.default and spec.allowed(value.key, players):
                candidate = {spec.key: value.key}
                try:
                    game.validate_options(players, candidate)
                except GameError:
                    continue
                sets.append(candidate)
    return sets


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def check_choice_tree(match: Match, seat: int) -> None:
    actions = match.legal_actions(seat)
    notations = [action.notation for action in actions]
    assert len(notations) == len(set(notations)), f"duplicate notations: {notations}"
    children: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for action in actions:
        assert action.path, f"{action.notation}: empty choice path"
        assert not action.notation.startswith("!")
        keys = tuple(step.key for step in action.path)
        for depth in range(len(keys)):
            children[keys[:depth]].add(keys[depth])
        for step in action.path:
            assert step.label.ja and step.label.en, f"{action.notation}: missing label"
    for prefix, keys in children.items():
        assert len(keys) <= 25, f"{len(keys)} options under {prefix}"
    paths = [tuple(step.key for step in action.path) for action in actions]
    assert len(paths) == len(set(paths)), "two actions share one choice path"
    leaves = set(paths)
    for path in paths:
        for depth in range(1, len(path)):
            assert path[:depth] not in leaves, f"{path[:depth]} is both a leaf and a branch"


def check_views(game: Game, match: Match, rng: Rng, resample_changes: list[bool]) -> None:
    state = match.state
    for seat in [None, *range(match.players)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view, "view is not plain JSON"
        resampled = game.resample(state, seat, rng)
        assert game.view(resampled, seat) == view, f"view of seat {seat} depends on hidden information"
        if resampled != state:
            resample_changes.append(True)
        check_playable(game, resampled)


def check_playable(game: Game, state: dict[str, Any]) -> None:
    """A resampled world is a legal position: the AI searches it and the takeback check plays the same
    action on it, so every awaited seat's every legal action must apply there."""
    for decision in game.pending(state):
        for action in game.legal_actions(state, decision.seat):
            game.apply_action(state, decision.seat, action)


def check_garbage(game: Game, match: Match, rng: random.Random) -> None:
    before = marshal.loads(marshal.dumps(match.state))
    awaited = match.awaited_seats()
    garbage = ["", "zz:zz", "!nope", "\u6226" * 3, "play:" + "9" * 40, " ".join(map(str, range(30)))]
    for seat in awaited:
        for notation in garbage:
            with pytest.raises((IllegalAction, MalformedAction, NotYourDecision)):
                match.play(seat, notation)
    idle = [seat for seat in range(match.players) if seat not in awaited]
    if idle and awaited:
        notation = rng.choice(match.legal_actions(awaited[0])).notation
        with pytest.raises(NotYourDecision):
            match.play(rng.choice(idle), notation)
    assert match.state == before, "a refused input changed the state"


def check_events(events: tuple[Event, ...], players: int) -> None:
    for event in events:
        assert json.loads(json.dumps(event.to_json())) == event.to_json()
        assert event.seat is None or 0 <= event.seat < players
        names = {i: f"P{i}" for i in range(players)}
        for locale in ("ja", "en"):
            text = event.text.render(locale, names)
            assert text and "{s" not in text, f"unrendered placeholder in {text!r}"


@pytest.mark.parametrize("game,players", CASES)
def test_random_playouts_obey_the_contract(game: Game, players: int) -> None:
    rng = random.Random(players)
    resample_rng = Rng(99)
    resample_changes: list[bool] = []
    for options in option_sets(game, players):
        for index in range(PLAYOUTS):
            seed = 1000 * players + index
            log: list[tuple[int, str]] = []
            match = Match.start(game, players, seed, options)
            steps = 0
            for step in playout(game, players, seed, options):
                assert match.pending(), "a step was produced although nobody was awaited"
                for decision in match.pending():
                    assert match.legal_actions(decision.seat), f"seat {decision.seat} awaited without legal actions"
                    check_choice_tree(match, decision.seat)
                if steps % (CHECK_EVERY if index == 0 else LATER_CHECK_EVERY) == 0:
                    check_views(game, match, resample_rng, resample_changes)
                    check_garbage(game, match, rng)
                    seat = match.awaited_seats()[0]
                    for action in rng.sample(list(match.legal_actions(seat)), min(APPLY_SAMPLE, len(match.legal_actions(seat)))):
                        match.play(seat, action.notation)
                check_events(step.events, players)
                log.append((step.seat, step.notation))
                match = step.match
                assert json.loads(json.dumps(match.state)) == match.state, "state is not plain JSON"
                restored = Match.from_json(game, json.loads(json.dumps(match.to_json())))
                assert restored.to_json() == match.to_json()
                steps += 1
            outcome = match.outcome
            assert isinstance(outcome, Outcome), "the playout stopped without an outcome"
            assert len(outcome.ranks) == players and min(outcome.ranks) == 1
            assert match.pending() == ()
            replayed = Match.replay(game, players, seed, options, log)
            assert canonical(replayed.state) == canonical(match.state), "replay diverged"
    assert resample_changes, "resample never changed anything: hidden information is not being re-dealt"


def public_claims(game: Game, state: dict[str, Any]) -> dict[int, bool]:
    return {decision.seat: decision.public for decision in game.pending(state)}


def notations(game: Game, state: dict[str, Any], seat: int) -> list[str]:
    return [action.notation for action in game.legal_actions(state, seat)]


def check_public_decisions(game: Game, state: dict[str, Any], rng: Rng) -> int:
    """A decision marked public offers the same actions whatever is hidden from a spectator, and is marked
    public whatever is hidden: the platform takes a forced public choice at once, so neither its options
    nor the flag may hang on a hand or a bag, or the timing would tell. Returns how many were checked."""
    claims = public_claims(game, state)
    expected = {seat: notations(game, state, seat) for seat, public in claims.items() if public}
    for _ in range(PUBLIC_RESAMPLES):
        resampled = game.resample(state, None, rng)
        assert public_claims(game, resampled) == claims, "which decisions are public depends on hidden information"
        for seat, wanted in expected.items():
            assert notations(game, resampled, seat) == wanted, f"seat {seat}'s public options depend on hidden information"
    return len(expected)


@pytest.mark.parametrize("game,players", CASES)
def test_public_decisions_follow_from_public_information(game: Game, players: int) -> None:
    resample_rng = Rng(17)
    for options in option_sets(game, players):
        for index in range(PLAYOUTS):
            seed = 1000 * players + index
            check_public_decisions(game, Match.start(game, players, seed, options).state, resample_rng)
            for step in playout(game, players, seed, options):
                check_public_decisions(game, step.match.state, resample_rng)


@pytest.mark.parametrize("game,players", CASES)
def test_resign_ends_the_game_with_the_resigner_last(game: Game, players: int) -> None:
    match = Match.start(game, players, 7, {})
    with pytest.raises(GameError):
        match.play(players - 1, "!resign")
    step = match.concede(players - 1)
    outcome = step.match.outcome
    assert outcome is not None and outcome.reason == "resign"
    teams = game.seat_teams(match.state)
    assert all(outcome.ranks[seat] == max(outcome.ranks) for seat in range(players) if teams[seat] == teams[players - 1])
    assert min(outcome.ranks) == 1
    with pytest.raises(GameError):
        step.match.play(0, match.legal_actions(match.awaited_seats()[0])[0].notation if match.awaited_seats() else "x")


@pytest.mark.parametrize("game,players", CASES)
def test_bad_options_are_refused(game: Game, players: int) -> None:
    with pytest.raises(GameError):
        game.validate_options(players, {"no-such-option": "1"})
    for spec in game.options:
        with pytest.raises(GameError):
            game.validate_options(players, {spec.key: "no-such-value"})
    with pytest.raises(GameError):
        game.validate_options(max(game.player_counts) + 1, {})


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in registry.games().values()])
def test_game_metadata_is_bilingual(game: Game) -> None:
    assert game.id.isascii() and game.id.isalnum() and game.id.islower()
    assert game.name.ja and game.name.en
    assert game.player_counts
    for spec in game.options:
        assert spec.label.ja and spec.label.en
        assert 1 <= len(spec.choices) <= 25
        assert spec.default in {choice.key for choice in spec.choices}


@pytest.mark.parametrize("game,players", CASES)
def test_typed_text_is_quoted_safely_in_refusals(game: Game, players: int) -> None:
    match = Match.start(game, players, 3, {})
    seat = match.awaited_seats()[0]
    for typed in ("{s0}", "x" * 500, "{0}{1}", "!{s1}"):
        try:
            match.play(seat, typed)
        except GameError as refused:
            for locale in ("ja", "en"):
                text = refused.reason.render(locale, {0: "NAME0", 1: "NAME1"})
                assert "NAME" not in text and "{" not in text and len(text) < 300
        else:
            raise AssertionError(f"{typed!r} was accepted")


@pytest.mark.parametrize("game,players", CASES)
def test_forged_option_values_are_quoted_safely(game: Game, players: int) -> None:
    for options in ({"{s0}": "x"}, *({spec.key: "{s1}" + "x" * 300} for spec in game.options)):
        with pytest.raises(GameError) as refused:
            game.validate_options(players, options)
        text = refused.value.reason.render("en", {0: "NAME0", 1: "NAME1"})
        assert "NAME" not in text and "{" not in text and len(text) < 300
