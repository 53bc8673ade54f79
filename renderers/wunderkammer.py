"""Wunderkammer images: the public board and a seat's private image (views: engine/wunderkammer/VIEW.md).

The board reads top to bottom like the table: who is to play and what they are asked (the decision's own
prompt, which carries the take-item sum), what the last step did (the engine's sentences), the common
field as four rows of four like the score sheet (cards left and each kind's value now), the nine
characters (where each is, put cards face down as a count), then each player's counts, 5 lines, bench
and trash. The latest action is outlined where it happened. Once the game is over the board is the score
sheet, with the characters and every put card revealed below it.

The private image is what only that player knows: their hand, what their deck holds (never its order),
the put cards they have seen and the values those put cards make.
"""

from __future__ import annotations


from engine.core.types import Frame, T
from renderers import strips
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.wunderkammer_parts import (
    PAD,
    TILE_HEIGHT,
    Scene,
    character_name,
    counted,
    draw_tile,
    draw_tiles,
    item_name,
    marks,
    section_title,
    step_text,
)
from renderers.wunderkammer_sheet import draw_score_sheet
from renderers.wunderkammer_table import draw_characters, draw_field, draw_seats

NOW_HEIGHT = 58
LAST_HEIGHT = 58
INFO_HEIGHT = 52
MAX_HEIGHT = 3200
HAND_COLUMNS = 3
HAND_CARD_HEIGHT = 50
GAP = 8

TITLE = T("ヴンダーカンマー", "Wunderkammer")


class WunderkammerRenderer:
    """Draws Wunderkammer frames from the views alone; never sees the raw state."""

    def board(self, frame: Frame, ctx: RenderContext) -> tk.Picture:
        scene = Scene.of(frame, ctx)
        img = tk.new_canvas(MAX_HEIGHT)
        tk.draw_banner(img, scene.ctx, step_text(scene), title=ctx.title or tk.localize(scene.ctx, TITLE))
        y = _draw_now(img, scene, tk.BANNER_HEIGHT)
        y = _draw_last(img, scene, y)
        found = marks(frame.recent)
        if frame.view["step"] == "over":
            y = draw_score_sheet(img, scene, y + 8)
            y = draw_characters(img, scene, y + 4, found)
        else:
            y = draw_field(img, scene, y + 8, found)
            y = draw_characters(img, scene, y + 4, found)
            y = draw_seats(img, scene, y + 4, found)
        return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))

    def private(self, frame: Frame, ctx: RenderContext) -> tk.Picture | None:
        """The seat's hand, deck contents and the put cards it knows; None for a spectator's frame."""
        if "private" not in frame.view:
            return None
        return _private_image(Scene.of(frame, ctx))


RENDERER = WunderkammerRenderer()


def _draw_now(img: tk.Picture, scene: Scene, top: int) -> int:
    return strips.draw_now_strip(img, scene.ctx, top, scene.frame, scene.style, scene.name, pad=PAD, height=NOW_HEIGHT)


def _draw_last(img: tk.Picture, scene: Scene, top: int) -> int:
    """What the last step did, in the engine's sentences (all of them: the strip grows)."""
    return strips.draw_last_strip(img, scene.ctx, top, scene.frame, pad=PAD, height=LAST_HEIGHT)


# --------------------------------------------------------------------------- private image


def _private_image(scene: Scene) -> tk.Picture:
    view = scene.view
    seat = view["seat"]
    info = view["seats"][seat]
    private = view["private"]
    img = tk.new_canvas(MAX_HEIGHT)
    title = scene.say("{s%d}の手札(非公開)" % seat, "{s%d}'s hand (private)" % seat)
    tk.draw_banner(img, scene.ctx, step_text(scene), title=title)
    middle = tk.BANNER_HEIGHT + INFO_HEIGHT / 2
    x = tk.draw_marker(img, (PAD + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))[2] + 10
    counts = scene.say(f"手札{info['hand']}・山札{info['deck']}・トラッシュ{len(info['trash'])}",
                       f"Hand {info['hand']} · Deck {info['deck']} · Trash {len(info['trash'])}")
    x = tk.draw_text(img, (x, middle), counts, tk.SIZE_BODY, anchor="lm", bold=True)[2] + 12
    joker = scene.say("ジョーカー有", "Joker in hand") if info["joker"] else scene.say("ジョーカー使用中", "Joker on a line")
    tk.draw_pill(img, (x, middle), joker, fill=tk.PANEL_HEADER, ink=tk.INK)
    y = tk.BANNER_HEIGHT + INFO_HEIGHT
    hand = private["hand"]
    y = section_title(img, y, scene.say(f"手札({len(hand)}枚)", f"Hand ({len(hand)})"))
    y = _draw_hand(img, scene, hand, y)
    y = section_title(img, y + 8, scene.say("山札の中身", "In your deck"), scene.say("順番は誰にも分かりません", "order unknown to all"))
    y = draw_tiles(img, (PAD, y, img.width - PAD, 0), counted(private["deck"]), max_rows=3, empty=scene.say("なし", "empty"))
    y = _draw_known_puts(img, scene, y + 10)
    return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))


