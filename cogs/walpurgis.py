"""`/walpurgis …`: typed game creation, the rules, the card images, and the deck builder.

Play goes through the shared lobby and turn flow; the pickers are the engine's choice trees
(engine/walpurgis/actions.py: placement card → face → square, activation, danmaku squares, interception
offered to the other player as a reaction, stripping of a contested square as a simultaneous decision,
the mulligan card by card, the end phase's order and discards). What is Walpurgis's own here is the
deck: each player chooses one privately when the game starts (the engine's first decision, see
engine/walpurgis/choosing.py), so the lobby never shows anyone's cards. A player's own decks are kept
in their preferences (`walpurgis_decks`: name → deck code) by `/walpurgis deck new|edit|list|show|delete`,
shared as deck codes with `export`/`import`, and played with `/walpurgis deck use`, which plays the
seat's `deck:<code>` move exactly as `/game play` would — answered to that player only.

Decks are checked with the engine's own validation (engine/walpurgis/decks.py: at most 60 cards, at
most 4 of one name), every problem named at once; a game with a stricter lobby limit refuses the deck
at `deck use` with the engine's reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import BadOptions
from engine.core.game import echo
from engine.core.types import T, Text
from engine.walpurgis import GAME
from engine.walpurgis.cards import EDITION
from engine.walpurgis.choosing import PREFIX
from engine.walpurgis.decks import STARTERS, card_id, code_of, parse_code, refusals
from renderers import RenderContext
from renderers.walpurgis import RENDERER
from renderers.walpurgis_cards import card_page, cards_pages
from discord_ui import announce
from discord_ui.bot import TabletopBot
from discord_ui.deck_book import DeckBook, play_deck
from tabletop.presentation.i18n import lang, say
from discord_ui.translator import ls
from discord_ui.interactions import cooled_down, late_answer, refusals as refused, send_ephemeral
from discord_ui.lobby_ui import create_lobby
from discord_ui.options import option_choices
from tabletop.runtime.packages import GamePackage, declare, rules_files

GAME_ID = "walpurgis"
DECKS_PREF = "walpurgis_decks"
BOOK = DeckBook(DECKS_PREF, "/walpurgis deck")
LIST_CHARS = 1500
"""A typed card list longer than this is refused before parsing (60 cards fit in far fewer)."""
ENTRY = re.compile(r"^(?P<count>\d{1,2})\s*[x×*]?\s+(?P<lead>.+)$|^(?P<name>.+?)\s*(?:[x×*]\s*(?P<times>\d{1,2}))?$")
ID_COUNT = re.compile(r"[A-Za-z]\d{2}(?:[x×*]\d{1,2})?")
CARDS_NOTE = T("カードの一覧は /walpurgis cards で見られます(自分だけに表示)。",
               "See every card with its action matrix: /walpurgis cards (shown only to you).")
NEW_OPTIONS = ("first", "copies", "opening", "first_turn")


# --------------------------------------------------------------------------- the deck book


def problems_text(problems: Sequence[Text]) -> Text:
    """Every problem of a deck, one line each (an unknown name typed with a count is named once)."""
    unique = list(dict.fromkeys((p.ja, p.en) for p in problems))
    return T("\n".join(f"• {ja}" for ja, _ in unique), "\n".join(f"• {en}" for _, en in unique))


book_of = BOOK.of


def find_deck(book: Mapping[str, str], typed: str) -> tuple[str, tuple[str, ...]]:
    """A saved deck by name (case-insensitive) and what it holds, or BadOptions naming the decks there are."""
    name, code = BOOK.find(book, typed)
    return name, parse_code(code, None)


def entries(typed: str) -> list[str]:
    """A typed card list split into entries: commas, 、, semicolons or line breaks separate entries; a
    deck code (R00x4.R01x3) splits at its dots, and ids with counts may also be separated by spaces
    (`R00x4 R01x3`). Anything else is one entry (a name with spaces: `Fantasy Seal x2`)."""
    if len(typed) > LIST_CHARS:
        raise BadOptions(T(f"カードの指定は{LIST_CHARS}文字までです。", f"A card list has at most {LIST_CHARS} characters."))
    if re.search(r"[,、;\n]", typed):
        parts = re.split(r"[,、;\n]", typed)
    else:
        tokens = [token for token in re.split(r"[.\s]+", typed) if token]
        parts = tokens if all(ID_COUNT.fullmatch(token) for token in tokens) else [typed]
    return [part.strip() for part in parts if part.strip()]


def read_cards(typed: str) -> list[str]:
    """The cards a typed list names, each entry an id or a name (Japanese or English) with an optional
    count: `R01x4`, `夢想封印×2`, `3 Fantasy Seal`. Unknown names are kept as typed, so the deck check
    names them."""
    found: list[str] = []
    for entry in entries(typed):
        match = ENTRY.match(entry)
        assert match is not None  # the pattern's second branch matches any non-empty text
        if match.group("count"):
            name, count = match.group("lead"), int(match.group("count"))
        else:
            name, count = match.group("name"), int(match.group("times") or 1)
        found += [card_id(name) or name] * count
    return found


def checked(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards as a legal deck (standard limits), or BadOptions naming every problem."""
    problems = refusals(cards)
    if problems:
        raise BadOptions(problems_text(problems))
    return tuple(sorted(cards))


