"""Walpurgis images: the public board and a seat's hand.

The field is drawn fixed, as seat 0 sees the table (rulebook 6.3, engine/walpurgis/VIEW.md): row 1 at
the bottom (seat 0's side, seat 0's header below the field), row 5 at the top (seat 1's side, seat 1's
header above), columns a–e left to right, the coordinates on all four edges. One fixed picture for
everyone keeps "2d" in the same place for both players and in the thread's history; each seat's own
side is named in its header.

From top to bottom: the banner (turn and phase), who is to play and their prompt, what the last step
did, seat 1's header (counts of hand, deck, danmaku pile, discard and 陣, hand cards the table saw,
the top of the discard pile), the field, seat 0's header, and during a chain the chain's stack — every
activated card in order with its activation, danmaku-target, destruction and danmaku-placed squares,
what is resolving now (D/A/chain-end effects still to resolve, the square in danmaku processing and who
has answered). On the field the squares of the card being answered are marked too: hatched for its
danmaku targets, a cross for its destruction squares; each chain card carries its number; the last
step's squares are outlined. How each card state looks is described in `renderers.walpurgis_parts`.

Only what the view gives is drawn: a face-down card's identity never reaches a public frame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any


from engine.core.types import Frame, T
from renderers import regions, strips
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.walpurgis_cards import PAD, cards_height, panels
from renderers.walpurgis_parts import (
    COLUMNS,
    SIZE,
    Scene,
    View,
    draw_danmaku,
    draw_jin,
    index_of,

    marked_squares,
    say,
)

TITLE = T("ヴァルプルギス", "Walpurgis")
MAX_HEIGHT = 2000
NOW_HEIGHT = 52
LAST_HEIGHT = 58
LINE = tk.line_height(tk.SIZE_SMALL) + 4
LABEL = 28
GAP = 4
CELL_W = (tk.CANVAS_WIDTH - 2 * PAD - 2 * LABEL - (SIZE - 1) * GAP) // SIZE
CELL_H = 174
TAGS = 28
"""The strip at the top of a square for its tags (chain numbers, "processing")."""
FIELD_X = PAD + LABEL
JIN = (100, 116)
"""A 陣's short and long side on the field: upright it stands tall, sideways it lies wide."""
DIAMOND = 54
DANMAKU_SHOWN = 2
"""Danmaku drawn side by side under the 陣 (face-up ones first); past this many the last place shows how
many more there are instead."""
STAGES = {
    "deck": ("デッキ選択", "Choosing decks"),
    "mulligan": ("マリガン", "Mulligan"),
    "initial": ("初期配置", "Initial placement"),
    "prepare": ("準備フェイズ", "Prepare phase"),
    "main": ("通常フェイズ", "Main phase"),
    "chain": ("連鎖", "Chain"),
    "end": ("終了フェイズ", "End phase"),
    "over": ("終了", "Game over"),
}
STEPS = {
    "rapid": ("① 速射", "① Rapid Fire"),
    "barrage": ("③ 弾幕の配置", "③ Placing danmaku"),
    "intercept": ("④ 迎撃の確認", "④ Interception"),
    "D": ("⑤ D効果", "⑤ D effects"),
    "proc": ("⑥ 弾幕処理", "⑥ Danmaku processing"),
    "A": ("⑧ A効果", "⑧ A effects"),
    "E": ("⑨ 連鎖終了時の効果", "⑨ Chain-end effects"),
    "over": ("連鎖の終わり", "Chain over"),
}
QUEUES = {"D": ("D効果", "D effects"), "A": ("A効果", "A effects"), "E": ("連鎖終了時", "chain end"),
          "endA": ("縦向きに戻す", "turning upright")}


