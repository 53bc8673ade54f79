"""Wall of War images: the public board, a seat's face-down cards, and the card list.

The board reads top to bottom like the table: who is to play and what they are asked (the decision's own
prompt), what the last step did (the engine's sentences), the deck / ATM / discard counts, then one row
per opened circle in row order (its card, the price the head of the line would pay, the purchaser cards
front to back, what happened at its purchase), one row per player (medals, cards held, purchaser cards
at home, this turn's flags, always-on cards), and the discard pile. The latest action is outlined where
it happened (a circle, a purchaser card, a player), from the data of the last step's events.

Players are told apart by their purchaser colour, always drawn as a marker with its own shape and letter
(renderers.wallofwar_parts). Sections that grow (discard pile, always-on cards, final hands) are drawn
on a tall canvas that is then cropped, so the image is only as tall as its content.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


from engine.core.types import Frame, T
from engine.wallofwar.colours import COLOURS, NAMES
from renderers import regions, strips
from renderers import toolkit as tk
from renderers import wallofwar_parts as parts
from renderers.base import RenderContext
from renderers.wallofwar_cards import CARD_GAP, PAD, card_grid, grid_height

View = Mapping[str, Any]

NOW_HEIGHT = 52
LAST_HEIGHT = 58
INFO_HEIGHT = 44
CIRCLE_MIN_HEIGHT = 86
CIRCLE_GAP = 6
NUMBER_WIDTH = 40
CARD_WIDTH = 300
TOKEN = 32
"""Purchaser cards at home and buyers in a circle's log: smaller than a seat marker, shape and colour."""
SECTION_TITLE = 38
MAX_HEIGHT = 3000
"""Cards per page of the card list: five rows of two stay readable on a phone and far below 1 MiB."""

TITLE = T("ウォール・オブ・ウォー", "Wall of War")


class WallOfWarRenderer:
    """Draws Wall of War frames (views: engine/wallofwar/VIEW.md); never sees the raw state."""

    def board(self, frame: Frame, ctx: RenderContext) -> tk.Picture:
        scene = parts.Scene.of(frame, ctx)
        ctx = scene.ctx
        view = frame.view
        img = tk.new_canvas(MAX_HEIGHT)
        tk.draw_banner(img, ctx, parts.phase_text(scene), title=ctx.title or tk.localize(ctx, TITLE))
        y = _draw_now(img, scene, tk.BANNER_HEIGHT)
        y = _draw_last(img, scene, y)
        marks = parts.marks(frame)
        if view["phase"] == "colour":
            y = _draw_colour_choice(img, scene, y + 10)
        else:
            y = _draw_info(img, scene, y)
            y = _draw_circles(img, scene, y + 6, marks)
        y = _draw_seats(img, scene, y + 6, marks)
        if view["phase"] != "colour":
            y = _draw_discard(img, scene, y + 6)
        return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))

    def private(self, frame: Frame, ctx: RenderContext) -> tk.Picture | None:
        """The seat's face-down cards with their costs and full abilities; None while it holds none,
        since there is then nothing private to show (always-on cards are on the board)."""
        if "private" not in frame.view or not frame.view["private"]["hand"]:
            return None
        return _private_image(frame, ctx)


RENDERER = WallOfWarRenderer()


# --------------------------------------------------------------------------- strips


def _draw_now(img: tk.Picture, scene: parts.Scene, top: int) -> int:
    return strips.draw_now_strip(img, scene.ctx, top, scene.frame, scene.style, scene.name, pad=PAD, height=NOW_HEIGHT)


def _draw_last(img: tk.Picture, scene: parts.Scene, top: int) -> int:
    """What the last step did, in the engine's sentences (all of them: the strip grows)."""
    return strips.draw_last_strip(img, scene.ctx, top, scene.frame, pad=PAD, height=LAST_HEIGHT)


def _draw_info(img: tk.Picture, scene: parts.Scene, top: int) -> int:
    """The deck, what Lucky Draw revealed, the ATM, the discard pile and the cards set aside."""
    view = scene.view
    middle = top + INFO_HEIGHT / 2
    x = parts.draw_label_value(img, (PAD, middle), scene.say("山札", "Deck"), str(view["deck"]))[2] + 16
    x = parts.draw_label_value(img, (x, middle), "ATM", str(view["atm"]))[2] + 16
    x = parts.draw_label_value(img, (x, middle), scene.say("捨て札", "Discard"), str(len(view["discard"])))[2] + 16
    x = parts.draw_label_value(img, (x, middle), scene.say("除外", "Set aside"), str(view["removed"]))[2] + 16
    shown = view["deck_top"] or (view["ask"]["card"] if view["ask"] and view["ask"]["type"] == "kuji" else None)
    legend = parts.draw_badge_legend(img, (img.width - PAD, middle), scene.ctx, anchor="r")
    if shown is not None:
        label = scene.say("公開中: ", "Revealed: ") + parts.card_name(shown, scene.ctx)
        tk.draw_text(img, (x, middle), label, tk.SIZE_SMALL, anchor="lm", bold=True,
                     max_width=max(1, legend[0] - 12 - x), max_lines=1)
    tk.drawing(img).line((PAD, top + INFO_HEIGHT, img.width - PAD, top + INFO_HEIGHT), fill=tk.LINE, width=2)
    return top + INFO_HEIGHT