def built_deck(cards: str | None, code: str | None, starter: str | None, base: Sequence[str] = ()) -> tuple[str, ...]:
    """The deck a builder command describes: a card list, a deck code or a starter deck to begin from."""
    given = [value for value in (cards, code, starter) if value]
    if len(given) > 1:
        raise BadOptions(T("カードの指定(cards)、デッキコード(code)、スターター(starter)のどれか1つを指定してください。",
                           "Give one of a card list (cards), a deck code (code) or a starter deck (starter)."))
    if starter:
        if starter not in STARTERS:
            raise BadOptions(T(f"スターターデッキ「{echo(starter)}」はありません。", f"There is no starter deck “{echo(starter)}”."))
        return STARTERS[starter].cards
    if code:
        return parse_code(code)
    if cards:
        return checked(read_cards(cards))
    if base:
        return tuple(base)
    raise BadOptions(T("カード(cards)、デッキコード(code)、スターター(starter)のどれかを指定してください。",
                       "Give a card list (cards), a deck code (code) or a starter deck (starter)."))


def edited(base: Sequence[str], add: str | None, remove: str | None) -> tuple[str, ...]:
    """`base` with cards added and removed; removing a card the deck lacks is a named problem."""
    counts = Counter(base)
    problems: list[Text] = []
    for cid in read_cards(remove or ""):
        if counts[cid] > 0:
            counts[cid] -= 1
            continue
        shown = echo(EDITION.card(cid).name.ja if cid in EDITION.cards else cid)
        shown_en = echo(EDITION.card(cid).name.en if cid in EDITION.cards else cid)
        problems.append(T(f"デッキに「{shown}」はもうありません。", f"The deck holds no more “{shown_en}”."))
    if problems:
        raise BadOptions(problems_text(problems))
    return checked(list(counts.elements()) + read_cards(add or ""))


def summary(cards: Sequence[str], locale: str) -> str:
    """Size, 通常弾 count and cards per character: what a player checks first."""
    normals = sum(1 for cid in cards if EDITION.card(cid).normal)
    per: Counter[str] = Counter(EDITION.card(cid).icons[0] if EDITION.card(cid).icons else "" for cid in cards)
    parts = [f"{say(locale, EDITION.characters[key].name.ja, EDITION.characters[key].name.en) if key else say(locale, '共通', 'shared')} {count}"
             for key, count in sorted(per.items())]
    text = say(locale, f"{len(cards)}枚(通常弾 {normals})· {' / '.join(parts)}", f"{len(cards)} cards ({normals} 通常弾) · {' / '.join(parts)}")
    if not normals:
        text += say(locale, " ⚠ 通常弾がありません(初期配置ができず負けます)", " ⚠ no 通常弾 (you would lose at the initial placement)")
    return text


