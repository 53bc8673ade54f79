"""The tournament bracket image (`renderers.bracket`): one page up to 32 entrants (a double elimination
past 16 in two columns of panels, both brackets on the page), pages beyond, nothing clipped, and only what the view model says drawn: names,
seeds, scores, byes, the champion, how a match was decided as a code explained in the legend, and who goes
through where the view says so even against the seeds. The legibility and conformance tests draw every
sample too (tests/renderers/samples.py)."""

from __future__ import annotations

import pickle
from dataclasses import replace
from typing import Any

import pytest

from renderers import bracket as module
from renderers import toolkit as tk
from renderers.bracket import bracket_pages
from renderers.names import display_name
from renderers.output import encode_image
from renderers.pages import max_height
from renderers.worker import encoded_pages
from discord_ui.announce import MAX_ATTACHMENTS
from tabletop.leagues import bracket_image
from tabletop.leagues.bracket_image import bracket_texts
from tabletop.leagues.brackets.view import BracketView, MatchView, RoundView, SideView
from tests.renderers.bracket_samples import BEST_OF_3, DOUBLE, FOURS, SINGLE, TABLES, brackets, played, swiss
from tests.renderers.overflow import watching
from tests.renderers.samples import RAW_NAMES

NAMES = RAW_NAMES + ("長い名前のプレイヤー花子さん",)


def names_of(view: BracketView) -> dict[int, str]:
    return {user: NAMES[user % len(NAMES)] for user in view.entrants}


def draw(view: BracketView, locale: str = "en") -> list[Any]:
    return bracket_pages(view, names_of(view), bracket_texts(view.format, view.best_of, locale, "Cup"))


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn."""
    seen: list[str] = []
    original = module.tk.draw_text

    def spy(img: Any, xy: Any, text: str, size: int, **kwargs: Any) -> tk.Box:
        seen.append(text)
        return original(img, xy, text, size, **kwargs)

    monkeypatch.setattr(module.tk, "draw_text", spy)
    return seen


@pytest.mark.parametrize("locale", ("ja", "en"))
def test_no_text_is_clipped_and_pages_fit_a_phone(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with watching(monkeypatch) as clipped:
        for view in brackets():
            pages = draw(view, locale)
            assert 1 <= len(pages) <= MAX_ATTACHMENTS
            assert all(page.width == tk.CANVAS_WIDTH and page.height <= max_height(page.width) for page in pages)
            assert len(pages) == 1 or len(view.entrants) > 32, (view.format, len(view.entrants), [page.size for page in pages])
    assert clipped == []


@pytest.mark.parametrize("entrants", (17, 24, 32))
def test_a_double_elimination_up_to_32_shows_both_brackets_on_one_legible_page(entrants: int,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Both brackets and the grand final with every round, every entrant named, text never under 18 px
    on the 800 px page (9 px at a phone's 400), nothing clipped; the columns of rounds as wide as four
    across a page."""
    drawn: list[tuple[str, int, float]] = []
    view = played(DOUBLE, entrants, twists=True, games=entrants)
    with watching(monkeypatch) as clipped:
        original = module.tk.draw_text

        def spy(img: Any, xy: Any, text: str, size: int, **kwargs: Any) -> tk.Box:
            drawn.append((text, size, xy[0]))
            return original(img, xy, text, size, **kwargs)

        monkeypatch.setattr(module.tk, "draw_text", spy)
        pages = draw(view)
    assert clipped == [] and len(pages) == 1 and pages[0].height <= max_height(pages[0].width)
    texts = [text for text, _, _ in drawn]
    assert {"Winners' bracket", "Losers' bracket", "Grand final"} <= set(texts)
    rounds = {bracket: max(match.stage_round for match in view.matches() if match.bracket == bracket)
              for bracket in ("winners", "losers")}
    assert rounds == {"winners": 5, "losers": 8} and {f"R{number}" for number in range(1, 9)} <= set(texts)
    cut = [text[:-1] for text in texts if text.endswith("…") and len(text) > 1]
    for user, name in names_of(view).items():
        shown = display_name(name, user - 1)
        assert shown in texts or any(shown.startswith(start) for start in cut), f"{shown!r} is not drawn"
    assert min(size for _, size, _ in drawn) >= 18
    right = [x for text, _, x in drawn if text == "Losers' bracket"]
    assert right and min(right) > tk.CANVAS_WIDTH / 2, "the losers' bracket beside the winners'"


def test_sixty_four_entrants_come_as_several_pages_each_naming_its_number(texts: list[str]) -> None:
    pages = draw(played(SINGLE, 64))
    assert len(pages) >= 2
    assert [text for text in texts if text.startswith("Cup")] == [f"Cup {n}/{len(pages)}" for n in range(1, len(pages) + 1)]


