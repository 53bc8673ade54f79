"""ART OF WAR images: every view of sampled games renders small, never square and readable on a phone in
both languages; the board draws what the view says (upright and sideways cards told apart by shape,
damage, the kingdoms' 建国 comparison, the last action) and nothing private; the hand and the card
sheets."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.artofwar import GAME
from engine.artofwar.scenario import build
from engine.core.match import Match
from engine.core.types import Event, T
from renderers import toolkit as tk
from renderers.artofwar import RENDERER
from renderers.artofwar_cards import cards_pages
from renderers.artofwar_parts import marks
from renderers.base import RenderContext
from tests.renderers.framing import frame_of
from tests.renderers.test_legibility import Drawn, check, drawn, names  # noqa: F401 - `drawn` is a fixture

SIZE_LIMIT = 200 * 1024


def played(seed: int, decks: tuple[str, str] = ("k01:S4A4P4G4W4", "k04:W10G10")) -> list[Match]:
    """Every match of one random game whose decks are chosen privately (typed codes) at the start."""
    rng = random.Random(seed)
    match = Match.start(GAME, 2, seed, {})
    matches = [match]
    for seat, code in enumerate(decks):
        match = match.play(seat, f"deck:{code}").match
        matches.append(match)
    while not match.finished:
        seat = rng.choice(match.awaited_seats())
        match = match.play(seat, rng.choice(match.legal_actions(seat)).notation).match
        matches.append(match)
    return matches


def sampled(seed: int) -> list[Match]:
    matches = played(seed)
    picked = sorted({0, 1, 2, 3, 6, len(matches) // 3, len(matches) // 2, len(matches) - 1})
    chains = [match for match in matches if match.view(None)["chain"]][:1]
    return [matches[index] for index in picked] + chains + [matches[len(matches) // 2].concede(1).match]


def encoded(image: Image.Image) -> bytes:
    data = tk.encode_image(image)
    opened = Image.open(io.BytesIO(data))
    assert opened.format == "WEBP" and len(data) < SIZE_LIMIT
    assert opened.width == tk.CANVAS_WIDTH and abs(opened.width - opened.height) >= 100
    return data


def test_every_view_of_sampled_games_renders_small_and_readable(drawn: list[Drawn]) -> None:
    for seed in (3, 8):
        for match in sampled(seed):
            for locale in ("ja", "en"):
                ctx = RenderContext(locale, names(2), "artofwar #12345")
                encoded(RENDERER.board(match.frame(None), ctx))
                for seat in (0, 1):
                    private = RENDERER.private(match.frame(seat), ctx)
                    if private is not None:
                        encoded(private)
    assert any(d.text in names(2) for d in drawn), "the players' names are drawn"
    check(drawn)


def test_the_card_sheets_show_every_king_and_unit_readably(drawn: list[Drawn]) -> None:
    for locale in ("ja", "en"):
        for page in cards_pages(RenderContext(locale, ())):
            encoded(page)
    texts = {d.text for d in drawn}
    assert {"KING 覇王", "KING Overlord", "ソルジャー", "Wizard"} <= texts
    assert any("deck:k10" in text for text in texts), "each KING's recommended deck, as it is picked"
    check(drawn)


def test_a_deck_choice_is_drawn_only_in_the_choosers_hand(drawn: list[Drawn]) -> None:
    matches = played(5, ("k08:S20", "k02:A20"))
    ctx = RenderContext("en", ("P1", "P2"))
    assert RENDERER.private(matches[0].frame(0), ctx) is None, "nothing held, nothing chosen: no image"
    RENDERER.board(matches[1].frame(None), ctx)
    RENDERER.private(matches[1].frame(1), ctx)
    seen = " ".join(d.text for d in drawn)
    assert "Chosen" in seen and "Choosing…" in seen and "k08" not in seen and "Mad King" not in seen
    drawn.clear()
    RENDERER.private(matches[1].frame(0), ctx)
    assert any("k08:S20" in d.text for d in drawn)
    drawn.clear()
    for match in matches[2:40]:
        RENDERER.board(match.frame(None), ctx)
    assert not any("k08:S20" in d.text or "k02:A20" in d.text for d in drawn)


def test_upright_and_sideways_units_are_different_shapes_with_damage_and_leads_drawn(drawn: list[Drawn]) -> None:
    state = build(
        kings=("k01", "k05"),
        fields=({"a1": "soldier", "b1": ("guardian", "side")}, {"b1": ("wizard", 1), "c1": "king"}),
        kingdom=({"soldier": 2, "archier": 1}, {"wizard": 1}),
    )
    ctx = RenderContext("ja", ("アリス", "ボブ"))
    image = RENDERER.board(frame_of(GAME, state), ctx)
    texts = [d.text for d in drawn]
    assert "横向き" in texts and "ダメージ1" in texts and "建国 2/4" in texts and "建国 1/4" in texts
    assert "KING" in texts and "鉄壁王" in texts
    assert image.width == tk.CANVAS_WIDTH


def test_the_last_action_marks_the_squares_and_areas_it_touched() -> None:
    events = [
        Event(T("", ""), data={"kind": "attack", "seat": 0, "from": "a1", "to": "b1", "attack": 2}),
        Event(T("", ""), data={"kind": "captured", "seat": 1, "square": "b1", "card": "soldier", "by": 0}),
        Event(T("", ""), data={"kind": "support", "seat": 1, "card": "priest", "effect": "priest", "args": ["a1", "b2"]}),
    ]
    found = marks(events)
    assert found.squares == {(0, "a1"), (1, "b1"), (1, "a1"), (1, "b2")}
    assert found.kingdom == {0} and found.standby == {1}


def test_the_board_lists_standby_head_first_and_the_deck_hand_graveyard_and_kingdom_counts(drawn: list[Drawn]) -> None:
    """The board is where players read what the rules count: the standby order decides what a deploy or
    a conscription takes next, and the four counts decide 終戦 (kingdom, then graveyard)."""
    state = build(
        kings=("k01", "k05"),
        fields=({"b1": "soldier"}, {"b1": "wizard"}),
        hands=(["soldier", "wizard"], ["guardian"]),
        standby=(["priest", "king", "archier"], []),
        kingdom=({"soldier": 3}, {"priest": 1}),
        grave=(["archier"], []),
    )
    view = GAME.view(state, None)
    RENDERER.board(frame_of(GAME, state), RenderContext("ja", ("アリス", "ボブ")))
    texts = [d.text for d in drawn]
    name = {kind: view["units"][kind]["name"]["ja"] for kind in ("priest", "archier")}
    king = "KING " + view["seats"][0]["king"]["name"]["ja"]
    listed = ["1", name["priest"], "2", king, "3", name["archier"], "4", "—", "5", "—"]
    assert any(texts[index:index + len(listed)] == listed for index in range(len(texts)))
    for seat, (hand, grave, kingdom) in enumerate(((2, 1, 3), (2, 0, 1))):
        deck = len(state["deck"][seat])
        assert f"山札 {deck}  手札 {hand}  墓地 {grave}  王国 {kingdom}" in texts