def saved_summary(code: str, locale: str) -> str:
    """A saved deck's summary, or a note when the edition no longer has one of its cards (a card list
    edited after the deck was saved): the deck is still listed, so its owner can fix or delete it."""
    try:
        return summary(parse_code(code, None), locale)
    except BadOptions as error:
        return say(locale, f"⚠ 使えなくなったデッキ: {error.reason.ja}", f"⚠ no longer valid: {error.reason.en}")


def describe(cards: Sequence[str], locale: str) -> str:
    return f"{summary(cards, locale)} — `{code_of(cards)}`"


def listing(cards: Sequence[str], locale: str) -> str:
    """Every card of a deck with its count, one line each."""
    counts = Counter(cards)
    return "\n".join(f"`{cid}` {say(locale, EDITION.card(cid).name.ja, EDITION.card(cid).name.en)} ×{count}" for cid, count in sorted(counts.items()))


def deck_choice(value: str, book: Mapping[str, str]) -> str:
    """The deck code `/walpurgis deck use` names: a saved deck, a starter's key, or a deck code itself.
    The code is checked by the game (its lobby's copy limit) when it is played."""
    typed = value.strip()
    if typed in STARTERS:
        return typed
    if any(name.casefold() == " ".join(typed.split()).casefold() for name in book):
        return code_of(find_deck(book, typed)[1])
    if all(ID_COUNT.fullmatch(part) for part in typed.split(".")):
        return typed
    return code_of(find_deck(book, typed)[1])


def starter_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"{starter.name.en} ({len(starter.cards)} cards)", f"{starter.name.ja}({len(starter.cards)}枚)"),
                                value=key) for key, starter in STARTERS.items()]


def character_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(character.name.en, character.name.ja), value=key) for key, character in EDITION.characters.items()]


