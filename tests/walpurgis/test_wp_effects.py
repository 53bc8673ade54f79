"""The effect primitives card texts are built from (this edition's B/D/A/E/T texts), each on a built
position, and the limit of danmaku by the deck."""

from engine.core.types import Event
from engine.walpurgis import board, primitives
from engine.walpurgis.effects import Effect, describe
from engine.walpurgis.scenario import at, build, legal, play


def apply(state: dict, effect: Effect, square: str = "3c", owner: int = 0) -> list[int]:
    events: list[Event] = []
    return primitives.apply(state, owner, board.parse_square(square), effect, events)


def test_draw_discard_recover_salvage() -> None:
    state = build(hands={1: ["S01", "S02"]}, decks={0: ["R01", "R02"]}, piles={0: ["R03", "R04"]}, discard={0: ["R05", "R06"]})
    apply(state, Effect("draw", n=1))
    apply(state, Effect("discard", n=1))
    apply(state, Effect("recover", n=2))
    apply(state, Effect("salvage", n=1))
    assert state["hand"][0] == ["R01", "R06"] and state["known"][0] == ["R06"]
    assert len(state["hand"][1]) == 1 and len(state["discard"][1]) == 1
    assert state["deck"][0] == ["R02", "R04", "R03"] and state["pile"][0] == []


def test_danmaku_destroy_reveal_sleep_move_awaken() -> None:
    state = build(field={"4c": ["1:S01:act"], "4b": ["1:S02:up"], "4d": ["1:S03:up"], "1a": ["0:R01:dor"]}, decks={0: ["R07", "R08"]})
    assert apply(state, Effect("danmaku", at=((0, 2), (1, 2), (2, 0)))) == [22, 23], "5c and 5d; the deck ran out before 3e"
    assert state["deck"][0] == []
    apply(state, Effect("destroy", at=((0, 1),)))
    assert at(state, "4c") == [] and state["discard"][1] == ["S01"]
    apply(state, Effect("reveal", at=((0, 2),)))
    assert at(state, "5c") == [(0, "R07", "du")]
    apply(state, Effect("sleep", at=((-1, 1), (1, 1))))
    assert at(state, "4b") == [(1, "S02", "dor")] and at(state, "4d") == [(1, "S03", "dor")]
    apply(state, Effect("move", at=((1, 2),), to=(0, 1)))
    assert at(state, "5d") == [] and at(state, "4c") == [(0, "R08", "dm")]
    apply(state, Effect("awaken", n=1))
    assert at(state, "1a") == [(0, "R01", "act")]


def test_a_never_face_down_card_is_not_put_to_sleep() -> None:
    state = build(field={"4c": ["1:N02:up"]})
    apply(state, Effect("sleep", at=((0, 1),)))
    assert at(state, "4c") == [(1, "N02", "up")]


def test_effects_read_from_the_second_seats_side() -> None:
    state = build(field={"2c": ["0:R01:act"]}, turn=1)
    apply(state, Effect("destroy", at=((0, 1),)), owner=1)
    assert at(state, "2c") == []


def test_danmaku_choices_are_limited_by_the_deck() -> None:
    state = build(field={"2c": ["0:M12:up"]}, hands={0: ["M09"]}, decks={0: ["M00"]})
    state, _ = play(state, (0, "place M09 3c up"))
    assert legal(state, 0) == {"fire none", "fire 3b", "fire 3d"}


def test_every_primitive_reads_in_both_languages() -> None:
    for effect in (Effect("draw", n=1), Effect("danmaku", at=((0, 1),)), Effect("move", at=((0, 1),), to=(0, 2))):
        text = describe(effect)
        assert text.ja and text.en and "{" not in text.en
    assert describe(Effect("draw", n=1)).en == "Draw 1 card."