# --------------------------------------------------------------------------- circles


def _effects_text(effects: Sequence[Mapping[str, Any]]) -> str:
    """Price effects in the order used: "=2" (becomes 2), "−2" (2 less)."""
    return " ".join(f"={e['v']}" if e["op"] == "set" else f"−{e['v']}" for e in effects)


def _card_header(card: Mapping[str, Any], ctx: RenderContext) -> int:
    return tk.card_header_height(parts.card_name(card, ctx), CARD_WIDTH, cost=True, points=True)


def _draw_circles(img: tk.Picture, scene: parts.Scene, top: int, marks: parts.Marks) -> int:
    view = scene.view
    y = top
    for index, circle in enumerate(view["circles"]):
        height = max(CIRCLE_MIN_HEIGHT, _card_header(circle["card"], scene.ctx) + 48)
        box = (PAD, y, img.width - PAD, y + height)
        spots = _draw_circle(img, scene, circle, box)
        regions.mark(f"circle:{circle['pos']}", box)
        if index in marks.circles:
            tk.draw_highlight(img, box)
        for place, spot in enumerate(spots):
            regions.mark(f"spot:{circle['pos']}.{place + 1}", spot)
            if (index, place) in marks.spots:
                tk.draw_highlight(img, spot)
        y += height + CIRCLE_GAP
    if not view["circles"]:
        tk.draw_text(img, (PAD, y + 14), scene.say("オープンしたサークルはありません", "No circle is open"), tk.SIZE_BODY,
                     fill=tk.MUTED_INK, anchor="lt")
        y += 50
    return y


def _draw_circle(img: tk.Picture, scene: parts.Scene, circle: Mapping[str, Any], box: tk.Box) -> list[tk.Box]:
    """One circle: position, card, price and status, then the line front to back. Returns the boxes of
    the purchaser cards in line order (for highlighting)."""
    ctx = scene.ctx
    x0, y0, x1, y1 = box
    buying = circle["status"] == "buying"
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=10, fill=tk.WHITE if buying else tk.BACKGROUND,
                           outline=tk.INK if buying else tk.LINE, width=3 if buying else 1)
    middle = (y0 + y1) / 2
    draw.ellipse((x0 + 6, middle - 16, x0 + 38, middle + 16), fill=tk.INK)
    tk.draw_text(img, (x0 + 22, middle), str(circle["pos"]), tk.SIZE_BODY, fill=tk.WHITE, anchor="mm", bold=True)
    card = circle["card"]
    card_box = (x0 + NUMBER_WIDTH + 4, y0 + 5, x0 + NUMBER_WIDTH + 4 + CARD_WIDTH, y1 - 5)
    body_top = tk.draw_card(img, card_box, parts.card_name(card, ctx), cost=parts.cost_badge(card), points=card["vp"])
    body_y = (body_top + card_box[3]) / 2
    tag = parts.draw_kind_tag(img, (card_box[0] + 8, body_y), card["kind"], ctx)
    tk.draw_text(img, (tag[2] + 6, body_y), parts.ability_label(card, ctx), tk.SIZE_SMALL, anchor="lm",
                 max_width=card_box[2] - tag[2] - 14, max_lines=1)
    left = card_box[2] + 10
    top_row = y0 + 22
    x = left
    if circle["price"] is not None:
        price = scene.say(f"価格 {circle['price']}", f"Price {circle['price']}")
        x = tk.draw_pill(img, (x, top_row), price, fill=tk.INK if buying else tk.PANEL_HEADER,
                         ink=tk.WHITE if buying else tk.INK)[2] + 6
    limit = _draw_status(img, scene, circle, (x, top_row), x1 - 8) - 8
    tags: list[str] = []
    effects = [e for e in scene.view["price_effects"] if e.get("card") == card["id"]]
    if effects:
        tags.append(scene.say("効果 ", "effects ") + _effects_text(effects))
    if circle["runs"] == 0 and circle["status"] == "waiting":
        tags.append(scene.say("瞬殺", "Sold out"))
    elif circle["runs"] > 1:
        tags.append(scene.say(f"購入処理×{circle['runs']}", f"{circle['runs']} sales"))
    for text in tags:
        if x + tk.text_width(text, tk.SIZE_SMALL, bold=True) + 24 > limit:
            break
        x = tk.draw_pill(img, (x, top_row), text, fill=tk.PANEL, ink=tk.INK)[2] + 6
    return _draw_line(img, scene, circle["line"], (left, y1 - 6 - tk.MARKER / 2), x1 - 8)