class Walpurgis(commands.Cog):
    walpurgis = app_commands.Group(name="walpurgis", description=ls("Walpurgis: jin and danmaku on a 5×5 field, chains and interceptions",
                                                                    "ヴァルプルギス: 5×5の場の陣と弾幕、連鎖と迎撃"))
    deck = app_commands.Group(name="deck", description=ls("Your own Walpurgis decks", "自分のデッキ"), parent=walpurgis)

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    # ---- play ------------------------------------------------------------------------------------------

    @walpurgis.command(name="new", description=ls("Open a Walpurgis lobby (each player picks a deck privately)",
                                                   "ヴァルプルギスの参加者を募集する(デッキは各自が非公開で選ぶ)"))
    @app_commands.describe(first=ls("Who takes the first turn", "先攻"), copies=ls("Copies of one card in a deck", "同名カードの枚数制限"),
                           opening=ls("First player's initial placement", "先攻の初期配置"),
                           first_turn=ls("First player's first turn", "先攻の最初のターン"))
    @app_commands.choices(first=option_choices(GAME_ID, "first"), copies=option_choices(GAME_ID, "copies"),
                          opening=option_choices(GAME_ID, "opening"), first_turn=option_choices(GAME_ID, "first_turn"))
    async def new(self, interaction: discord.Interaction, first: str | None = None, copies: str | None = None,
                  opening: str | None = None, first_turn: str | None = None) -> None:
        async with refused(interaction):
            given = dict(zip(NEW_OPTIONS, (first, copies, opening, first_turn)))
            await create_lobby(interaction, GAME_ID, 2, {key: value for key, value in given.items() if value})

    @walpurgis.command(name="rules", description=ls("How to play Walpurgis", "ヴァルプルギスの遊び方"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        embed = announce.rules_embed(GAME_ID, locale)
        embed.set_footer(text=CARDS_NOTE.get(locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = lang(interaction.locale)
        needle = current.casefold()
        found = [app_commands.Choice(name=f"{cid} {say(locale, card.name.ja, card.name.en)}"[:100], value=cid)
                 for cid, card in EDITION.cards.items()]
        return [choice for choice in found if needle in choice.name.casefold()][:25]

    @walpurgis.command(name="cards", description=ls("The cards with their action matrices (one character, or one card)",
                                                     "カードとアクションマトリクス(キャラごと、または1枚)"))
    @app_commands.describe(character=ls("Only this character's cards", "このキャラのカードだけ"), card=ls("Only this card", "このカードだけ"))
    @app_commands.choices(character=character_choices())
    @app_commands.autocomplete(card=card_autocomplete)
    async def cards(self, interaction: discord.Interaction, character: str | None = None, card: str | None = None) -> None:
        async with refused(interaction):
            locale = lang(interaction.locale)
            chosen = card_id(card) if card else None
            if card and chosen is None:
                raise BadOptions(T(f"「{echo(card)}」というカードはありません。", f"There is no card called “{echo(card)}”."))
            if character is not None and character not in EDITION.characters:
                raise BadOptions(T(f"「{echo(character)}」というキャラはいません。", f"There is no character “{echo(character)}”."))
            if not await cooled_down(interaction, "walpurgis cards"):
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            ctx = RenderContext(locale, ())
            if chosen is not None:
                pages = await self.bot.static_images.get(("walpurgis card", locale, chosen), card_page, ctx, chosen)
            else:
                pages = await self.bot.static_images.get(("walpurgis cards", locale, character, tuple(EDITION.cards)),
                                                         cards_pages, ctx, character)
            await late_answer(interaction, files=announce.page_files(pages, "walpurgis-cards"))

    # ---- the deck builder ------------------------------------------------------------------------------

    async def book(self, user_id: int) -> dict[str, str]:
        return await BOOK.load(self.bot, user_id)

    async def saved_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await BOOK.names(self.bot, interaction.user.id, current)

    async def use_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The player's saved decks first, then the starter decks."""
        locale = lang(interaction.locale)
        return await BOOK.use_choices(self.bot, interaction.user.id, current,
                                      lambda name, code: f"{name} ({saved_summary(code, locale)})",
                                      ((say(locale, starter.name.ja, starter.name.en), key) for key, starter in STARTERS.items()))

    async def store_new(self, interaction: discord.Interaction, name: str, made: tuple[str, ...]) -> None:
        locale = lang(interaction.locale)
        title = await BOOK.add(self.bot, interaction.user.id, name, code_of(made))
        await send_ephemeral(interaction, say(locale, f"保存しました: **{title}** {describe(made, locale)}",
                                              f"Saved **{title}**: {describe(made, locale)}"))

    @deck.command(name="new", description=ls("Save a deck: a card list, a deck code, or a starter to begin from",
                                              "デッキを保存する(カードの指定、デッキコード、またはスターターから)"))
    @app_commands.describe(name=ls("A name for the deck", "デッキ名"),
                           cards=ls("Cards with counts: R01x4, R02x3 (ids or names)", "カードと枚数: R01x4, R02x3(IDか名前)"),
                           code=ls("A deck code (R00x4.R01x3…)", "デッキコード(R00x4.R01x3…)"),
                           starter=ls("Begin from a starter deck", "スターターデッキから作る"))
    @app_commands.choices(starter=starter_choices())
    async def deck_new(self, interaction: discord.Interaction, name: str, cards: str | None = None, code: str | None = None,
                       starter: str | None = None) -> None:
        async with refused(interaction):
            await self.store_new(interaction, name, built_deck(cards, code, starter))

    @deck.command(name="import", description=ls("Save a deck someone shared as a code", "共有されたデッキコードを保存する"))
    @app_commands.describe(name=ls("A name for the deck", "デッキ名"), code=ls("The deck code (R00x4.R01x3…)", "デッキコード(R00x4.R01x3…)"))
    async def deck_import(self, interaction: discord.Interaction, name: str, code: str) -> None:
        async with refused(interaction):
            await self.store_new(interaction, name, parse_code(code))

    @deck.command(name="edit", description=ls("Change a saved deck: add or remove cards, or replace it", "保存したデッキを変更する(追加・削除・置き換え)"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"), add=ls("Cards to add: R01x2, R05", "追加するカード: R01x2, R05"),
                           remove=ls("Cards to remove: R01x2", "抜くカード: R01x2"), cards=ls("Replace with this card list", "このカードの指定で置き換える"),
                           code=ls("Replace with a deck code", "デッキコードで置き換える"), rename=ls("A new name", "新しい名前"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_edit(self, interaction: discord.Interaction, name: str, add: str | None = None, remove: str | None = None,
                        cards: str | None = None, code: str | None = None, rename: str | None = None) -> None:
        async with refused(interaction):
            locale = lang(interaction.locale)
            book = await self.book(interaction.user.id)
            title, base = find_deck(book, name)
            if (add or remove) and (cards or code):
                raise BadOptions(T("追加・削除(add/remove)か置き換え(cards/code)の、どちらか一方を指定してください。",
                                   "Give either cards to add/remove, or a replacement (cards/code), not both."))
            made = edited(base, add, remove) if (add or remove) else built_deck(cards, code, None, base)
            new_title = await BOOK.replace(self.bot, interaction.user.id, book, title, code_of(made), rename)
            await send_ephemeral(interaction, say(locale, f"変更しました: **{new_title}** {describe(made, locale)}",
                                                  f"Changed **{new_title}**: {describe(made, locale)}"))

    @deck.command(name="list", description=ls("Your saved decks", "保存したデッキの一覧"))
    async def deck_list(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        book = await self.book(interaction.user.id)
        await send_ephemeral(interaction, BOOK.listing(book, locale, lambda code: saved_summary(code, locale)))

    @deck.command(name="show", description=ls("One saved deck, card by card", "保存したデッキの中身"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_show(self, interaction: discord.Interaction, name: str) -> None:
        async with refused(interaction):
            locale = lang(interaction.locale)
            title, found = find_deck(await self.book(interaction.user.id), name)
            await send_ephemeral(interaction, f"**{title}** {describe(found, locale)}\n{listing(found, locale)}")

    @deck.command(name="export", description=ls("A saved deck's code, to share", "保存したデッキの共有用コード"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_export(self, interaction: discord.Interaction, name: str) -> None:
        async with refused(interaction):
            locale = lang(interaction.locale)
            title, found = find_deck(await self.book(interaction.user.id), name)
            code = code_of(found)
            await send_ephemeral(interaction, say(locale, f"**{title}** のデッキコード:\n```\n{code}\n```\n読み込み: `/walpurgis deck import name:… code:{code}`",
                                                  f"Deck code of **{title}**:\n```\n{code}\n```\nImport: `/walpurgis deck import name:… code:{code}`"))

    @deck.command(name="delete", description=ls("Delete a saved deck", "保存したデッキを削除する"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_delete(self, interaction: discord.Interaction, name: str) -> None:
        async with refused(interaction):
            title = await BOOK.delete(self.bot, interaction.user.id, name)
            await send_ephemeral(interaction, say(lang(interaction.locale), f"削除しました: **{title}**", f"Deleted **{title}**."))

    @deck.command(name="use", description=ls("Play a deck in your game (only you see which)", "ゲームでデッキを使う(自分にだけ表示)"))
    @app_commands.describe(deck=ls("A saved deck, a starter deck or a deck code", "保存したデッキ、スターターデッキ、またはデッキコード"),
                           game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    @app_commands.autocomplete(deck=use_autocomplete)
    async def deck_use(self, interaction: discord.Interaction, deck: str, game: int | None = None) -> None:
        async with refused(interaction):
            chosen = deck_choice(deck, await self.book(interaction.user.id))
            await play_deck(self.bot, interaction, game, GAME_ID, T("このゲームはヴァルプルギスではありません。", "That game is not Walpurgis."), f"{PREFIX}{chosen}")


PACKAGE = declare(GamePackage(game=GAME, renderer=RENDERER, rules=rules_files(GAME_ID), private_images=True))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(Walpurgis(bot))
