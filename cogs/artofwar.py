"""`/artofwar …`: typed game creation, the rules, the card sheets, and the deck builder.

Play goes through the shared lobby and turn flow. What is ART OF WAR's own is the deck: each player
chooses one privately when the game starts (the engine's first decision, see engine/artofwar/choosing.py),
so the lobby never shows anyone's 20 cards. A player's own decks are kept in their preferences
(`artofwar_decks`: name → deck code) by `/artofwar deck new|edit|list|show|delete`, shared as deck codes,
and played with `/artofwar deck use`, which plays the seat's `deck:<code>` move exactly as `/game play`
would — the choice is answered to that player only. `/artofwar prefs` lets a player have a response
window answered "no response" without a click when the table can already tell no response is possible
(see `no_response_answer`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.artofwar import GAME
from engine.artofwar.cards import BASIC, EDITION
from engine.artofwar.choosing import PREFIX, composition
from engine.artofwar.decks import Deck, check, parse_code, presets
from engine.artofwar.views import response_ruled_out
from engine.core.errors import BadOptions
from engine.core.match import Match
from engine.core.types import T
from renderers import RenderContext
from renderers.artofwar import RENDERER
from renderers.artofwar_cards import cards_pages
from discord_ui import announce
from discord_ui.bot import TabletopBot
from discord_ui.deck_book import DeckBook, play_deck
from tabletop.presentation.i18n import lang, say, tr
from discord_ui.translator import ls
from discord_ui.interactions import cooled_down, late_answer, refusals, send_ephemeral
from discord_ui.lobby_ui import create_lobby
from discord_ui.options import option_choices
from tabletop.runtime.packages import GamePackage, declare, rules_files

GAME_ID = "artofwar"
DECKS_PREF = "artofwar_decks"
BOOK = DeckBook(DECKS_PREF, "/artofwar deck")
RESPONSE_PREF = "artofwar.responses"
RESPONSE_TEXTS = {
    "ask": ("毎回たずねる", "Ask me each time"),
    "known": ("対応できないことが公開情報で分かるときは自動で「対応しない」",
              "Answer “no response” when the table can already tell I cannot respond"),
}
RESPONSE_SAVED = ("設定しました: 対応の機会には「{choice}」。", "Saved: at a response window, “{choice}”.")
CARDS_NOTE = T("KINGとユニットの射程は /artofwar cards で見られます(自分だけに表示)。",
               "See every KING and unit with its reach: /artofwar cards (shown only to you).")


# --------------------------------------------------------------------------- the deck book


book_of = BOOK.of


def find_deck(book: Mapping[str, str], typed: str) -> tuple[str, Deck]:
    """A saved deck by name (case-insensitive) and what it holds, or BadOptions naming the decks there are."""
    name, code = BOOK.find(book, typed)
    return name, parse_code(code)


def built_deck(code: str | None, king: str | None, counts: Mapping[str, int | None], base: Deck | None = None) -> Deck:
    """The deck a builder command describes: a code, or a KING and counts (unset counts keep `base`'s,
    else 0), checked with the engine's reasons."""
    if code:
        if king or any(value is not None for value in counts.values()):
            raise BadOptions(T("デッキコードか、KINGと枚数か、どちらか一方を指定してください。",
                               "Give either a deck code, or a KING and counts, not both."))
        return parse_code(code)
    chosen = king or (base.king if base else None)
    if chosen is None:
        raise BadOptions(T("KING(king)かデッキコード(code)を指定してください。", "Give a KING (king) or a deck code (code)."))
    previous = dict(zip(BASIC, base.counts)) if base else dict.fromkeys(BASIC, 0)
    merged = {kind: previous[kind] if counts.get(kind) is None else counts[kind] for kind in BASIC}
    return check(Deck(chosen, tuple(merged[kind] for kind in BASIC)))  # type: ignore[arg-type]


def describe(deck: Deck, locale: str) -> str:
    king = EDITION.king(deck.king).name
    name = king.ja if locale == "ja" else king.en
    return f"KING {name} / {composition(deck)} — `{deck.code}`"


def deck_choice(value: str, book: Mapping[str, str]) -> Deck:
    """What `/artofwar deck use` names: a saved deck, a ready-made deck's key, or a deck code."""
    for key, _, deck in presets():
        if value.strip() == key:
            return deck
    if ":" in value:
        return parse_code(value)
    return find_deck(book, value)[1]


def king_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"{king.name.en} ({king_id})", f"{king.name.ja}({king_id})"), value=king_id)
            for king_id, king in EDITION.kings.items()]