def _draw_status(img: tk.Picture, scene: parts.Scene, circle: Mapping[str, Any], at: tk.Point, right: int) -> int:
    """Right-aligned: what each processing gave (buyer and price), and "extra stock" while the deck's top
    card is on sale. (The current circle itself stands out by its white, ink-edged row.) Returns the left
    edge of what was drawn."""
    x, middle = right, at[1]
    pieces: list[tuple[str, int | None]] = []
    for entry in circle["log"]:
        if "buyer" in entry:
            pieces.append((scene.say(f"{entry['price']}で購入", f"bought {entry['price']}"), entry["buyer"]))
        elif entry["result"] == "unsold":
            pieces.append((scene.say("売れ残り", "unsold"), None))
        else:
            pieces.append((scene.say("瞬殺で捨て札", "discarded"), None))
    if circle["status"] == "buying" and circle["run"] and circle["run"] > 1:
        pieces.append((scene.say("追加在庫を販売中", "selling extra stock"), None))
    for text, seat in reversed(pieces):
        if x - tk.text_width(text, tk.SIZE_SMALL, bold=True) - 24 - (TOKEN + 6 if seat is not None else 0) < at[0]:
            break
        box = tk.draw_pill(img, (x, middle), text, fill=tk.INK if seat is None else tk.PANEL,
                           ink=tk.WHITE if seat is None else tk.INK, anchor="rm")
        x = box[0] - 4
        if seat is not None:
            x = tk.draw_marker(img, (x - TOKEN / 2, middle), TOKEN, scene.style(seat))[0] - 6
    return x