def test_names_seeds_byes_and_the_champion_are_drawn(texts: list[str]) -> None:
    view = played(SINGLE, 6)
    draw(view)
    shown = {user: display_name(name, user - 1) for user, name in names_of(view).items()}
    assert set(shown.values()) <= set(texts)
    assert {str(seed) for seed in range(1, 7)} <= set(texts)
    assert "bye" in texts and "Champion" in texts and "Final" in texts
    assert texts[texts.index("Champion") + 1] == shown[view.champion]


def test_how_a_match_was_decided_is_a_code_explained_in_the_legend(texts: list[str]) -> None:
    view = played(BEST_OF_3, 8, twists=True, games=8)
    assert {match.decided_by for match in view.matches()} >= {"walkover", "settled", "withdrawal"}
    draw(view)
    for code, meaning in (("WO", "walkover"), ("WD", "opponent withdrew"), ("A", "settled by an admin")):
        assert texts.count(code) >= 2, code  # on its match and in the legend
        assert any(text.startswith(meaning) for text in texts)
    assert "in play" in texts  # a game is being played: its match has a thick frame
    assert {"2", "0", "1"} <= set(texts)  # games won in a best of 3


def test_japanese_brackets_speak_japanese(texts: list[str]) -> None:
    draw(played(DOUBLE, 6), "ja")
    assert {"勝者側トーナメント", "敗者側トーナメント", "グランドファイナル", "優勝", "1回戦", "不戦勝", "勝ち抜け"} <= set(texts)


def test_every_format_draws_its_sections(texts: list[str]) -> None:
    draw(played(DOUBLE, 8))
    assert {"Winners' bracket", "Losers' bracket", "Grand final"} <= set(texts)
    texts.clear()
    draw(swiss(10, 3, 4))
    assert {"Swiss rounds", "Top cut", "R3", "W, L, D + the opponent's seed"} <= set(texts)
    assert any(text.startswith("W ") for text in texts) and any(text.startswith("L ") for text in texts)
    texts.clear()
    draw(played(TABLES, 12))
    draw(played(FOURS, 16))
    assert "number at a table = place" in texts


def test_who_goes_through_is_what_the_view_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """An upset the seeds would not predict, and a side marked through in a match still waiting: each is
    drawn as given (the triangle on that side's row), the renderer works nothing out."""
    triangles: list[float] = []
    names: dict[str, float] = {}
    original = module.tk.draw_text
    monkeypatch.setattr(module, "triangle", lambda img, x, middle: triangles.append(middle) if x > 100 else None)
    monkeypatch.setattr(module.tk, "draw_text", lambda img, xy, text, size, **kwargs: (
        names.__setitem__(text, xy[1]), original(img, xy, text, size, **kwargs))[1])
    upset = MatchView("R1.0", "main", 1, 1, (SideView(1, 1, 0.0, False), SideView(2, 2, 3.0, True)), status="done",
                      winners=(2,), decided_by="games", best_of=5)
    view = BracketView("single_elim", (1, 2), (RoundView(1, (upset,)),), 5, champion=2, done=True)
    second = display_name(names_of(view)[2], 1)
    draw(view)
    assert triangles == [names[second]] and names["3"] == names[second]
    triangles.clear()
    draw(replace(view, rounds=(RoundView(1, (replace(upset, status="waiting", winners=()),)),), champion=None))
    assert triangles == [names[second]]


def test_a_bracket_page_is_a_small_file() -> None:
    pages = draw(played(SINGLE, 32))
    assert len(pages) == 1 and len(encode_image(pages[0])) < 60_000


def test_the_drawing_crosses_to_a_render_worker_and_back() -> None:
    """The render pool pickles the view, the names and the texts to a worker process and gets files back."""
    view = played(DOUBLE, 6)
    args = pickle.loads(pickle.dumps((bracket_pages, view, names_of(view), bracket_texts("double_elim", 1, "ja", "杯"))))
    [data] = encoded_pages(*args)
    assert args[1] == view and data[:4] == b"RIFF"


async def test_a_bracket_of_hundreds_keeps_its_last_pages_within_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    async def twelve_pages(lane: int, fn: Any, *args: Any) -> tuple[bytes, ...]:
        return tuple(bytes([number]) for number in range(12))

    monkeypatch.setattr(bracket_image.pictures, "render_job", twelve_pages)
    files = await bracket_image.bracket_files(1, 7, played(SINGLE, 2), {}, "en", "Cup")
    assert len(files) == MAX_ATTACHMENTS
    assert [file.filename for file in files][0] == "bracket-7-3.webp" and files[-1].filename == "bracket-7-12.webp"
