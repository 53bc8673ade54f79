"""Walpurgis images: every stage and chain step renders for both seats and a spectator, small, never square
and readable on a phone in both languages; hidden cards are never drawn; a square stripped by both
players at once looks the same to the other whatever the first chose; the chain's stack and squares are
drawn; the card sheets show every card."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

from PIL import Image

from engine.core.match import Match
from engine.selfplay import playout
from engine.walpurgis import GAME
from engine.walpurgis.cards import EDITION
from engine.walpurgis.scenario import build, play
from renderers import strips
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.walpurgis import RENDERER
from renderers.walpurgis_cards import card_page, cards_pages
from tests.e2e.test_walpurgis_e2e import ALICE_CODE, steer
from tests.renderers.framing import frame_of
from tests.renderers.test_legibility import Drawn, check, drawn, names  # noqa: F401 - `drawn` is a fixture

SIZE_LIMIT = 80 * 1024


def encoded(image: Image.Image | None) -> bytes:
    assert image is not None
    data = tk.encode_image(image)
    opened = Image.open(io.BytesIO(data))
    assert opened.format == "WEBP" and len(data) <= SIZE_LIMIT, len(data)
    assert opened.width == tk.CANVAS_WIDTH and abs(opened.width - opened.height) >= 100
    return data


def key_of(match: Match) -> tuple[Any, ...]:
    view = match.view(None)
    chain = view["chain"]
    return (view["stage"], chain and chain["step"], chain and chain["processing"] and chain["processing"]["mode"])


def steered(seed: int) -> Iterator[Match]:
    """Every position of one game played by the e2e test's fight-seeking policy."""
    rng = random.Random(seed)
    match = Match.start(GAME, 2, seed, {})
    yield match
    match = match.play(0, match.find(0, f"deck:{ALICE_CODE}")).match
    yield match
    while not match.finished:
        seat = rng.choice(match.awaited_seats())
        match = match.play(seat, steer(match, seat, rng)).match
        yield match


def contested() -> dict[str, Any]:
    """Seat 0's Fantasy Seal resolves while 3c holds a 陣 and danmaku of both players, face-down and face
    up on each side: both must strip a card there at once."""
    state = build(field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "2c": ["0:R01:act"],
                         "3c": ["0:R12:up", "0:R00:dm", "1:S01:du", "1:S00:dm"]}, hands={0: ["R03"], 1: ["S02"]}, turn=0)
    state, _ = play(state, (0, "activate 2c"), (0, "fire none"), (1, "pass"))
    return state


def sampled() -> list[Match]:
    found: dict[tuple[Any, ...], Match] = {}
    for seed in (20, 9):
        for match in steered(seed):
            found.setdefault(key_of(match), match)
    for step in playout(GAME, 2, seed=3):
        found.setdefault(key_of(step.match), step.match)
    built = Match(GAME, 2, 1, GAME.validate_options(2, {}), contested())
    found.setdefault(key_of(built), built)
    middle = list(steered(20))[60]
    return [*found.values(), middle.concede(1).match]


def test_every_stage_and_chain_step_renders_small_and_readable_for_every_viewer(drawn: list[Drawn]) -> None:
    matches = sampled()
    keys = {key_of(match) for match in matches}
    stages = {key[0] for key in keys}
    steps = {key[1] for key in keys if key[1]}
    assert {"deck", "mulligan", "initial", "main", "chain", "end", "over"} <= stages
    assert {"barrage", "intercept", "proc"} <= steps and ("chain", "proc", "strip") in keys
    for match in matches:
        for locale in ("ja", "en"):
            ctx = RenderContext(locale, names(2), "walpurgis #12345")
            encoded(RENDERER.board(match.frame(None), ctx))
            for seat in (0, 1):
                private = RENDERER.private(match.frame(seat), ctx)
                if private is not None or match.view(seat)["players"][seat]["hand"]:
                    encoded(private)
    assert any(d.text in names(2) for d in drawn), "the players' names are drawn"
    check(drawn)


