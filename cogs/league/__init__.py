"""`/league …`, `/stats` and `/leaderboard`, and the league loop (round deadlines, next rounds).

Thin: each command translates its arguments and calls `discord_ui.leagues`; refusals are answered
privately by `refusals` and change nothing.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engine import registry
from discord_ui.bot import TabletopBot
from tabletop.play.clocks import PRESETS
from tabletop.presentation.i18n import lang, tr
from discord_ui.translator import ls
from discord_ui.interactions import bot_of, refusals
from discord_ui import leagues as league
from tabletop.leagues.config import MAX_ROUND_HOURS, MAX_ROUNDS
from tabletop.leagues.post import league_pass

log = logging.getLogger("tabletop.leagues")
LEAGUE_SECONDS = 30.0
"""How often the loop looks for due leagues: a finished round pairs the next within this delay."""

LEAGUE = app_commands.Group(name="league", description=ls("Leagues: sign up, standings, schedule", "リーグ戦: 参加・順位・日程"),
                            guild_only=True)
LEAGUE_OPTION = ls("Which league (default: this channel's)", "リーグ(省略時はこのチャンネルのリーグ)")
FORMATS = [app_commands.Choice(name=ls("Round-robin", "総当たり"), value="rr"),
           app_commands.Choice(name=ls("Double round-robin", "2回総当たり"), value="drr"),
           app_commands.Choice(name=ls("Swiss", "スイス式"), value="swiss"),
           app_commands.Choice(name=ls("Open ladder", "ラダー"), value="ladder"),
           app_commands.Choice(name=ls("Tournament: single elimination", "トーナメント: シングルエリミネーション"), value="single_elim"),
           app_commands.Choice(name=ls("Tournament: double elimination", "トーナメント: ダブルエリミネーション"), value="double_elim"),
           app_commands.Choice(name=ls("Tournament: Swiss, then a top cut", "トーナメント: スイス式+決勝トーナメント"),
                               value="swiss_cut")]
BEST_OF = [app_commands.Choice(name=ls(f"Best of {count}", f"{count}番勝負"), value=count) for count in (1, 3, 5)]
SEEDINGS = [app_commands.Choice(name=ls("By rating", "レーティング順"), value="rating"),
            app_commands.Choice(name=ls("Random draw", "抽選"), value="random")]
POLICIES = [app_commands.Choice(name=ls("Whoever is on move forfeits", "手番の人が時間切れ負け"), value="clock"),
            app_commands.Choice(name=ls("Double forfeit", "両者負け"), value="double")]
SEASON_ACTIONS = [app_commands.Choice(name=ls("Show", "表示"), value="show"),
                  app_commands.Choice(name=ls("Start a new season (admins)", "新しいシーズンを始める(管理者)"), value="new")]


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = lang(interaction.locale)
    return [app_commands.Choice(name=f"{game.name.get(locale)} ({'/'.join(map(str, game.player_counts))})", value=game.id)
            for game in registry.games().values()
            if current.lower() in game.id or current.lower() in game.name.get(locale).lower()][:25]


async def league_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    found = await bot_of(interaction).store.list_leagues(interaction.guild_id, statuses=("signup", "running", "finished"))
    locale = lang(interaction.locale)
    return [app_commands.Choice(name=f"{record.name} — {tr(f'league.status_{record.status}', locale)}"[:100], value=record.id)
            for record in found if current.lower() in record.name.lower()][:25]


class LeagueCog(commands.Cog, name="League"):
    league = LEAGUE

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @LEAGUE.command(name="create", description=ls("Create a league in this channel (admins)", "このチャンネルでリーグを作る(管理者)"))
    @app_commands.describe(
        name=ls("League name", "リーグ名"), game=ls("Which game", "ゲーム"), format=ls("Format", "形式"),
        players=ls("Players per game (default: the fewest allowed)", "1卓の人数(省略時は最少)"),
        rounds=ls("Rounds (Swiss and ladder)", "ラウンド数(スイス式・ラダー)"),
        round_hours=ls("Hours per round", "1ラウンドの時間(時間)"),
        time_control=ls("Time control of each game (default: the server's)", "各ゲームの持ち時間(省略時はサーバー設定)"),
        policy=ls("Games unfinished at the deadline", "期限までに終わらないゲームの扱い"),
        tiebreaks=ls("Tie-breaks, e.g. buchholz,sb or h2h,gamescore", "タイブレーク 例: buchholz,sb / h2h,gamescore"),
        allow_ai=ls("Games with AI seats still count", "AI参加のゲームもレーティング対象"),
        signup_hours=ls("Sign-up closes and the league starts after (hours)", "募集締切(時間後に自動開始)"),
        best_of=ls("Tournaments: games per match", "トーナメント: 1試合の対局数"),
        seeding=ls("Tournaments: seeding", "トーナメント: シード"),
        advance=ls("Tournaments: top K per multiplayer table, or the Swiss cut's size (default 4)",
                   "トーナメント: 多人数卓の勝ち抜け人数/スイス式の決勝進出人数(既定4)"),
        loser_first=ls("Tournaments: the loser of a game plays first in the next", "トーナメント: 次の対局は前局の敗者が先手"),
        reset=ls("Double elimination: a grand-final reset", "ダブルエリミネーション: グランドファイナルの再戦あり"),
    )
    @app_commands.choices(format=FORMATS, policy=POLICIES, best_of=BEST_OF, seeding=SEEDINGS,
                          time_control=[app_commands.Choice(name=ls(c.label().en, c.label().ja), value=c.key) for c in PRESETS])
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40], game: str, format: str,
                     players: app_commands.Range[int, 2, 8] | None = None, rounds: app_commands.Range[int, 0, MAX_ROUNDS] = 0,
                     round_hours: app_commands.Range[int, 1, MAX_ROUND_HOURS] = 72, time_control: str | None = None,
                     policy: str = "clock", tiebreaks: app_commands.Range[str, 0, 60] | None = None, allow_ai: bool = False,
                     signup_hours: app_commands.Range[int, 1, 24 * 60] | None = None, best_of: int = 1,
                     seeding: str = "rating", advance: app_commands.Range[int, 1, 32] | None = None, loser_first: bool = False,
                     reset: bool = True) -> None:
        async with refusals(interaction):
            await league.create(interaction, name=name, game=game, players=players, format=format, rounds=rounds,
                                round_hours=round_hours, time_control=time_control, policy=policy, tiebreaks=tiebreaks,
                                allow_ai=allow_ai, signup_hours=signup_hours, best_of=best_of, seeding=seeding,
                                advance=advance, loser_first=loser_first, reset=reset)

    @LEAGUE.command(name="join", description=ls("Sign up for a league", "リーグに参加する"))
    @app_commands.describe(league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def join(self, interaction: discord.Interaction, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.join(interaction, league_id)

    @LEAGUE.command(name="leave", description=ls("Leave a league before it starts (admins: withdraw a member)",
                                                 "開始前のリーグから抜ける(管理者: メンバーを外す)"))
    @app_commands.describe(league_id=LEAGUE_OPTION, member=ls("Admins: the member to withdraw", "管理者: 外すメンバー"))
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def leave(self, interaction: discord.Interaction, league_id: int | None = None, member: discord.User | None = None) -> None:
        async with refusals(interaction):
            await league.leave(interaction, league_id, member.id if member else None)

    @LEAGUE.command(name="start", description=ls("Close sign-up and pair the first round (admins)", "募集を締め切り第1ラウンドを組む(管理者)"))
    @app_commands.describe(league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def start(self, interaction: discord.Interaction, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.start(interaction, league_id)

    @LEAGUE.command(name="standings", description=ls("The league table, as an image and text", "順位表(画像とテキスト)"))
    @app_commands.describe(league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def standings(self, interaction: discord.Interaction, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.standings(interaction, league_id)

    @LEAGUE.command(name="bracket", description=ls("A tournament's bracket", "トーナメント表"))
    @app_commands.describe(league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def bracket(self, interaction: discord.Interaction, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.bracket(interaction, league_id)

    @LEAGUE.command(name="settle", description=ls("Decide a tournament match by hand (admins)", "トーナメントの試合を裁定する(管理者)"))
    @app_commands.describe(match=ls("The match, as /league bracket names it (e.g. W2.1)", "試合(/league bracket の表記 例: W2.1)"),
                           winner=ls("Who wins it (at a table: the first through)", "勝者(多人数卓では1位で勝ち抜ける人)"),
                           second=ls("Tables: the second through", "多人数卓: 2位で勝ち抜ける人"),
                           third=ls("Tables: the third through", "多人数卓: 3位で勝ち抜ける人"),
                           fourth=ls("Tables: the fourth through", "多人数卓: 4位で勝ち抜ける人"), league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def settle(self, interaction: discord.Interaction, match: app_commands.Range[str, 1, 12], winner: discord.User,
                     second: discord.User | None = None, third: discord.User | None = None,
                     fourth: discord.User | None = None, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.settle(interaction, league_id, match,
                                [user.id for user in (winner, second, third, fourth) if user is not None])

    @LEAGUE.command(name="schedule", description=ls("Your next league games and deadlines", "自分の次のリーグ戦と期限"))
    async def schedule(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await league.schedule(interaction)

    @LEAGUE.command(name="results", description=ls("Every decided game of a league", "リーグの結果一覧"))
    @app_commands.describe(league_id=LEAGUE_OPTION)
    @app_commands.rename(league_id="league")
    @app_commands.autocomplete(league_id=league_autocomplete)
    async def results(self, interaction: discord.Interaction, league_id: int | None = None) -> None:
        async with refusals(interaction):
            await league.results(interaction, league_id)

    @LEAGUE.command(name="season", description=ls("A game's rating season: show it, or start the next (admins)",
                                                  "レーティングのシーズン: 表示/新シーズン開始(管理者)"))
    @app_commands.describe(game=ls("Which game", "ゲーム"), action=ls("What to do", "操作"))
    @app_commands.choices(action=SEASON_ACTIONS)
    @app_commands.autocomplete(game=game_autocomplete)
    async def season(self, interaction: discord.Interaction, game: str, action: str = "show") -> None:
        async with refusals(interaction):
            await league.season(interaction, game, action)

    @app_commands.command(name="stats", description=ls("A player's games, ratings and leagues here", "プレイヤーの戦績・レーティング・リーグ"))
    @app_commands.describe(member=ls("Whose (default: yours)", "誰の(省略時は自分)"), game=ls("Game of the rating chart", "グラフのゲーム"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None, game: str | None = None) -> None:
        async with refusals(interaction):
            await league.stats(interaction, member, game)

    @app_commands.command(name="leaderboard", description=ls("Top players of a game on this server", "このサーバーのゲーム別ランキング"))
    @app_commands.describe(game=ls("Which game", "ゲーム"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with refusals(interaction):
            await league.leaderboard_reply(interaction, game)

    @tasks.loop(seconds=LEAGUE_SECONDS)
    async def loop(self) -> None:
        try:
            await league_pass(self.bot)
        except Exception:  # noqa: BLE001 - the loop must survive to look again
            log.exception("league pass failed")

    @loop.before_loop
    async def before_loop(self) -> None:
        await self.bot.wait_until_serving()


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(LeagueCog(bot))