class WalpurgisRenderer:
    """Draws Walpurgis frames (views: engine/walpurgis/VIEW.md); never sees the raw state."""

    def board(self, frame: Frame, ctx: RenderContext) -> tk.Picture:
        scene = Scene.of(frame, ctx)
        img = tk.new_canvas(MAX_HEIGHT)
        tk.draw_banner(img, scene.ctx, status_text(scene), title=scene.ctx.title or tk.localize(scene.ctx, TITLE))
        y = tk.BANNER_HEIGHT
        y = strips.draw_now_strip(img, scene.ctx, y, frame, scene.style, scene.name, pad=PAD, height=NOW_HEIGHT)
        y = strips.draw_last_strip(img, scene.ctx, y, frame, pad=PAD, height=LAST_HEIGHT)
        if scene.view["stage"] == "deck":
            y = draw_choosing(img, scene, y + 10)
        else:
            y = draw_header(img, scene, 1, y + 6)
            y = draw_field(img, scene, y + 4)
            y = draw_header(img, scene, 0, y + 4)
            y = draw_chain(img, scene, y + 6)
            y = draw_end(img, scene, y)
            y = draw_result(img, scene, y)
        return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))

    def private(self, frame: Frame, ctx: RenderContext) -> tk.Picture | None:
        """The seat's hand as card panels, and its face-down 陣 on the field; None before it holds any."""
        seat = frame.seat
        if seat is None:
            return None
        mine = frame.view["players"][seat]
        if not mine["hand"] and not own_face_down(frame.view, seat):
            return None
        return hand_image(Scene.of(frame, ctx), seat)


RENDERER = WalpurgisRenderer()


# --------------------------------------------------------------------------- strips


def status_text(scene: Scene) -> str:
    view = scene.view
    stage = say(scene.ctx, *STAGES.get(view["stage"], (view["stage"], view["stage"])))
    if view["stage"] in ("deck", "mulligan", "initial") or not view["turn_no"]:
        return stage
    return say(scene.ctx, f"ターン {view['turn_no']} · {stage}", f"Turn {view['turn_no']} · {stage}")


def draw_choosing(img: tk.Picture, scene: Scene, top: int) -> int:
    """Before the deal: who has chosen a deck (never which)."""
    y = top
    for seat in (0, 1):
        middle = y + 24
        tk.draw_seat_frame(img, (4, y, img.width - 4, y + 48), seat, scene.frame)
        x = tk.draw_marker(img, (PAD + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))[2] + 10
        x = tk.draw_text(img, (x, middle), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True, max_width=360, max_lines=1)[2] + 16
        chosen = scene.player(seat)["chosen"]
        label = say(scene.ctx, "選択済み", "Chosen") if chosen else say(scene.ctx, "選択中…", "Choosing…")
        tk.draw_pill(img, (x, middle), label, fill=tk.INK if chosen else tk.PANEL_HEADER, ink=tk.WHITE if chosen else tk.INK)
        y += 54
    copies = scene.view["options"].get("copies", "4")
    limit = say(scene.ctx, "同名カードの制限なし" if copies == "none" else f"同名カードは{copies}枚まで",
                "no limit on copies of one card" if copies == "none" else f"at most {copies} of one card")
    note = say(scene.ctx, f"デッキは各自が非公開で選びます(スターターデッキか、/walpurgis deck use で自分のデッキ。60枚以下、{limit})。"
                          "相手のデッキは見えません。",
               f"Each player chooses a deck privately (a starter deck, or one of your own with /walpurgis deck use; "
               f"at most 60 cards, {limit}). Nobody sees the other's deck.")
    return tk.draw_text(img, (PAD, y + 6), note, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt",
                        max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=3)[3] + 6


# --------------------------------------------------------------------------- the players


def counts_text(scene: Scene, seat: int) -> str:
    info = scene.player(seat)
    jin = f"{info['jin']}({say(scene.ctx, '表', 'up')} {info['face_up']})"
    return say(scene.ctx,
               f"手札 {info['hand_count']}  山札 {info['deck']}  弾幕置き場 {info['pile']}  捨て札 {len(info['discard'])}  陣 {jin}",
               f"Hand {info['hand_count']}  Deck {info['deck']}  Danmaku pile {info['pile']}  Discard {len(info['discard'])}  Jin {jin}")