def test_hidden_cards_are_never_drawn(drawn: list[Drawn]) -> None:
    """Seat 1's active and dormant 陣 and face-down danmaku show their backs to everyone else; its own
    private image names its active 陣 (the one face-down card the rules let it look at)."""
    state = build(field={"2c": ["0:R00:up"], "4c": ["1:S05:act"], "4d": ["1:S09:dor"], "3a": ["1:S13:dm"]},
                  hands={0: ["R01"], 1: ["S02"]}, turn=0)
    secret = {"S05", "S09", "S13"} | {EDITION.card(cid).name.get(locale) for cid in ("S05", "S09", "S13") for locale in ("ja", "en")}
    for locale in ("ja", "en"):
        ctx = RenderContext(locale, names(2))
        RENDERER.board(frame_of(GAME, state, None), ctx)
        RENDERER.private(frame_of(GAME, state, 0), ctx)
    assert not any(word in d.text for d in drawn for word in secret)
    drawn.clear()
    RENDERER.private(frame_of(GAME, state, 1), RenderContext("en", names(2)))
    assert any("4c Red Magic" in d.text for d in drawn), "its owner sees its active jin"
    assert not any("S09" in d.text or "S13" in d.text for d in drawn), "nobody looks at dormant jin or danmaku"


def test_a_square_stripped_at_once_looks_the_same_to_the_other_whatever_was_chosen(drawn: list[Drawn]) -> None:
    state = contested()
    assert [decision.kind for decision in GAME.pending(state)] == ["simultaneous", "simultaneous"]
    ctx = RenderContext("en", names(2))
    seen = set()
    for choice in ("strip 3c jin", "strip 3c dm"):
        answered, events = play(state, (0, choice))
        assert [decision.seat for decision in GAME.pending(answered)] == [1]
        public = RENDERER.board(frame_of(GAME, answered, None, events), ctx).tobytes()
        other = RENDERER.private(frame_of(GAME, answered, 1, events), ctx)
        assert other is not None
        seen.add((public, other.tobytes()))
    assert len(seen) == 1, "the first answer shows in no image the other player or the table sees"
    assert any("both strip one card at once. Answered: A" in d.text for d in drawn)


def test_the_chain_stack_and_its_squares_are_drawn(drawn: list[Drawn]) -> None:
    state = build(field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "2c": ["0:R01:act"], "4c": ["1:S00:up"]}, turn=0)
    state, events = play(state, (0, "activate 2c"))
    RENDERER.board(frame_of(GAME, state, None, events), RenderContext("en", names(2)))
    texts = [d.text for d in drawn]
    assert "#1" in texts and any("Fantasy Seal (R01) @ 2c" in text for text in texts)
    assert any("activation 1b 1d · targets 3b 3c 3d" in text for text in texts)
    assert "hatched: #1's danmaku targets" in " ".join(texts)
    assert "③ Placing danmaku" in texts


def test_the_card_sheets_show_every_card_small_and_readable(drawn: list[Drawn]) -> None:
    for locale in ("ja", "en"):
        ctx = RenderContext(locale, ())
        pages = cards_pages(ctx)
        assert len(pages) <= 10, "one message holds them all"
        for page in pages:
            encoded(page)
        encoded(card_page(ctx, "R02"))
        titles = {d.text for d in drawn}
        for cid, card in EDITION.cards.items():
            assert f"{card.name.get(locale)} ({cid})" in titles
    assert len(cards_pages(RenderContext("en", ()), "remilia")) == 2
    check(drawn)


def test_english_images_and_choices_say_jin_and_every_step_says_what_happened(drawn: list[Drawn]) -> None:
    """No untranslated 陣 on an English board, hand or choice label; a step that places no danmaku says
    so, so the "last step" line never claims that nothing has happened mid-game."""
    state = build(field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "2c": ["0:R01:act"]},
                  hands={0: ["R03"], 1: ["S02"]}, turn=0)
    state, _ = play(state, (0, "activate 2c"))
    quiet, events = play(state, (0, "fire none"))
    assert [event.text.en for event in events if event.seat is None][-1].endswith("placed no danmaku.")
    frame = frame_of(GAME, quiet, None, events)
    ctx = RenderContext("en", names(2), "walpurgis #12345")
    assert strips.news_text(ctx, frame) == strips.recent_text(ctx, frame.recent) != ""
    for match in sampled():
        RENDERER.board(match.frame(None), ctx)
        for seat in (0, 1):
            RENDERER.private(match.frame(seat), ctx)
            for action in match.legal_actions(seat):
                assert all("陣" not in choice.label.en for choice in action.path), action.notation
    said = [d.text for d in drawn]
    assert any("jin" in text.lower() for text in said)
    alone = re.compile(r"(?<![\u3040-\u9fff])陣(?![\u3040-\u9fff])")  # not within a Japanese card name
    assert not [text for text in said if alone.search(text)]
