"""Building blocks of the Wall of War images: purchaser-colour styles, card texts, who is awaited, and
the words for the last action.

Why a separate module: the board, the private image and the card list share the colours, the card
wording and the small widgets, and the page layouts in `renderers.wallofwar` stay readable without them.
Everything here reads views (engine/wallofwar/VIEW.md) and the static card data, never a raw state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.types import T, Text
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import COLOURS, NAMES
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.palette import RGB, hex_rgb

View = Mapping[str, Any]
Card = Mapping[str, Any]

# The physical game's five purchaser colours. Fills stay close to the named colour yet apart under the
# common colour-vision deficiencies: the weakest pair still differs by 27 CIELAB units after simulating
# protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1.0; the renderer tests re-check
# it), more than the Okabe–Ito seat colours' 20.7. Each colour also has its own shape and letter (the
# colour's initial, or the kanji in Japanese), so nobody has to tell colours apart by hue.
_FILLS: dict[str, tuple[str, RGB, str]] = {
    "red": ("#D55E00", tk.INK, "circle"),
    "blue": ("#00589E", tk.WHITE, "square"),
    "yellow": ("#F0E442", tk.INK, "triangle"),
    "green": ("#3CB371", tk.INK, "diamond"),
    "purple": ("#D08ACF", tk.INK, "hexagon"),
}
UNCHOSEN = tk.Style(tk.PANEL_HEADER, tk.INK, "?", "circle", T("未定", "Not chosen"))
"""A seat that has not picked its colour yet: neutral grey with a question mark."""

# Kinds of circle card: the printed text colour (red for space, brown for venue) as a tag fill, always
# with the word, so the colour is only a second cue.
KIND_WORDS: dict[str, Text] = {"space": T("スペース", "Space"), "venue": T("館内", "Venue")}
KIND_FILLS: dict[str, RGB] = {"space": hex_rgb("#F2C4BA"), "venue": hex_rgb("#DCC6A4")}


def colour_style(colour: str | None, ctx: RenderContext) -> tk.Style:
    """The marker of a purchaser colour: fill, shape and letter (kanji in Japanese, initial in English)."""
    if colour is None:
        return UNCHOSEN
    code, ink, shape = _FILLS[colour]
    name = NAMES[colour]
    letter = name.ja if ctx.ja else name.en[0]
    return tk.Style(hex_rgb(code), ink, letter, shape, name)


def colour_styles(ctx: RenderContext) -> list[tk.Style]:
    return [colour_style(colour, ctx) for colour in COLOURS]


@dataclass(frozen=True, slots=True)
class Scene:
    """One view seen by one reader: seat names, seat markers and bilingual strings with names filled in."""

    view: View
    ctx: RenderContext

    def colour(self, seat: int) -> str | None:
        return self.view["seats"][seat]["colour"]

    def style(self, seat: int) -> tk.Style:
        return colour_style(self.colour(seat), self.ctx)

    def name(self, seat: int) -> str:
        """The display name, or the seat's colour word (or number) when the platform gave no name."""
        names = self.ctx.seat_names
        if seat < len(names) and names[seat]:
            return names[seat]
        colour = self.colour(seat)
        if colour is not None:
            return tk.localize(self.ctx, NAMES[colour])
        return self.say(f"{seat + 1}番目の席", f"Seat {seat + 1}")

    def say(self, ja: str, en: str) -> str:
        """A one-off bilingual string with `{sN}` seat placeholders filled in."""
        names = {seat: self.name(seat) for seat in range(self.view["players"])}
        return T(ja, en).render(self.ctx.locale, names)


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A bilingual string without seat names (card sheets, labels)."""
    return ja if ctx.ja else en


# --------------------------------------------------------------------------- cards


def card_name(card: Card, ctx: RenderContext) -> str:
    return card["name"]["ja"] if ctx.ja else card["name"]["en"]


def ability_label(card: Card, ctx: RenderContext) -> str:
    name = card["ability_name"]["ja"] if ctx.ja else card["ability_name"]["en"]
    return f"【{name}】" if ctx.ja else name


def ability_text(card: Card, ctx: RenderContext) -> str:
    return CARDS.abilities[card["ability"]].text.get(ctx.locale)


def card_heading(card: Card, ctx: RenderContext) -> str:
    """The first body line of a full card: id (used in typed notation), kind, ability, always-on."""
    kind = KIND_WORDS[card["kind"]].get(ctx.locale)
    parts = [card["id"], kind, ability_label(card, ctx)]
    if card["cost"] is None:
        parts.append(say(ctx, "常時効果", "always on"))
    return " · ".join(parts)


def card_body(card: Card, ctx: RenderContext) -> str:
    return card_heading(card, ctx) + "\n" + ability_text(card, ctx)


def cost_badge(card: Card) -> str:
    """The cost icon: its number, or "–" for an always-on card (no cost icon)."""
    return "–" if card["cost"] is None else str(card["cost"])


# --------------------------------------------------------------------------- widgets


def draw_kind_tag(img: Image.Image, xy: tk.Point, kind: str, ctx: RenderContext) -> tk.Box:
    return tk.draw_pill(img, xy, KIND_WORDS[kind].get(ctx.locale), fill=KIND_FILLS[kind], ink=tk.INK)


def draw_label_value(img: Image.Image, xy: tk.Point, label: str, value: str, *, anchor: str = "l") -> tk.Box:
    """"Medals 7": a muted small label and a bold number, vertically centred on `xy`."""
    if anchor == "r":
        value_box = tk.draw_text(img, xy, value, tk.SIZE_BODY + 4, anchor="rm", bold=True)
        label_box = tk.draw_text(img, (value_box[0] - 8, xy[1]), label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
        return (label_box[0], value_box[1], value_box[2], value_box[3])
    label_box = tk.draw_text(img, xy, label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    value_box = tk.draw_text(img, (label_box[2] + 8, xy[1]), value, tk.SIZE_BODY + 4, anchor="lm", bold=True)
    return (label_box[0], value_box[1], value_box[2], value_box[3])


CHIP_GAP = 10
CHIP_HEIGHT = tk.line_height(tk.SIZE_SMALL) + 6


def _chip_width(label: str, limit: int) -> int:
    return min(tk.text_width(label, tk.SIZE_SMALL) + 20, limit)


def chip_rows(labels: Sequence[str], width: int, max_rows: int, more: str) -> list[list[str]]:
    """Labels flowed into rows of `width` px; past `max_rows` the last row ends in a "+N" label instead.

    `more` is a template with `{n}`, the number of labels left out.
    """
    rows: list[list[str]] = [[]]
    used = 0
    for label in labels:
        chip = _chip_width(label, width) + CHIP_GAP
        if rows[-1] and used + chip > width:
            rows.append([])
            used = 0
        rows[-1].append(label)
        used += chip
    if len(rows) <= max_rows:
        return rows
    kept = rows[:max_rows]
    last = kept[-1]
    shown = sum(len(row) for row in kept)
    while True:
        tail = more.format(n=len(labels) - shown)
        if not last or sum(_chip_width(label, width) + CHIP_GAP for label in last) + _chip_width(tail, width) <= width:
            break
        last.pop()
        shown -= 1
    last.append(more.format(n=len(labels) - shown))
    return kept


def draw_chips(img: Image.Image, box: tk.Box, labels: Sequence[str], *, max_rows: int, more: str) -> int:
    """Small labelled tags flowing in rows inside `box` (at most `max_rows`, then "+N"); returns the y
    below the last row."""
    x0, y0, x1, _ = box
    draw = ImageDraw.Draw(img)
    rows = chip_rows(labels, x1 - x0, max_rows, more)
    y = y0
    for index, row in enumerate(rows):
        x = x0
        for label in row:
            width = _chip_width(label, x1 - x0)
            draw.rounded_rectangle((x, y, x + width, y + CHIP_HEIGHT), radius=8, fill=tk.PANEL, outline=tk.LINE, width=2)
            tk.draw_text(img, (x + 10, y + CHIP_HEIGHT / 2), label, tk.SIZE_SMALL, anchor="lm", max_width=width - 20, max_lines=1)
            x += width + CHIP_GAP
        y += CHIP_HEIGHT + (8 if index < len(rows) - 1 else 0)
    return y


def draw_badge_legend(img: Image.Image, xy: tk.Point, ctx: RenderContext, *, anchor: str = "l") -> tk.Box:
    """What the two card badges mean: the white disc is the cost, the ink tile the victory points."""
    cost, points = say(ctx, "コスト", "cost"), say(ctx, "勝利点", "VP")
    size, gap = 38, 8
    width = size + gap + tk.text_width(cost, tk.SIZE_SMALL) + 24 + size + gap + tk.text_width(points, tk.SIZE_SMALL)
    x = xy[0] - (width if anchor == "r" else 0)
    y = xy[1]
    draw = ImageDraw.Draw(img)
    draw.ellipse((x, y - size / 2, x + size, y + size / 2), fill=tk.WHITE, outline=tk.INK, width=3)
    tk.draw_text(img, (x + size / 2, y), "1", tk.SIZE_SMALL, anchor="mm", bold=True)
    x = tk.draw_text(img, (x + size + gap, y), cost, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 24
    draw.rounded_rectangle((x, y - size / 2, x + size, y + size / 2), radius=size // 5, fill=tk.INK)
    tk.draw_text(img, (x + size / 2, y), "2", tk.SIZE_SMALL, fill=tk.WHITE, anchor="mm", bold=True)
    end = tk.draw_text(img, (x + size + gap, y), points, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2]
    return (round(end - width), round(y - size / 2), end, round(y + size / 2))


# --------------------------------------------------------------------------- who is awaited


def awaited(view: View) -> list[int]:
    """The seats the game waits for, read from the view alone (the renderer never sees `pending`).

    Queueing follows the snake order from the turn player; every purchaser card in a line during the
    queueing phase was placed in this round of queueing (Mid-Line Reshuffle sends them all home), so
    their number says how far the snake has got.
    """
    phase = view["phase"]
    if phase == "over":
        return []
    ask = view["ask"]
    if ask is not None:
        return list(ask["waiting"]) if ask["type"] == "rain" else [ask["seat"]]
    if phase in ("colour", "ability"):
        return [view["actor"]]
    if phase == "queue":
        players = view["players"]
        order = [(view["turn_player"] + i) % players for i in range(players)]
        snake = order + order[::-1]
        placed = sum(len(circle["line"]) for circle in view["circles"])
        return [snake[placed]] if placed < len(snake) else []
    circle = view["circles"][view["current_circle"] - 1]
    return circle["line"][:1]


def doing(scene: Scene) -> str:
    """What the awaited seats are deciding, in a few words."""
    view = scene.view
    ask = view["ask"]
    if ask is not None:
        if ask["type"] == "rain":
            name = CARDS.abilities[ask["ability"]].name
            return scene.say(
                f"{{s{ask['user']}}}の【{name.ja}】を【雨】で打ち消す?",
                f"Rain on {{s{ask['user']}}}'s {name.en}?",
            )
        if ask["type"] == "limit":
            return scene.say(f"一限: サークル{ask['circle']}から外すカード", f"One per Person: which card leaves circle {ask['circle']}")
        if ask["type"] == "funnel":
            return scene.say("ファンネル: 並び直す?", "Funnel: rejoin a line?")
        ability = ask["card"]["ability_name"]
        return scene.say(f"一番くじ: 【{ability['ja']}】を使う?", f"Lucky Draw: use {ability['en']}?")
    phase = view["phase"]
    if phase == "colour":
        return scene.say("購入者カードの色を選ぶ", "choosing a colour")
    if phase == "queue":
        return scene.say("並ぶサークルを選ぶ", "choosing a line")
    if phase == "ability":
        return scene.say("特殊能力を使うかパス", "an ability, or pass")
    if phase == "purchase":
        circle = view["circles"][view["current_circle"] - 1]
        if circle["run"] and circle["run"] > 1:
            return scene.say(
                f"サークル{circle['pos']}の追加在庫(山札の一番上)を軍資金{circle['price']}で買う?",
                f"buy circle {circle['pos']}'s extra stock (the deck's top card) for {circle['price']}?",
            )
        return scene.say(
            f"サークル{circle['pos']}を軍資金{circle['price']}で買う?",
            f"buy circle {circle['pos']} for {circle['price']}?",
        )
    return ""


def phase_text(scene: Scene) -> str:
    view = scene.view
    phase = view["phase"]
    if phase == "colour":
        return scene.say("準備: 色を選ぶ", "Setup: colours")
    if phase == "over":
        return scene.say(f"終了(ターン{view['turn']})", f"Game over (turn {view['turn']})")
    names = {"queue": T("2.行列", "2. Queue"), "ability": T("3.特殊能力", "3. Abilities"), "purchase": T("4.購入", "4. Purchase")}
    text = scene.say(f"ターン{view['turn']}", f"Turn {view['turn']}") + " · " + tk.localize(scene.ctx, names[phase])
    if view["inspection"]:
        text += " · " + scene.say("一斉点検中", "Floor Inspection")
    return text


# --------------------------------------------------------------------------- the last action in words


def _circle(entry: Mapping[str, Any]) -> int:
    return entry["circle"] + 1


def _card(card_id: str, scene: Scene) -> str:
    name = CARDS.card(card_id).name
    return f"【{name.ja}】" if scene.ctx.ja else f"“{name.en}”"


def _ability(key: str, scene: Scene) -> str:
    name = CARDS.abilities[key].name
    return f"【{name.ja}】" if scene.ctx.ja else name.en


def last_line(entry: Mapping[str, Any], scene: Scene) -> str | None:
    """One latest event in a few words (None: not worth a line, e.g. the closing scores)."""
    kind = entry["kind"]
    s = f"{{s{entry['seat']}}}" if "seat" in entry else ""
    say = scene.say
    if kind == "colour":
        colour = NAMES[entry["colour"]]
        return say(f"{s}: {colour.ja}", f"{s}: {colour.en.lower()}")
    if kind == "turn":
        first = f"{{s{entry['first']}}}"
        return say(f"ターン{entry['turn']}開始({first}から)", f"Turn {entry['turn']} begins ({first} first)")
    if kind == "queue":
        extra = say("(ファンネル)", " (Funnel)") if entry.get("funnel") else ""
        return say(f"{s} → サークル{_circle(entry)}{extra}", f"{s} → circle {_circle(entry)}{extra}")
    if kind == "ability":
        return say(f"{s}: {_ability(entry['ability'], scene)}", f"{s}: {_ability(entry['ability'], scene)}")
    if kind == "ability_pass":
        return say(f"{s}: パス", f"{s}: pass")
    if kind == "rain":
        target = f"{{s{entry['target']}}}"
        ability = _ability(entry["ability"], scene)
        return say(f"{s}の【雨】: {target}の{ability}を打ち消し", f"{s} rains on {target}'s {ability}")
    if kind == "buy":
        what = say(f"サークル{_circle(entry)}", f"circle {_circle(entry)}")
        if "run" in entry:
            what += say("の追加在庫", " (extra stock)")
        return say(f"{s}: {what}を{entry['price']}で購入", f"{s} buys {what} for {entry['price']}")
    if kind == "pass":
        extra = say("(軍資金不足)", " (cannot pay)") if entry.get("forced") else ""
        return say(f"{s}: サークル{_circle(entry)}をパス{extra}", f"{s} passes at circle {_circle(entry)}{extra}")
    if kind == "unsold":
        return say(f"サークル{_circle(entry)}: 売れ残り", f"circle {_circle(entry)}: unsold")
    if kind == "skipped":
        return say(f"サークル{_circle(entry)}: 瞬殺", f"circle {_circle(entry)}: sold out instantly")
    if kind == "again":
        return say(f"サークル{_circle(entry)}: もう1回購入処理", f"circle {_circle(entry)} sells again")
    if kind == "income":
        return say(f"{s} +{entry['medals']}", f"{s} +{entry['medals']}")
    if kind == "swap":
        (c1, p1), (c2, p2) = (key.split(".") for key in entry["spots"])
        return say(
            f"サークル{c1}の{p1}番目 ⇄ サークル{c2}の{p2}番目",
            f"circle {c1} #{p1} ⇄ circle {c2} #{p2}",
        )
    if kind == "drop":
        return say(f"{s}: サークル{_circle(entry)}から1枚外す", f"{s} leaves circle {_circle(entry)}")
    if kind == "reverse":
        return say(f"サークル{_circle(entry)}の列が逆順に", f"circle {_circle(entry)}: line reversed")
    if kind == "change":
        a, b = (index + 1 for index in entry["circles"])
        return say(f"サークル{a} ⇄ サークル{b}", f"circles {a} ⇄ {b}")
    if kind == "open":
        return say(f"サークル{_circle(entry)}が追加でオープン", f"circle {_circle(entry)} opens")
    if kind == "price":
        if "circle" in entry:
            return say(f"サークル{_circle(entry)}の価格が変化", f"circle {_circle(entry)}: new price")
        return say(f"{s}の購入価格が変化", f"{s}: new prices")
    if kind == "runs":
        return say(f"サークル{_circle(entry)}の購入処理の回数が変化", f"circle {_circle(entry)}: processings changed")
    if kind == "medals":
        source, target = f"{{s{entry['source']}}}", f"{{s{entry['target']}}}"
        return say(f"{source} → {target}: 軍資金{entry['medals']}", f"{source} → {target}: {entry['medals']} medal(s)")
    if kind == "pay":
        return say(f"{s}: ATMへ{entry['medals']}", f"{s} pays {entry['medals']}")
    if kind == "share":
        return say(f"全員に軍資金{entry['medals']}", f"everyone +{entry['medals']}")
    if kind == "doping":
        return say(f"{s}: ドーピング +{entry['medals']}", f"{s}: Doping +{entry['medals']}")
    if kind == "gain":
        return say(f"{s}: {_card(entry['card'], scene)}を獲得", f"{s} takes {_card(entry['card'], scene)}")
    if kind == "steal":
        victim = f"{{s{entry['victim']}}}"
        return say(f"{s}: {victim}の伏せたカードを1枚獲得", f"{s} takes a face-down card from {victim}")
    if kind == "discard":
        return say(f"{_card(entry['card'], scene)}を捨て札に", f"{_card(entry['card'], scene)} discarded")
    if kind == "shown":
        return say(f"{s}: {_card(entry['card'], scene)}を公開", f"{s}: {_card(entry['card'], scene)} face up")
    if kind == "reveal":
        return say(f"山札の一番上: {_card(entry['card'], scene)}", f"deck top: {_card(entry['card'], scene)}")
    if kind == "inspection":
        return say("一斉点検", "Floor Inspection")
    if kind == "requeue":
        return say("行列のやり直し", "queueing again")
    if kind == "funnel":
        return say(f"{s}: ファンネル", f"{s}: Funnel")
    if kind == "funnel_no":
        return say(f"{s}: 並び直さない", f"{s} stays home")
    if kind == "kuji_back":
        return say("公開したカードは山札の一番上へ", "the revealed card goes back on top")
    if kind == "end":
        return say("山札が尽きてゲーム終了", "the deck ran out: game over")
    return None


def last_text(scene: Scene) -> str:
    """The latest action as one line, its parts joined; income is gathered into one part.

    An answer in a Rain window produces no public event until the last one is in, so while the window
    is open the ability it is about stands as the latest action.
    """
    ask = scene.view["ask"]
    if not scene.view["last"] and ask is not None and ask["type"] == "rain":
        return last_line({"kind": "ability", "seat": ask["user"], "ability": ask["ability"]}, scene) or ""
    parts: list[str] = []
    income: list[str] = []
    for entry in scene.view["last"]:
        line = last_line(entry, scene)
        if line is None:
            continue
        if entry["kind"] == "income":
            income.append(line)
            continue
        if income:
            parts.append(scene.say("収入: ", "income: ") + ", ".join(income))
            income = []
        parts.append(line)
    if income:
        parts.append(scene.say("収入: ", "income: ") + ", ".join(income))
    return " · ".join(parts)


# --------------------------------------------------------------------------- what to highlight


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the latest action shows on the board: circle rows, purchaser cards (circle, place), seats."""

    circles: frozenset[int]
    spots: frozenset[tuple[int, int]]
    seats: frozenset[int]