def notes_text(scene: Scene, seat: int) -> list[str]:
    """What else the table knows of this player: the 通常弾 set aside, the mulligan, seen hand cards,
    the top of the discard pile."""
    ctx, info, view = scene.ctx, scene.player(seat), scene.view
    notes = []
    if info["aside"]:
        notes.append(say(ctx, f"取り置き: {scene.card_name(info['aside'])}", f"Set aside: {scene.card_name(info['aside'])}"))
    if view["stage"] == "mulligan":
        done = info["mulligan"]
        notes.append(say(ctx, "マリガン: 考え中…" if done is None else f"マリガン: {done}枚", "Mulligan: thinking…" if done is None else f"Mulligan: {done}"))
    if info["known"]:
        names = ("、" if ctx.ja else ", ").join(scene.card_name(cid) for cid in info["known"])
        notes.append(say(ctx, f"公開された手札: {names}", f"Seen in hand: {names}"))
    if info["discard"]:
        top = scene.card_name(info["discard"][-1])
        notes.append(say(ctx, f"捨て札の一番上: {top}", f"Top of discard: {top}"))
    return notes


def draw_header(img: tk.Picture, scene: Scene, seat: int, top: int) -> int:
    """Marker, name, first-player tag, then the counts and the notes, on the seat's side of the field."""
    ctx = scene.ctx
    notes = "  /  ".join(notes_text(scene, seat))
    height = 2 * LINE + 12 + (LINE if notes else 0)
    tk.drawing(img).rectangle((0, top, img.width, top + height), fill=tk.PANEL_HEADER)
    tk.draw_seat_frame(img, (4, top + 2, img.width - 4, top + height - 2), seat, scene.frame)
    middle = top + 6 + LINE / 2
    x = tk.draw_marker(img, (PAD + tk.MARKER / 2, top + 6 + LINE), tk.MARKER, scene.style(seat))[2] + 10
    end = tk.draw_text(img, (x, middle), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True, max_width=300, max_lines=1)[2] + 12
    if scene.view["first"] == seat:
        end = tk.draw_pill(img, (end, middle), say(ctx, "先攻", "First"))[2] + 8
    side = say(ctx, "1段目の側" if seat == 0 else "5段目の側", "sits at row 1" if seat == 0 else "sits at row 5")
    tk.draw_text(img, (end, middle), side, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm", max_width=max(1, img.width - PAD - end), max_lines=1)
    tk.draw_text(img, (x, middle + LINE), counts_text(scene, seat), tk.SIZE_SMALL, anchor="lm", bold=True,
                 max_width=img.width - PAD - x, max_lines=1)
    if notes:
        tk.draw_text(img, (x, middle + 2 * LINE), notes, tk.SIZE_SMALL, anchor="lm", max_width=img.width - PAD - x, max_lines=1)
    return top + height


# --------------------------------------------------------------------------- the field


def cell_box(square: int, top: int) -> tk.Box:
    row, column = divmod(square, SIZE)
    x = FIELD_X + column * (CELL_W + GAP)
    y = top + LABEL + (SIZE - 1 - row) * (CELL_H + GAP)
    return (x, y, x + CELL_W, y + CELL_H)


def answered_link(view: View) -> Mapping[str, Any] | None:
    chain = view["chain"]
    return chain["links"][-1] if chain and chain["links"] else None


def draw_field(img: tk.Picture, scene: Scene, top: int) -> int:
    """The 5 × 5 field with its coordinates; returns the y below it."""
    view = scene.view
    link = answered_link(view)
    targets = {index_of(sq) for sq in (link["targets"] + link["rapid_targets"])} if link else set()
    ruined = {index_of(sq) for sq in (link["destruction"] + link["rapid_destruction"])} if link else set()
    numbers: dict[int, list[str]] = {}
    for number, entry in enumerate(view["chain"]["links"] if view["chain"] else [], start=1):
        numbers.setdefault(index_of(entry["square"]) or 0, []).append(f"#{number}")
    processing = view["chain"]["processing"] if view["chain"] else None
    now = index_of(processing["square"]) if processing else None
    touched = marked_squares(scene.frame.recent)
    draw_coordinates(img, top)
    for square in range(SIZE * SIZE):  # every square, empty ones too: the coordinates place them
        row, column = divmod(square, SIZE)
        regions.mark(f"square:{row + 1}{COLUMNS[column]}", cell_box(square, top))
    for entry in view["field"]:
        square = index_of(entry["square"])
        assert square is not None
        cell = cell_box(square, top)
        draw_cell(img, cell, square in targets, square in ruined)
        draw_pieces(img, scene, cell, entry["cards"])
        tags = numbers.get(square, []) + ([say(scene.ctx, "処理中", "Processing")] if square == now else [])
        x = cell[0] + 4
        for tag in tags:
            x = tk.draw_pill(img, (x, cell[1] + TAGS / 2), tag)[2] + 2
        if square in touched:
            tk.draw_highlight(img, cell)
    bottom = cell_box(0, top)[3]
    draw_letters(img, bottom + LABEL / 2)
    y = bottom + LABEL
    legend = say(scene.ctx, "縦長=縦向き 横長=横向き 模様=裏向き ◇=弾幕", "tall = upright, wide = sideways, lattice = face down, ◇ = danmaku")
    number = len(view["chain"]["links"]) if link else 0
    if targets:
        legend += say(scene.ctx, f"  斜線=#{number}の弾幕の対象", f"  hatched: #{number}'s danmaku targets")
    if ruined:
        legend += say(scene.ctx, f"  ×=#{number}の破壊マス", f"  ×: #{number}'s destruction squares")
    return tk.draw_text(img, (PAD, y + 2), legend, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt", max_width=img.width - 2 * PAD, max_lines=2)[3] + 4


def draw_coordinates(img: tk.Picture, top: int) -> None:
    draw_letters(img, top + LABEL / 2)
    for row in range(SIZE):
        cell = cell_box(row * SIZE, top)
        middle = (cell[1] + cell[3]) / 2
        for x in (PAD + LABEL / 2, tk.CANVAS_WIDTH - PAD - LABEL / 2):
            tk.draw_text(img, (x, middle), str(row + 1), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="mm", bold=True)


def draw_letters(img: tk.Picture, middle: float) -> None:
    for column, letter in enumerate(COLUMNS):
        x = FIELD_X + column * (CELL_W + GAP) + CELL_W / 2
        tk.draw_text(img, (x, middle), letter, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="mm", bold=True)


def draw_cell(img: tk.Picture, cell: tk.Box, target: bool, ruined: bool) -> None:
    draw = tk.drawing(img)
    draw.rounded_rectangle(cell, radius=8, fill=tk.BACKGROUND, outline=tk.LINE, width=2)
    x0, y0, x1, y1 = cell
    if target:
        for offset in range(-(y1 - y0), x1 - x0, 14):
            start = (x0 + max(offset, 0), y0 + max(-offset, 0))
            length = min(x1 - start[0], y1 - start[1])
            draw.line((start, (start[0] + length, start[1] + length)), fill=tk.LINE, width=2)
    if ruined:
        draw.line((x0 + 8, y0 + 8, x1 - 8, y1 - 8), fill=tk.INK, width=5)
        draw.line((x0 + 8, y1 - 8, x1 - 8, y0 + 8), fill=tk.INK, width=5)


def draw_pieces(img: tk.Picture, scene: Scene, cell: tk.Box, cards: list[View]) -> None:
    """The square's 陣 under the tag strip, its danmaku in a row of diagonal cards below it."""
    x0, y0, x1, y1 = cell
    cx = (x0 + x1) / 2
    for piece in cards:
        if piece["state"] not in ("dm", "du"):
            draw_jin(img, scene, (cx, y0 + TAGS + JIN[1] / 2), piece, *JIN)
    danmaku = sorted((piece for piece in cards if piece["state"] in ("dm", "du")), key=lambda piece: piece["state"] != "du")
    shown = danmaku if len(danmaku) <= DANMAKU_SHOWN else danmaku[:DANMAKU_SHOWN - 1]
    step = DIAMOND - 2
    middle = y1 - DIAMOND / 2 - 1
    places = [cx + (index - (DANMAKU_SHOWN - 1 if len(danmaku) > DANMAKU_SHOWN else len(shown) - 1) / 2) * step
              for index in range(DANMAKU_SHOWN)]
    for piece, x in zip(shown, places):
        draw_danmaku(img, scene, (x, middle), piece, DIAMOND)
    if len(danmaku) > DANMAKU_SHOWN:
        tk.draw_pill(img, (places[-1], middle), f"+{len(danmaku) - len(shown)}", anchor="m")


# --------------------------------------------------------------------------- the chain


def squares_text(ctx: RenderContext, words: tuple[str, str], squares: list[str]) -> str | None:
    return f"{say(ctx, *words)} {' '.join(squares)}" if squares else None


def link_text(scene: Scene, entry: Mapping[str, Any]) -> str:
    ctx = scene.ctx
    parts = [
        squares_text(ctx, ("発動マス", "activation"), entry["activation"]),
        squares_text(ctx, ("速射の対象", "rapid targets"), entry["rapid_targets"]),
        squares_text(ctx, ("弾幕の対象", "targets"), entry["targets"]),
        squares_text(ctx, ("破壊", "destroys"), entry["destruction"] + [sq for sq in entry["rapid_destruction"] if sq not in entry["destruction"]]),
        squares_text(ctx, ("弾幕を配置", "placed"), entry["placed"]),
    ]
    return " · ".join(part for part in parts if part)


def draw_chain(img: tk.Picture, scene: Scene, top: int) -> int:
    """The chain's stack, the last card (the one being answered) at the bottom, and what resolves now."""
    chain = scene.view["chain"]
    if not chain:
        return top
    ctx = scene.ctx
    x = tk.draw_pill(img, (PAD, top + LINE / 2), say(ctx, "連鎖", "Chain"))[2] + 10
    tk.draw_text(img, (x, top + LINE / 2), say(ctx, *STEPS.get(chain["step"], (chain["step"], chain["step"]))), tk.SIZE_BODY,
                 anchor="lm", bold=True, max_width=img.width - PAD - x, max_lines=1)
    y = top + LINE + 4
    for number, entry in enumerate(chain["links"], start=1):
        middle = y + LINE / 2
        x = tk.draw_text(img, (PAD, middle), f"#{number}", tk.SIZE_SMALL, anchor="lm", bold=True)[2] + 8
        x = tk.draw_marker(img, (x + tk.MARKER / 2, y + LINE), tk.MARKER, scene.style(entry["owner"]))[2] + 8
        title = f"{scene.card_name(entry['card'])} ({entry['card']}) @ {entry['square']}"
        tk.draw_text(img, (x, middle), title, tk.SIZE_SMALL, anchor="lm", bold=True, max_width=img.width - PAD - x, max_lines=1)
        bottom = tk.draw_text(img, (x, y + LINE), link_text(scene, entry), tk.SIZE_SMALL, anchor="lt", max_width=img.width - PAD - x,
                              max_lines=2)[3]
        y = max(bottom, y + 2 * LINE) + 4
    for line in (queue_text(scene, chain["queue"]), processing_text(scene, chain["processing"])):
        if line:
            y = tk.draw_text(img, (PAD, y), line, tk.SIZE_SMALL, anchor="lt", max_width=img.width - 2 * PAD, max_lines=2)[3] + 4
    return y


def queue_text(scene: Scene, queue: Mapping[str, Any] | None) -> str | None:
    """Cards still to resolve per seat, and whose turn it is to pick the next."""
    if not queue:
        return None
    ctx = scene.ctx
    left = [f"{scene.style(seat).letter}: {' '.join(squares) or '—'}" for seat, squares in enumerate(queue["left"])]
    kind = say(ctx, *QUEUES.get(queue["kind"], (queue["kind"], queue["kind"])))
    return say(ctx, f"{kind}の残り {' / '.join(left)}(次: {scene.name(queue['next'])})",
               f"{kind} left {' / '.join(left)} (next: {scene.name(queue['next'])})")


def processing_text(scene: Scene, processing: Mapping[str, Any] | None) -> str | None:
    """The square in danmaku processing; when both strip at once, only who has answered (never what)."""
    if not processing:
        return None
    ctx = scene.ctx
    rest = " ".join(sq for sq in processing["left"] if sq != processing["square"])
    after = say(ctx, f"(このあと {rest})", f" (then {rest})") if rest else ""
    if processing["mode"] == "strip":
        answered = [scene.style(seat).letter for seat, done in enumerate(processing["answered"]) if done]
        done = ", ".join(answered) or say(ctx, "まだ誰も", "nobody yet")
        return say(ctx, f"弾幕処理 {processing['square']}: 両者が同時に1枚ずつ処理。回答済み: {done}{after}",
                   f"Danmaku processing at {processing['square']}: both strip one card at once. Answered: {done}{after}")
    return say(ctx, f"弾幕処理 {processing['square']}: 残すカードを選ぶ{after}", f"Danmaku processing at {processing['square']}: choosing the card that stays{after}")


def draw_end(img: tk.Picture, scene: Scene, top: int) -> int:
    end = scene.view["end"]
    if not end:
        return top
    line = queue_text(scene, end["queue"]) if end["queue"] else say(scene.ctx, "終了フェイズ: 手札調整(6枚まで)", "End phase: hand limit (6 cards)")
    return tk.draw_text(img, (PAD, top + 4), line or "", tk.SIZE_SMALL, anchor="lt", max_width=img.width - 2 * PAD, max_lines=2)[3] + 4


def draw_result(img: tk.Picture, scene: Scene, top: int) -> int:
    """The whole result sentence (the strip at the top has room for its start only)."""
    outcome = scene.frame.outcome
    if outcome is None:
        return top
    x = tk.draw_pill(img, (PAD, top + 6 + LINE / 2), say(scene.ctx, "結果", "Result"))[2] + 10
    return tk.draw_text(img, (x, top + 6), tk.localize(scene.ctx, outcome.summary), tk.SIZE_SMALL, anchor="lt", bold=True,
                        max_width=img.width - PAD - x, max_lines=3)[3] + 4


# --------------------------------------------------------------------------- the hand


def own_face_down(view: View, seat: int) -> list[tuple[str, str]]:
    """(square, card) of the seat's face-down 陣 whose identity its view gives."""
    return [(entry["square"], piece["card"]) for entry in view["field"] for piece in entry["cards"]
            if piece["owner"] == seat and piece["state"] in ("act", "dor") and piece["card"]]


def hand_image(scene: Scene, seat: int) -> tk.Picture:
    """The seat's hand, one panel per card name (×n for several), its face-down 陣 and its deck count."""
    ctx, view = scene.ctx, scene.view
    mine = scene.player(seat)
    held = Counter(mine["hand"] or [])
    cards = [(scene.card(cid), count) for cid, count in sorted(held.items())]
    lines = [say(ctx, f"山札 {mine['deck']}枚 · 弾幕置き場 {mine['pile']}枚", f"Deck {mine['deck']} · danmaku pile {mine['pile']}")]
    hidden = own_face_down(view, seat)
    if hidden:
        listed = " · ".join(f"{square} {scene.card_name(cid)}" for square, cid in hidden)
        lines.append(say(ctx, f"自分の裏向きの陣: {listed}", f"Your face-down jin: {listed}"))
    if mine["aside"]:
        lines.append(say(ctx, f"取り置いた通常弾: {scene.card_name(mine['aside'])}(マリガン後に手札へ)",
                         f"Set aside: {scene.card_name(mine['aside'])} (joins your hand after the mulligan)"))
    text_top = tk.BANNER_HEIGHT + 6
    body = cards_height(ctx, cards) if cards else LINE
    img = tk.new_canvas(text_top + len(lines) * 2 * LINE + 12 + body + PAD)
    title = say(ctx, f"{scene.name(seat)}の手札({len(mine['hand'] or [])}枚)", f"{scene.name(seat)}'s hand ({len(mine['hand'] or [])})")
    tk.draw_banner(img, ctx, "", title=title)
    y = text_top
    for line in lines:
        y = tk.draw_text(img, (PAD, y), line, tk.SIZE_SMALL, anchor="lt", max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=2)[3] + 4
    if not cards:
        y = tk.draw_text(img, (PAD, y + 4), say(ctx, "手札はありません。", "Your hand is empty."), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt")[3]
    else:
        y = panels(img, ctx, cards, y + 8)
    return tk.ensure_not_square(img.crop((0, 0, img.width, y + PAD)))

