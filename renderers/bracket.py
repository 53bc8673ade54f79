"""A tournament's bracket as phone pages: the tree of an elimination (both brackets and the grand final of
a double elimination), the rounds of multiplayer tables, or a Swiss table followed by its cut.

It draws the bracket view model (`tabletop.leagues.brackets.view`, read through the attributes listed in
`BracketLike` so that renderers never import the platform) and decides nothing: who plays, who goes
through, scores, byes and how a match was decided all come from the view. Texts come translated
(`BracketTexts`); names come as the platform has them and are made drawable here (`display_name`), then
shortened to their box by width (a kanji counts as two letters).

House rules: pages 800 px wide (18 px text, 9 px on a 400 px phone) and at most twice as tall
(`renderers.pages`), one message of pages; a side that goes through is bold with a triangle pointing on,
a side out is grey; a match being played has a thick frame; how a match was decided when not by play is a
letter code on a dark tag, explained in the legend; never colour alone. Up to 32 entrants fit one page:
a bracket too tall for one column of panels (a double elimination past 16) is set in two columns of
two-round panels instead of being cut into pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from renderers import toolkit as tk
from renderers.bracket_layout import MAX_COLUMNS, PAD, ROW, Panel, panels
from renderers.bracket_legend import MARKED, Item, draw_legend, legend_height, legend_items, tag, tag_width, triangle
from renderers.fonts import clusters
from renderers.kinds import image_kind
from renderers.names import display_name
from renderers.pages import max_height, page_label, split_rows

CONNECT = 22
"""Between two columns: the triangle of the side going on and the elbow of the line."""
SECTION_BAR = 36
ROUND_HEAD = 30
SWISS_ROW = 28
GUTTER = 24
"""Between the two columns of panels (wider than a side's triangle poking out of the left column)."""
FULL = tk.CANVAS_WIDTH - 2 * PAD
HALF = (FULL - GUTTER) // 2
"""One of two columns of panels of two rounds each: its rounds are as wide as the four across a page."""
ORDER = ("swiss", "main", "winners", "losers", "final", "cut")
"""The brackets in play order."""


class SideLike(Protocol):
    user: int | None
    seed: int | None
    score: float
    advanced: bool


class MatchLike(Protocol):
    key: str
    bracket: str
    stage_round: int
    sides: Sequence[SideLike]
    status: str
    winners: Sequence[int]
    teams: Sequence[int]
    """A team game's table: each side's team (partners are drawn together, a heavier line between teams)."""
    decided_by: str | None
    next_key: str | None
    best_of: int


class BracketLike(Protocol):
    """What is read of `BracketView`."""

    format: str
    entrants: Sequence[int]
    champion: int | None
    champions: Sequence[int]

    def matches(self) -> list[Any]: ...


@dataclass(frozen=True, slots=True)
class BracketTexts:
    """Every word drawn, in the reader's language. `round` has a `{round}` field; `marks` maps a way of
    deciding (walkover, withdrawal, settled) to its code and meaning; `results` are the Swiss table's
    win, loss and draw letters."""

    title: str
    subtitle: str
    sections: Mapping[str, str]
    round: str
    final: str
    reset: str
    bye: str
    champion: str
    advances: str
    in_play: str
    place: str
    player: str
    marks: Mapping[str, tuple[str, str]]
    results: tuple[str, str, str]
    results_note: str


@dataclass(frozen=True, slots=True)
class _Block:
    """A band of a page: its height and how to draw it from a left and a top edge."""

    height: int
    paint: Callable[[tk.Picture, int, int], None]


@image_kind("tournament bracket")
def bracket_pages(view: BracketLike, names: Mapping[int, str], texts: BracketTexts) -> list[tk.Picture]:
    """The bracket as pages sent together: one page up to 32 entrants (a double elimination past 16 in
    two columns of panels, both brackets and the final on the one page), more beyond; every page names the
    champion once there is one."""
    seeds = {user: index + 1 for index, user in enumerate(view.entrants)}
    shown = {user: display_name(names.get(user, ""), seeds.get(user, 1) - 1) for user in view.entrants}
    matches = view.matches()
    legend = legend_items(matches, view.format, texts)
    champion = " & ".join(shown.get(user, "") for user in view.champions or [view.champion]) \
        if view.champion is not None else None
    top = _header_height(texts, champion is not None)
    room = max_height(tk.CANVAS_WIDTH) - top - legend_height(legend) - 2 * PAD
    blocks = _blocks(view, matches, shown, texts, room)
    ranges = split_rows([block.height + PAD for block in blocks], room + PAD)
    if len(ranges) > 1:
        halves = _two_columns(view, matches, shown, texts, room)
        if halves is not None:
            return [_page(texts, champion, "", legend, [(PAD, halves[0]), (PAD + HALF + GUTTER, halves[1])])]
    return [_page(texts, champion, page_label(number, len(ranges)), legend, [(PAD, [blocks[index] for index in rows])])
            for number, rows in enumerate(ranges, start=1)]


def _page(texts: BracketTexts, champion: str | None, label: str, legend: Sequence[Item],
          columns: Sequence[tuple[int, Sequence[_Block]]]) -> tk.Picture:
    """One page: the header, the blocks of each column (its left edge, its blocks top to bottom), the legend."""
    body = max(sum(block.height + PAD for block in blocks) for _, blocks in columns)
    img = tk.new_canvas(_header_height(texts, champion is not None) + body + legend_height(legend) + PAD)
    y = _draw_header(img, texts, champion, label)
    for left, blocks in columns:
        at = y
        for block in blocks:
            block.paint(img, left, at)
            at += block.height + PAD
    draw_legend(img, legend, y + body)
    return tk.ensure_not_square(img)


# --------------------------------------------------------------------------- header and legend


def _header_height(texts: BracketTexts, champion: bool) -> int:
    return PAD + tk.line_height(tk.SIZE_TITLE) + tk.line_height(tk.SIZE_SMALL) + (44 if champion else 0) + 8


def _draw_header(img: tk.Picture, texts: BracketTexts, champion: str | None, label: str) -> int:
    width = tk.CANVAS_WIDTH - 2 * PAD
    tk.draw_text(img, (PAD, PAD), texts.title + label, tk.SIZE_TITLE, bold=True, max_width=width, max_lines=1)
    y = PAD + tk.line_height(tk.SIZE_TITLE)
    tk.draw_text(img, (PAD, y), texts.subtitle, tk.SIZE_SMALL, fill=tk.MUTED_INK, max_width=width, max_lines=1)
    y += tk.line_height(tk.SIZE_SMALL)
    if champion is not None:
        middle = y + 22
        pill = tk.draw_pill(img, (PAD, middle), texts.champion, size=tk.SIZE_BODY)
        tk.draw_text(img, (pill[2] + 12, middle), champion, tk.SIZE_BODY, anchor="lm", bold=True,
                     max_width=tk.CANVAS_WIDTH - PAD - pill[2] - 12, max_lines=1)
        y += 44
    return y + 8


# --------------------------------------------------------------------------- the blocks of a bracket


def _blocks(view: BracketLike, matches: Sequence[Any], names: Mapping[int, str], texts: BracketTexts,
            room: int) -> list[_Block]:
    """Each bracket in play order across the page: the Swiss table, then the trees (main, winners',
    losers', the grand final, the cut)."""
    blocks: list[_Block] = []
    for bracket, members in _brackets(matches):
        section = texts.sections.get(bracket, bracket)
        if bracket == "swiss":
            seeds = {user: index + 1 for index, user in enumerate(view.entrants)}
            blocks += _swiss_blocks(view.entrants, members, names, seeds, texts, section, room)
            continue
        last = max(match.stage_round for match in members)
        for panel in panels(bracket, members, room - SECTION_BAR - ROUND_HEAD):
            blocks.append(_tree_block(panel, names, texts, section, last, FULL))
    return blocks


def _brackets(matches: Sequence[Any]) -> list[tuple[str, list[Any]]]:
    by_bracket: dict[str, list[Any]] = {}
    for match in matches:
        by_bracket.setdefault(match.bracket, []).append(match)
    return sorted(by_bracket.items(), key=lambda item: ORDER.index(item[0]) if item[0] in ORDER else len(ORDER))


def _two_columns(view: BracketLike, matches: Sequence[Any], names: Mapping[int, str], texts: BracketTexts,
                 room: int) -> tuple[list[_Block], list[_Block]] | None:
    """The trees in two columns of panels of two rounds each, read down the left column, then the right:
    how a double elimination of up to 32 entrants (a winners' bracket 16 duels tall beside a losers'
    bracket of eight rounds) fits one page with its rounds as wide as four across. A bracket's name heads
    its first panel and the top of the right column. The most even cut between the columns; None when no
    cut fits the page (a Swiss table, or more entrants: then pages)."""
    if any(match.bracket == "swiss" for match in matches):
        return None
    cut: list[tuple[Panel, str, int]] = []
    for bracket, members in _brackets(matches):
        last = max(match.stage_round for match in members)
        cut += [(panel, texts.sections.get(bracket, bracket), last)
                for panel in panels(bracket, members, room - SECTION_BAR - ROUND_HEAD, MAX_COLUMNS // 2)]

    def column(indexes: range) -> list[_Block]:
        return [_tree_block(cut[index][0], names, texts, cut[index][1], cut[index][2], HALF,
                            bar=index == indexes.start or cut[index][0].bracket != cut[index - 1][0].bracket)
                for index in indexes]

    best: tuple[int, list[_Block], list[_Block]] | None = None
    for split in range(1, len(cut)):
        left, right = column(range(0, split)), column(range(split, len(cut)))
        tallest = max(_column_height(left), _column_height(right))
        if tallest <= room + PAD and (best is None or tallest < best[0]):
            best = (tallest, left, right)
    return None if best is None else (best[1], best[2])


def _column_height(blocks: Sequence[_Block]) -> int:
    return sum(block.height + PAD for block in blocks)


def _round_name(panel: Panel, number: int, last: int, texts: BracketTexts) -> str:
    if panel.bracket == "final":
        return texts.final if number == 1 else texts.reset
    finals = [placed for placed in panel.placed if placed.match.stage_round == number]
    if number == last and len(finals) == 1 and panel.bracket in ("main", "cut") and len(finals[0].match.sides) == 2:
        return texts.final
    return texts.round.format(round=number)


def _section_bar(img: tk.Picture, left: int, top: int, width: int, section: str) -> None:
    tk.drawing(img).rectangle((left, top, left + width, top + SECTION_BAR - 6), fill=tk.PANEL_HEADER)
    tk.draw_text(img, (left + 10, top + (SECTION_BAR - 6) / 2), section, tk.SIZE_BODY, anchor="lm", bold=True,
                 max_width=width - 20, max_lines=1)


def _tree_block(panel: Panel, names: Mapping[int, str], texts: BracketTexts, section: str, last: int, band: int,
                bar: bool = True) -> _Block:
    """A panel `band` pixels wide, under its bracket's name unless `bar` is off (a panel continuing the
    bracket above it in its column)."""
    count = len(panel.rounds)
    width = min((band - CONNECT * (count - 1)) // count, 300)
    seed_width = tk.text_width("99", tk.SIZE_SMALL) + 10
    heading = SECTION_BAR if bar else 0

    def paint(img: tk.Picture, edge: int, top: int) -> None:
        def left(column: int) -> int:
            return edge + column * (width + CONNECT)

        if bar:
            _section_bar(img, edge, top, band, section)
        heads = top + heading
        for column, number in enumerate(panel.rounds):
            tk.draw_text(img, (left(column) + width / 2, heads + ROUND_HEAD / 2), _round_name(panel, number, last, texts),
                         tk.SIZE_SMALL, anchor="mm", fill=tk.MUTED_INK, max_width=width, max_lines=1)
        boxes = heads + ROUND_HEAD
        where = {placed.match.key: placed for placed in panel.placed}
        draw = tk.drawing(img)
        for placed in panel.placed:  # lines first, under the boxes
            target = where.get(placed.match.next_key) if placed.match.next_key else None
            if target is None or target.column <= placed.column:
                continue
            x0, x1 = left(placed.column) + width, left(target.column)
            elbow = x1 - CONNECT / 2
            y0, y1 = boxes + placed.centre, boxes + target.centre
            draw.line([(x0, y0), (elbow, y0), (elbow, y1), (x1, y1)], fill=tk.LINE, width=2)
        for placed in panel.placed:
            _match_box(img, placed.match, (left(placed.column), boxes + placed.top, width), seed_width, names, texts)

    return _Block(heading + ROUND_HEAD + panel.height, paint)


def _match_box(img: tk.Picture, match: Any, where: tuple[int, int, int], seed_width: int, names: Mapping[int, str],
               texts: BracketTexts) -> None:
    """One match: a row per side (seed, name, games won or place at a table), the sides going through in
    bold with a triangle, a mark's tag on the winner's row when the match was not decided by play."""
    x, y, width = where
    rows = max(2, len(match.sides))
    draw = tk.drawing(img)
    playing = match.status == "playing"
    draw.rectangle((x, y, x + width, y + rows * ROW), fill=tk.PANEL, outline=tk.INK if playing else tk.LINE,
                   width=3 if playing else 1)
    draw.rectangle((x + 2, y + 2, x + seed_width, y + rows * ROW - 2), fill=tk.PANEL_HEADER)
    marked = match.decided_by in MARKED
    teams = list(match.teams)
    order = sorted(range(len(match.sides)), key=lambda seat: list(dict.fromkeys(teams)).index(teams[seat])) if teams \
        else list(range(len(match.sides)))
    sides = [match.sides[seat] for seat in order]
    tagged = next((index for index, side in enumerate(sides) if side.advanced), 0) if marked else None
    duel = len(match.sides) <= 2
    for index, side in enumerate(sides):
        middle = y + index * ROW + ROW / 2
        if index and teams and teams[order[index]] != teams[order[index - 1]]:
            draw.line([(x + 2, y + index * ROW), (x + width, y + index * ROW)], fill=tk.INK, width=2)
        elif index:
            draw.line([(x + seed_width, y + index * ROW), (x + width, y + index * ROW)], fill=tk.LINE, width=1)
        if side.seed is not None:
            tk.draw_text(img, (x + seed_width - 5, middle), str(side.seed), tk.SIZE_SMALL, anchor="rm", fill=tk.MUTED_INK)
        right = x + width - 6
        if index == tagged:
            right = x + width - 4 - tag_width(texts.marks[match.decided_by][0])
            tag(img, (right, middle), texts.marks[match.decided_by][0])
            right -= 6
        elif _shows_score(match, duel):
            score = f"{side.score:g}"
            tk.draw_text(img, (right, middle), score, tk.SIZE_SMALL, anchor="rm", bold=side.advanced)
            right -= tk.text_width(score, tk.SIZE_SMALL, bold=True) + 6
        if side.user is None:
            label, ink = (texts.bye if match.decided_by == "bye" else "–"), tk.MUTED_INK
        else:
            label = names.get(side.user, str(side.user))
            out = match.status == "done" and not side.advanced
            ink = tk.MUTED_INK if out else tk.INK
        room = max(right - x - seed_width - 6, 18)
        tk.draw_text(img, (x + seed_width + 6, middle), _fitted(label, room, side.advanced), tk.SIZE_SMALL, anchor="lm",
                     fill=ink, bold=side.advanced, max_width=room, max_lines=1)
        if side.advanced:
            triangle(img, x + width + 2, middle)


def _fitted(name: str, width: int, bold: bool) -> str:
    """A name cut letter by letter to its box with "…" (wrapped text is cut by words: "A display name"
    would shrink to "A…"); an emoji or an accented letter stays whole."""
    if tk.text_width(name, tk.SIZE_SMALL, bold=bold) <= width:
        return name
    parts = clusters(name)
    low, high = 0, len(parts)
    while low < high:
        middle = (low + high + 1) // 2
        if tk.text_width("".join(parts[:middle]).rstrip() + "…", tk.SIZE_SMALL, bold=bold) <= width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + "…"


def _shows_score(match: Any, duel: bool) -> bool:
    """Games won in a best-of-N duel being or done played; a table's places once it is done."""
    if match.decided_by == "bye" or any(side.user is None for side in match.sides):
        return False
    if not duel:
        return match.status == "done" and match.decided_by != "walkover"
    return match.best_of > 1 and match.status in ("playing", "done")


# --------------------------------------------------------------------------- the Swiss table


def _swiss_blocks(entrants: Sequence[int], matches: Sequence[Any], names: Mapping[int, str], seeds: Mapping[int, int],
                  texts: BracketTexts, section: str, room: int) -> list[_Block]:
    """One row per entrant in seed order, one column per Swiss round: the result letter and the opponent's
    seed (a bye, a mark's code); cut into blocks of rows that fit a page."""
    rounds = sorted({match.stage_round for match in matches})
    cells: dict[tuple[int, int], tuple[str, str, bool]] = {}
    for match in matches:
        for side in match.sides:
            if side.user is not None:
                cells[(side.user, match.stage_round)] = _swiss_cell(match, side, seeds, texts)
    per_block = max(1, (room - SECTION_BAR - SWISS_ROW) // SWISS_ROW)
    blocks = []
    for start in range(0, len(entrants), per_block):
        shown = list(entrants[start:start + per_block])
        blocks.append(_swiss_block(shown, rounds, cells, names, seeds, texts, section))
    return blocks


def _swiss_cell(match: Any, side: Any, seeds: Mapping[int, int], texts: BracketTexts) -> tuple[str, str, bool]:
    """(text, mark code, won) of one entrant in one Swiss round."""
    win, loss, draw = texts.results
    if match.decided_by == "bye":
        return texts.bye, "", True
    others = [other.seed for other in match.sides if other is not side and other.seed is not None]
    opponent = " ".join(str(seed) for seed in others)
    code = texts.marks[match.decided_by][0] if match.decided_by in MARKED else ""
    if match.status != "done":
        return f"… {opponent}", "", False
    if code and not match.winners:
        return opponent, code, False
    if side.user in match.winners and len(match.winners) == 1:
        return f"{win} {opponent}", code, True
    if side.user in match.winners or not match.winners:
        return f"{draw} {opponent}", code, False
    return f"{loss} {opponent}", code, False


def _swiss_block(rows: Sequence[int], rounds: Sequence[int], cells: Mapping[tuple[int, int], tuple[str, str, bool]],
                 names: Mapping[int, str], seeds: Mapping[int, int], texts: BracketTexts, section: str) -> _Block:
    seed_width = tk.text_width("99", tk.SIZE_SMALL) + 16
    cell = max(70, min(130, (FULL - seed_width - 180) // max(len(rounds), 1)))
    name_width = FULL - seed_width - cell * len(rounds)

    def paint(img: tk.Picture, edge: int, top: int) -> None:
        _section_bar(img, edge, top, FULL, section)
        draw = tk.drawing(img)
        y = top + SECTION_BAR
        first = edge + seed_width + name_width
        tk.draw_text(img, (edge + seed_width + 6, y + SWISS_ROW / 2), texts.player, tk.SIZE_SMALL, anchor="lm",
                     fill=tk.MUTED_INK, max_width=name_width - 12, max_lines=1)
        for column, number in enumerate(rounds):
            tk.draw_text(img, (first + column * cell + cell / 2, y + SWISS_ROW / 2), texts.round.format(round=number),
                         tk.SIZE_SMALL, anchor="mm", fill=tk.MUTED_INK, max_width=cell - 6, max_lines=1)
        for index, user in enumerate(rows):
            y0 = y + SWISS_ROW * (index + 1)
            middle = y0 + SWISS_ROW / 2
            draw.rectangle((edge, y0, edge + FULL, y0 + SWISS_ROW), fill=tk.PANEL if index % 2 else tk.BACKGROUND)
            tk.draw_text(img, (edge + seed_width - 8, middle), str(seeds.get(user, "")), tk.SIZE_SMALL, anchor="rm",
                         fill=tk.MUTED_INK)
            tk.draw_text(img, (edge + seed_width + 6, middle), _fitted(names.get(user, str(user)), name_width - 12, False),
                         tk.SIZE_SMALL, anchor="lm", max_width=name_width - 12, max_lines=1)
            for column, number in enumerate(rounds):
                found = cells.get((user, number))
                if found is None:
                    continue
                label, code, won = found
                x = first + column * cell + 4
                if code:
                    x = tag(img, (x, middle), code) + 4
                tk.draw_text(img, (x, middle), label, tk.SIZE_SMALL, anchor="lm", bold=won,
                             fill=tk.INK if won else tk.MUTED_INK, max_width=first + (column + 1) * cell - x - 4, max_lines=1)

    return _Block(SECTION_BAR + SWISS_ROW * (len(rows) + 1), paint)