def _draw_line(img: tk.Picture, scene: parts.Scene, line: Sequence[int], at: tk.Point, right: int) -> list[tk.Box]:
    """"Front" then the purchaser cards as colour markers, front first; narrower steps if many."""
    x, middle = at
    if not line:
        tk.draw_text(img, (x, middle), scene.say("誰も並んでいない", "Nobody in line"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        return []
    x = tk.draw_text(img, (x, middle), scene.say("先頭", "Front"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 8
    size = tk.MARKER
    step = min(size + 4, (right - x - size) // max(1, len(line) - 1))
    return [tk.draw_marker(img, (x + size / 2 + place * step, middle), size, scene.style(seat)) for place, seat in enumerate(line)]


# --------------------------------------------------------------------------- colour choice


def _draw_colour_choice(img: tk.Picture, scene: parts.Scene, top: int) -> int:
    """During setup: each colour with who took it, and the order in which players choose."""
    view = scene.view
    y = _section_title(img, top, scene.say("購入者カードの色", "Purchaser colours"))
    owners = {seat["colour"]: seat["seat"] for seat in view["seats"] if seat["colour"]}
    column = (img.width - 2 * PAD) // len(COLOURS)
    marker = 52
    for index, colour in enumerate(COLOURS):
        cx = PAD + index * column + column / 2
        regions.mark(f"colour:{colour}", (cx - column / 2, y, cx + column / 2, y + marker + 66))
        tk.draw_marker(img, (cx, y + marker / 2 + 4), marker, parts.colour_style(colour))
        tk.draw_text(img, (cx, y + marker + 10), tk.localize(scene.ctx, NAMES[colour]), tk.SIZE_BODY, anchor="mt", bold=True)
        owner = owners.get(colour)
        taken = scene.name(owner) if owner is not None else scene.say("空き", "free")
        tk.draw_text(img, (cx, y + marker + 44), taken, tk.SIZE_SMALL, anchor="mt", fill=tk.INK if owner is not None else tk.MUTED_INK,
                     max_width=column - 8, max_lines=1)
    y += marker + 90
    order = view["colour_order"]
    x = tk.draw_text(img, (PAD, y), scene.say("これから選ぶ順:", "Still to choose:"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 10
    for seat in order:
        x = tk.draw_text(img, (x, y), scene.name(seat), tk.SIZE_SMALL, anchor="lm", bold=seat == order[0],
                         max_width=180, max_lines=1)[2] + 14
    return y + 22


def _section_title(img: tk.Picture, y: int, text: str) -> int:
    tk.drawing(img).line((PAD, y, img.width - PAD, y), fill=tk.LINE, width=2)
    tk.draw_text(img, (PAD, y + 6), text, tk.SIZE_BODY, anchor="lt", bold=True)
    return y + SECTION_TITLE


# --------------------------------------------------------------------------- players


def _draw_seats(img: tk.Picture, scene: parts.Scene, top: int, marks: parts.Marks) -> int:
    view = scene.view
    y = _section_title(img, top, scene.say("プレイヤー", "Players")) + 2
    for seat in range(view["players"]):
        bottom = _draw_seat(img, scene, seat, y)
        regions.mark(f"seat:{seat}", (PAD, y, img.width - PAD, bottom))
        tk.draw_seat_frame(img, (PAD, y, img.width - PAD, bottom), seat, scene.frame)
        y = bottom + 6
    return y


def _seat_flags(scene: parts.Scene, seat: int) -> list[str]:
    info = scene.view["seats"][seat]
    flags = []
    if info["used_ability"]:
        flags.append(scene.say("能力使用済", "used ability"))
    if info["rained"]:
        flags.append(scene.say("【雨】使用", "used Rain"))
    if info["bought"]:
        flags.append(scene.say("購入済", "bought"))
    if info["funnel"]:
        flags.append(scene.say("ファンネル", "Funnel"))
    effects = [e for e in scene.view["price_effects"] if e.get("seat") == seat]
    if effects:
        flags.append(scene.say("購入価格 ", "prices ") + _effects_text(effects))
    return flags


def _draw_seat(img: tk.Picture, scene: parts.Scene, seat: int, top: int) -> int:
    """A player: name, turn, cards held and medals (and points at the end); then purchaser cards at
    home and this turn's flags, or at the end the face-down cards revealed; then always-on cards.
    Returns the bottom of the row."""
    view = scene.view
    info = view["seats"][seat]
    over = view["phase"] == "over"
    x0, x1 = PAD, img.width - PAD
    y = top + tk.MARKER / 2 + 2
    tk.draw_marker(img, (x0 + 4 + tk.MARKER / 2, y), tk.MARKER, scene.style(seat))
    name_left = x0 + tk.MARKER + 12
    right = parts.draw_label_value(img, (x1 - 6, y), scene.say("軍資金", "Medals"), str(info["medals"]), anchor="r")[0] - 14
    if over:
        right = parts.draw_label_value(img, (right, y), scene.say("勝利点", "Points"), str(view["final"]["points"][seat]),
                                       anchor="r")[0] - 14
    cards = scene.say(f"カード {info['cards']}(伏せ {info['hidden']})", f"Cards {info['cards']} ({info['hidden']} face down)")
    right = tk.draw_text(img, (right, y), cards, tk.SIZE_SMALL, anchor="rm")[0] - 12
    if seat == view["turn_player"] and not over and view["phase"] != "colour":
        right = tk.draw_pill(img, (right, y), scene.say("ターン", "Turn"), anchor="rm")[0] - 8
    tk.draw_text(img, (name_left, y), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True,
                 max_width=max(1, right - name_left), max_lines=1)
    more = scene.say("…他{n}枚", "…{n} more")
    bottom = round(top + tk.MARKER + 4)
    if over:
        hand = [_chip(card, scene) for card in view["final"]["hands"][seat]]
        bottom = _labelled_chips(img, (name_left, bottom, x1), scene.say("伏せていたカード", "Face-down cards"),
                                 hand or [scene.say("なし", "none")], 3, more)
    else:
        bottom = _draw_home_and_flags(img, scene, seat, (name_left, bottom + TOKEN / 2, x1)) + 4
    if info["always_on"]:
        always = [_chip(card, scene) for card in info["always_on"]]
        bottom = _labelled_chips(img, (name_left, bottom, x1), scene.say("常時効果", "Always on"), always, 2, more)
    tk.drawing(img).line((x0, bottom + 3, x1, bottom + 3), fill=tk.PANEL_HEADER, width=2)
    return bottom + 3


def _draw_home_and_flags(img: tk.Picture, scene: parts.Scene, seat: int, at: tuple[float, float, int]) -> int:
    """Purchaser cards at home as small markers, then this turn's flags; returns the bottom."""
    x, y, right = at
    x = tk.draw_text(img, (x, y), scene.say("手元", "Home"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 8
    home = scene.view["seats"][seat]["home"]
    for _ in range(home):
        x = tk.draw_marker(img, (x + TOKEN / 2, y), TOKEN, scene.style(seat))[2] + 4
    if not home:
        x = tk.draw_text(img, (x, y), "0", tk.SIZE_SMALL, anchor="lm", bold=True)[2]
    x += 12
    for flag in _seat_flags(scene, seat):
        if x + tk.text_width(flag, tk.SIZE_SMALL, bold=True) + 24 > right:
            break
        x = tk.draw_pill(img, (x, y), flag, fill=tk.PANEL_HEADER, ink=tk.INK)[2] + 6
    return round(y + TOKEN / 2)


def _labelled_chips(img: tk.Picture, at: tuple[float, float, int], label: str, chips: Sequence[str], rows: int,
                    more: str) -> int:
    """A muted label, then chips flowing to its right; returns the bottom."""
    x, top, right = at
    label_box = tk.draw_text(img, (x, top + parts.CHIP_HEIGHT / 2 + 2), label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    return parts.draw_chips(img, (label_box[2] + 8, round(top) + 2, right, 0), chips, max_rows=rows, more=more) + 4


def _chip(card: Mapping[str, Any], scene: parts.Scene) -> str:
    return scene.say(f"{parts.card_name(card, scene.ctx)} {card['vp']}点", f"{parts.card_name(card, scene.ctx)} {card['vp']} VP")


# --------------------------------------------------------------------------- discard pile


def _draw_discard(img: tk.Picture, scene: parts.Scene, top: int) -> int:
    """The public discard pile, newest first, so that what is cut off at three rows is the oldest (the
    Resale picker lists every card)."""
    pile = scene.view["discard"]
    y = _section_title(img, top, scene.say(f"捨て札({len(pile)}枚・新しい順)", f"Discard pile ({len(pile)}, newest first)"))
    if not pile:
        tk.draw_text(img, (PAD, y + 2), scene.say("なし", "Empty"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt")
        return y + 30
    chips = [_chip(card, scene) + " · " + parts.ability_label(card, scene.ctx) for card in reversed(pile)]
    return parts.draw_chips(img, (PAD, y, img.width - PAD, 0), chips, max_rows=3,
                            more=scene.say("…他{n}枚", "…{n} more"), targets=[f"card:{card['id']}" for card in reversed(pile)])


# --------------------------------------------------------------------------- private image and card list


def _private_image(frame: Frame, ctx: RenderContext) -> tk.Picture:
    scene = parts.Scene.of(frame, ctx)
    ctx = scene.ctx
    view = frame.view
    seat = view["seat"]
    info = view["seats"][seat]
    hand = view["private"]["hand"]
    always = info["always_on"]
    height = tk.BANNER_HEIGHT + INFO_HEIGHT + SECTION_TITLE + grid_height(hand, ctx)
    if always:
        height += SECTION_TITLE + grid_height(always, ctx)
    img = tk.new_canvas(height + PAD)
    title = scene.say("{s%d}の手札(非公開)" % seat, "{s%d}'s hand (private)" % seat)
    tk.draw_banner(img, ctx, parts.phase_text(scene), title=title)
    middle = tk.BANNER_HEIGHT + INFO_HEIGHT / 2
    tk.draw_marker(img, (PAD + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))
    x = parts.draw_label_value(img, (PAD + tk.MARKER + 10, middle), scene.say("軍資金", "Medals"), str(info["medals"]))[2] + 16
    x = parts.draw_label_value(img, (x, middle), scene.say("獲得カード", "Cards"), str(info["cards"]))[2] + 16
    legend = parts.draw_badge_legend(img, (img.width - PAD, middle), ctx, anchor="r")
    answer = view["private"]["rain_answer"]
    if answer is not None:
        said = scene.say("【雨】で打ち消す", "cancel with Rain") if answer == "rain" else scene.say("通す", "let it through")
        tk.draw_text(img, (x, middle), scene.say("あなたの回答: ", "Your answer: ") + said, tk.SIZE_SMALL, anchor="lm",
                     max_width=max(1, legend[0] - 12 - x), max_lines=1)
    y = _section_title(img, tk.BANNER_HEIGHT + INFO_HEIGHT, scene.say(f"伏せたカード({len(hand)}枚)", f"Face-down cards ({len(hand)})"))
    y = card_grid(img, y, hand, ctx)
    if always:
        y = _section_title(img, y, scene.say("常時効果(表向き)", "Always on (face up)"))
        y = card_grid(img, y, always, ctx)
    return tk.ensure_not_square(img.crop((0, 0, img.width, y + PAD - CARD_GAP)))