def _draw_hand(img: tk.Picture, scene: Scene, hand: list[str], top: int) -> int:
    """Each hand card as a tile with its name, three to a row."""
    if not hand:
        tk.draw_text(img, (PAD, top + TILE_HEIGHT / 2), scene.say("なし", "empty"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        return top + TILE_HEIGHT
    width = (img.width - 2 * PAD - (HAND_COLUMNS - 1) * GAP) // HAND_COLUMNS
    for index, kind in enumerate(hand):
        row, column = divmod(index, HAND_COLUMNS)
        x0 = PAD + column * (width + GAP)
        y0 = top + row * (HAND_CARD_HEIGHT + GAP)
        tk.drawing(img).rounded_rectangle((x0, y0, x0 + width, y0 + HAND_CARD_HEIGHT), radius=8, fill=tk.PANEL,
                                              outline=tk.LINE, width=1)
        tile = draw_tile(img, (x0 + 6, y0 + HAND_CARD_HEIGHT / 2), kind, size=tk.SIZE_BODY)
        tk.draw_text(img, (tile[2] + 8, y0 + HAND_CARD_HEIGHT / 2), item_name(scene.ctx, kind), tk.SIZE_SMALL, anchor="lm",
                     max_width=x0 + width - tile[2] - 14, max_lines=2)
    rows = -(-len(hand) // HAND_COLUMNS)
    return top + rows * (HAND_CARD_HEIGHT + GAP)


def _draw_known_puts(img: tk.Picture, scene: Scene, top: int) -> int:
    """Every put card this seat has seen, under its character (on whose bench), and the item values
    those put cards make as far as this seat knows (the board counts printed items only)."""
    view = scene.view
    known = [entry for entry in view["characters"] if any(put["kind"] is not None for put in entry["puts"])]
    y = section_title(img, top, scene.say("知っているプット", "Put cards you know"),
                      scene.say("他の人には伏せてあります", "face down to the others"))
    if not known:
        tk.draw_text(img, (PAD, y + TILE_HEIGHT / 2), scene.say("なし", "none"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        return y + TILE_HEIGHT
    for entry in known:
        owner = entry["owner"]
        where = scene.say(f"({scene.name(owner)}のベンチ)", f"({scene.name(owner)}'s bench)") if owner is not None else ""
        head = tk.draw_text(img, (PAD, y + TILE_HEIGHT / 2), f"{character_name(scene.ctx, entry['id'])} {where}", tk.SIZE_SMALL,
                            anchor="lm", bold=True, max_width=330, max_lines=1)
        kinds = counted(put["kind"] for put in entry["puts"] if put["kind"] is not None)
        hidden = sum(1 for put in entry["puts"] if put["kind"] is None)
        if hidden:
            kinds_box = draw_tiles(img, (head[2] + 10, y, img.width - PAD - 110, 0), kinds, max_rows=2)
            tk.draw_text(img, (img.width - PAD, y + TILE_HEIGHT / 2), scene.say(f"他に伏せ{hidden}", f"+{hidden} down"),
                         tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
        else:
            kinds_box = draw_tiles(img, (head[2] + 10, y, img.width - PAD, 0), kinds, max_rows=2)
        y = kinds_box + 6
    values = view["private"]["values"]
    public = {entry["id"]: entry["value"] for entry in view["items"]}
    changed = [(kind, value) for kind, value in values.items() if value != public.get(kind)]
    if changed:
        label_box = tk.draw_text(img, (PAD, y + TILE_HEIGHT / 2 + 4), scene.say("あなたが知る価値", "Values you know"),
                                 tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        x = label_box[2] + 10
        for kind, value in changed:
            text = scene.say(f"{value}点", f"{value} pt")
            tile = draw_tile(img, (x, y + TILE_HEIGHT / 2 + 4), kind)
            x = tk.draw_text(img, (tile[2] + 4, y + TILE_HEIGHT / 2 + 4), text, tk.SIZE_SMALL, anchor="lm", bold=True)[2] + 12
            if x > img.width - PAD - 120:
                break
        y += TILE_HEIGHT + 8
    return y