def no_response_answer(match: Match, seat: int, prefs: Mapping[str, Any]) -> str | None:
    """"No response" for a player who asked for it, only when the public view already rules a response
    out (their KING is not in hand and every hand card is one they showed, none fitting) — like War
    Chest's Royal Guard preference, the automatic answer rests on what the player chose to give, never on
    the hidden hand, so answering at once tells the opponent nothing new."""
    if prefs.get(RESPONSE_PREF) != "known" or not response_ruled_out(match.view(None), seat):
        return None
    return "pass" if any(action.notation == "pass" for action in match.legal_actions(seat)) else None


COUNT = app_commands.Range[int, 0, 20]


class ArtOfWar(commands.Cog):
    artofwar = app_commands.Group(name="artofwar", description=ls("ART OF WAR: a KING, 20 retainers, two battlefields",
                                                                  "アート・オブ・ウォー: KINGと20枚の家臣で戦う"))
    deck = app_commands.Group(name="deck", description=ls("Your own ART OF WAR decks", "自分のデッキ"), parent=artofwar)

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    # ---- play ------------------------------------------------------------------------------------------

    @artofwar.command(name="new", description=ls("Open an ART OF WAR lobby (each player picks a deck privately)",
                                                  "アート・オブ・ウォーの参加者を募集する(デッキは各自が非公開で選ぶ)"))
    @app_commands.describe(first=ls("Who takes the first turn", "先攻"))
    @app_commands.choices(first=option_choices(GAME_ID, "first"))
    async def new(self, interaction: discord.Interaction, first: str | None = None) -> None:
        async with refusals(interaction):
            await create_lobby(interaction, GAME_ID, 2, {"first": first} if first else {})

    @artofwar.command(name="rules", description=ls("How to play ART OF WAR", "アート・オブ・ウォーの遊び方"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        embed = announce.rules_embed(GAME_ID, locale)
        embed.set_footer(text=CARDS_NOTE.get(locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @artofwar.command(name="cards", description=ls("Every KING and basic unit with its reach", "全KINGと基本ユニットの射程"))
    async def cards(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        if not await cooled_down(interaction, "artofwar cards"):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ctx = RenderContext(locale, ())
        pages = await self.bot.static_images.get(("artofwar cards", locale, tuple(EDITION.kings)), cards_pages, ctx)
        await late_answer(interaction, files=announce.page_files(pages, "artofwar-cards"))

    @artofwar.command(name="prefs", description=ls("Answer response windows automatically when nothing can respond",
                                                    "対応できないときの対応の機会に自動で答える"))
    @app_commands.describe(responses=ls("At a response window (GUARDIAN or WIZARD)", "対応の機会(ガーディアン・ウィザード)"))
    @app_commands.choices(responses=[app_commands.Choice(name=ls(en, ja), value=key) for key, (ja, en) in RESPONSE_TEXTS.items()])
    async def prefs(self, interaction: discord.Interaction, responses: str) -> None:
        if responses not in RESPONSE_TEXTS:
            await send_ephemeral(interaction, tr("err.bad_input", interaction.locale))
            return
        await self.bot.store.update_user(interaction.user.id, prefs={RESPONSE_PREF: responses})
        locale = lang(interaction.locale)
        ja, en = RESPONSE_TEXTS[responses]
        await send_ephemeral(interaction, say(locale, RESPONSE_SAVED[0].format(choice=ja), RESPONSE_SAVED[1].format(choice=en)))

    # ---- the deck builder ------------------------------------------------------------------------------

    async def book(self, user_id: int) -> dict[str, str]:
        return await BOOK.load(self.bot, user_id)

    async def saved_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await BOOK.names(self.bot, interaction.user.id, current)

    async def use_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The player's saved decks first, then the ready-made ones."""
        locale = lang(interaction.locale)
        return await BOOK.use_choices(self.bot, interaction.user.id, current, lambda name, code: f"{name} ({code})",
                                      ((name.get(locale), key) for key, name, _ in presets()))

    @deck.command(name="new", description=ls("Save a deck: a KING and 20 basic units, or a deck code", "デッキを保存する(KINGと基本ユニット20枚、またはデッキコード)"))
    @app_commands.describe(name=ls("A name for the deck", "デッキ名"), code=ls("Import a deck code (k01:S4A4P4G4W4)", "デッキコードから作る(k01:S4A4P4G4W4)"),
                           king=ls("The KING", "KING"), soldier=ls("Soldiers", "ソルジャーの枚数"), archier=ls("Archiers", "アーチャーの枚数"),
                           priest=ls("Priests", "プリーストの枚数"), guardian=ls("Guardians", "ガーディアンの枚数"), wizard=ls("Wizards", "ウィザードの枚数"))
    @app_commands.choices(king=king_choices())
    async def deck_new(self, interaction: discord.Interaction, name: str, code: str | None = None, king: str | None = None,
                       soldier: COUNT | None = None, archier: COUNT | None = None, priest: COUNT | None = None,
                       guardian: COUNT | None = None, wizard: COUNT | None = None) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            counts = {"soldier": soldier, "archier": archier, "priest": priest, "guardian": guardian, "wizard": wizard}
            made = built_deck(code, king, counts)
            title = await BOOK.add(self.bot, interaction.user.id, name, made.code)
            await send_ephemeral(interaction, say(locale, f"保存しました: **{title}** {describe(made, locale)}",
                                                  f"Saved **{title}**: {describe(made, locale)}"))

    @deck.command(name="edit", description=ls("Change a saved deck (only the parts you give)", "保存したデッキを変更する(指定した項目だけ)"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"), code=ls("Replace it with a deck code", "デッキコードで置き換える"),
                           king=ls("The KING", "KING"), soldier=ls("Soldiers", "ソルジャーの枚数"), archier=ls("Archiers", "アーチャーの枚数"),
                           priest=ls("Priests", "プリーストの枚数"), guardian=ls("Guardians", "ガーディアンの枚数"), wizard=ls("Wizards", "ウィザードの枚数"))
    @app_commands.choices(king=king_choices())
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_edit(self, interaction: discord.Interaction, name: str, code: str | None = None, king: str | None = None,
                        soldier: COUNT | None = None, archier: COUNT | None = None, priest: COUNT | None = None,
                        guardian: COUNT | None = None, wizard: COUNT | None = None) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            book = await self.book(interaction.user.id)
            title, base = find_deck(book, name)
            counts = {"soldier": soldier, "archier": archier, "priest": priest, "guardian": guardian, "wizard": wizard}
            made = built_deck(code, king, counts, base)
            await BOOK.replace(self.bot, interaction.user.id, book, title, made.code)
            await send_ephemeral(interaction, say(locale, f"変更しました: **{title}** {describe(made, locale)}",
                                                  f"Changed **{title}**: {describe(made, locale)}"))

    @deck.command(name="list", description=ls("Your saved decks", "保存したデッキの一覧"))
    async def deck_list(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        book = await self.book(interaction.user.id)
        await send_ephemeral(interaction, BOOK.listing(book, locale, lambda code: describe(parse_code(code), locale)))

    @deck.command(name="show", description=ls("One saved deck and its code to share", "保存したデッキと共有用のコード"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_show(self, interaction: discord.Interaction, name: str) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            title, found = find_deck(await self.book(interaction.user.id), name)
            share = say(locale, f"共有: `/artofwar deck new name:… code:{found.code}`", f"Share: `/artofwar deck new name:… code:{found.code}`")
            await send_ephemeral(interaction, f"**{title}** {describe(found, locale)}\n{share}")

    @deck.command(name="delete", description=ls("Delete a saved deck", "保存したデッキを削除する"))
    @app_commands.describe(name=ls("The saved deck", "保存したデッキ"))
    @app_commands.autocomplete(name=saved_autocomplete)
    async def deck_delete(self, interaction: discord.Interaction, name: str) -> None:
        async with refusals(interaction):
            title = await BOOK.delete(self.bot, interaction.user.id, name)
            await send_ephemeral(interaction, say(lang(interaction.locale), f"削除しました: **{title}**", f"Deleted **{title}**."))

    @deck.command(name="use", description=ls("Play a deck in your game (only you see which)", "ゲームでデッキを使う(自分にだけ表示)"))
    @app_commands.describe(deck=ls("A saved deck, a ready-made deck or a deck code", "保存したデッキ、既成デッキ、またはデッキコード"),
                           game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    @app_commands.autocomplete(deck=use_autocomplete)
    async def deck_use(self, interaction: discord.Interaction, deck: str, game: int | None = None) -> None:
        async with refusals(interaction):
            chosen = deck_choice(deck, await self.book(interaction.user.id))
            await play_deck(self.bot, interaction, game, GAME_ID, T("このゲームはアート・オブ・ウォーではありません。", "That game is not ART OF WAR."), f"{PREFIX}{chosen.code}")


PACKAGE = declare(GamePackage(game=GAME, renderer=RENDERER, rules=rules_files(GAME_ID), private_images=True,
                              auto_answer=no_response_answer))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(ArtOfWar(bot))