def marks(view: View) -> Marks:
    """The places the latest events touched.

    Circle indexes and places in `last` describe the row as it was when each event happened; a new turn
    (a fresh row) or queueing again (empty lines) makes the earlier ones meaningless, so only events after
    the last of those count. Medal moves touch seats, line changes touch circles or single cards.
    """
    entries = list(view["last"])
    resets = [i for i, entry in enumerate(entries) if entry["kind"] in ("turn", "requeue")]
    start = resets[-1] + 1 if resets else 0
    circles: set[int] = set()
    spots: set[tuple[int, int]] = set()
    seats: set[int] = set()
    count = len(view["circles"])
    for entry in entries[start:]:
        kind = entry["kind"]
        if kind == "queue" and entry["circle"] < count:
            line = view["circles"][entry["circle"]]["line"]
            if line:
                spots.add((entry["circle"], len(line) - 1))
        elif kind == "swap":
            for key in entry["spots"]:
                circle, place = (int(part) - 1 for part in key.split("."))
                spots.add((circle, place))
        elif kind == "change":
            circles.update(entry["circles"])
        elif kind in ("buy", "pass", "unsold", "skipped", "again", "drop", "reverse", "open", "runs") or (
            kind == "price" and "circle" in entry
        ):
            circles.add(entry["circle"])
        if kind in ("ability", "rain", "pay", "doping", "gain", "steal", "shown", "colour", "funnel", "price") and "seat" in entry:
            seats.add(entry["seat"])
        if kind == "medals":
            seats.update((entry["source"], entry["target"]))
    ask = view["ask"]
    if ask is not None and ask["type"] == "rain":
        seats.add(ask["user"])
    return Marks(
        frozenset(c for c in circles if c < count),
        frozenset((c, p) for c, p in spots if c < count and p < len(view["circles"][c]["line"])),
        frozenset(seats),
    )
