"""Wunderkammer images: every view of sampled games renders small, never square and readable on a phone
in both languages; the board draws the field as the score sheet (cards left, values), where each
character is, put cards face down as a count (their kinds only in their owner's private image), the
last action outlined; the end is the score sheet; the card list as an image and as text."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.core.match import Match
from engine.core.types import Event, T
from engine.wunderkammer import GAME
from engine.wunderkammer.scenario import build
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.wunderkammer import RENDERER
from renderers.wunderkammer_cards import cards_pages, cards_text
from renderers.wunderkammer_parts import marks
from tests.renderers.framing import frame_of
from tests.renderers.test_legibility import Drawn, check, drawn, names  # noqa: F401 - `drawn` is a fixture

SIZE_LIMIT = 300 * 1024


def played(players: int, seed: int, options: dict[str, str] | None = None) -> list[Match]:
    rng = random.Random(seed)
    match = Match.start(GAME, players, seed, options or {})
    matches = [match]
    while not match.finished:
        seat = match.awaited_seats()[0]
        match = match.play(seat, rng.choice(match.legal_actions(seat)).notation).match
        matches.append(match)
    return matches


def sampled(players: int, seed: int, options: dict[str, str] | None = None) -> list[Match]:
    """The start, one match of every step kind, points between, the end, and the middle conceded."""
    matches = played(players, seed, options)
    picked = {0, len(matches) // 3, len(matches) // 2, len(matches) - 1}
    first: dict[object, int] = {}
    for index, match in enumerate(matches):
        first.setdefault((match.state["step"], (match.state["pick"] or {}).get("t")), index)
    picked |= set(first.values())
    return [matches[index] for index in sorted(picked)] + [matches[len(matches) // 2].concede(0).match]


def encoded(image: Image.Image) -> bytes:
    data = tk.encode_image(image)
    opened = Image.open(io.BytesIO(data))
    assert opened.format == "WEBP" and len(data) < SIZE_LIMIT
    assert opened.width == tk.CANVAS_WIDTH and abs(opened.width - opened.height) >= 100
    return data


def texts(drawn: list[Drawn]) -> list[str]:
    return [d.text for d in drawn]


def test_every_view_of_sampled_games_renders_small_and_readable(drawn: list[Drawn]) -> None:
    for players, seed, options in ((2, 3, {}), (3, 5, {"abilities": "simple"}), (4, 8, {})):
        for match in sampled(players, seed, options):
            for locale in ("ja", "en"):
                ctx = RenderContext(locale, names(players), "wunderkammer #12345")
                encoded(RENDERER.board(match.frame(None), ctx))
                for seat in range(players):
                    private = RENDERER.private(match.frame(seat), ctx)
                    assert private is not None
                    encoded(private)
        assert any(d.text in names(players) for d in drawn), "the players' names are drawn"
    check(drawn)


def test_the_board_shows_the_field_like_the_score_sheet_and_where_each_character_is(drawn: list[Drawn]) -> None:
    state = build(3, lines={0: ["S2x2", "H3"], 1: ["D4x3"]}, bench={1: ["c1"], 2: ["c5"]},
                  trash={0: ["D9x6"], 2: ["C8x2"]}, field={"D9": 0, "C8": 4})
    frame = frame_of(GAME, state)
    RENDERER.board(frame, RenderContext("en", ("Ann", "Ben", "Cat")))
    seen = texts(drawn)
    assert "♠2×2" in seen and "♦4×3" in seen and "♥3×1" in seen, "each line: mark, number and count"
    assert "gone" in seen and "4 left" in seen and "6 left" in seen
    assert "1 pt" in seen, "a kind on a benched character is worth a point"
    assert "#1 Antiquarian" in seen and "#9 Patron" in seen and "Field" in seen
    assert frame.view["gone"] == 3 and "Kinds and characters gone 3/10" in seen, "the end condition as it stands"
    assert "Ben" in seen and "Cat" in seen


def test_put_cards_are_a_count_on_the_board_and_face_up_only_in_the_owners_image(drawn: list[Drawn]) -> None:
    state = build(2, hands={0: ["S2", "H3"], 1: ["D4"]}, bench={1: ["c4"]}, puts={"c4": ["C8", "H7"]})
    ctx = RenderContext("en", ("Ann", "Ben"))
    RENDERER.board(frame_of(GAME, state), ctx)
    seen = texts(drawn)
    assert "2 down" in seen
    assert seen.count("♣8") == 1 and seen.count("♥7") == 2, "only the field's tile, and ♥7 on #8 Librarian"
    drawn.clear()
    RENDERER.private(frame_of(GAME, state, 0), ctx)
    seen = texts(drawn)
    assert "♣8" not in seen and "♥7" not in seen, "nobody but the owner sees what was put"
    drawn.clear()
    RENDERER.private(frame_of(GAME, state, 1), ctx)
    seen = texts(drawn)
    assert "♣8" in seen and "♥7" in seen and "Ben's hand (private)" in seen
    assert "Put cards you know" in seen and "Values you know" in seen


def test_the_private_image_shows_the_hand_and_what_the_deck_holds(drawn: list[Drawn]) -> None:
    state = build(2, hands={0: ["S2", "S2", "CA"]}, decks={0: ["H3", "H3", "D4"]})
    RENDERER.private(frame_of(GAME, state, 0), RenderContext("ja", ("アン", "ベン")))
    seen = texts(drawn)
    assert "手札(3枚)" in seen and "アンモナイト" in seen and "鳥の羽根" in seen
    assert "♥3×2" in seen and "♦4" in seen and "順番は誰にも分かりません" in seen
    assert RENDERER.private(frame_of(GAME, state, None), RenderContext("ja", ())) is None


def test_the_end_is_the_score_sheet(drawn: list[Drawn]) -> None:
    final = played(2, 6)[-1]
    view = final.view(None)
    RENDERER.board(final.frame(None), RenderContext("en", ("Ann", "Ben")))
    seen = texts(drawn)
    assert "Score sheet" in seen and "Total" in seen and "Ability points" in seen and "Characters on bench" in seen
    for seat in range(2):
        assert str(view["final"]["points"][seat]) in seen
    assert "put cards revealed" in seen


def test_the_last_action_marks_where_it_happened() -> None:
    events = [
        Event(T("", ""), data={"kind": "play", "seat": 1, "line": 2, "piece": "J", "item": "H5"}),
        Event(T("", ""), data={"kind": "take", "seat": 1, "item": "SA", "left": 3}),
        Event(T("", ""), data={"kind": "character", "seat": 1, "character": "c4", "from": None}),
        Event(T("", ""), data={"kind": "shuffle", "seat": 0, "revealed": [], "drawn": 4}),
    ]
    found = marks(events)
    assert found.lines == {(1, 2)} and found.items == {"SA"} and found.characters == {"c4"}


def test_the_card_list_shows_every_item_and_character_as_image_and_text(drawn: list[Drawn]) -> None:
    for locale in ("ja", "en"):
        ctx = RenderContext(locale, ())
        for page in cards_pages(ctx):
            encoded(page)
        text = cards_text(ctx)
        assert len(text) < 2000 and text.count("\n") >= 13
    seen = texts(drawn)
    assert "9 パトロン" in seen and "#9 Patron" in seen and "一角獣の角" in seen and "Unicorn Horn" in seen
    assert "this project's edition" in seen
    check(drawn)
