"""`/game new|list|show|hand|play|resign|cancel|rules`, `/game-settings` and the outbox and timeout loops."""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import tasks

from cogs.game.group import GAME
from engine import registry
from engine.core.errors import GameError
from discord_ui import announce, views
from discord_ui.bot import TabletopBot
from discord_ui.interactions import admin_here, check_place, clip, late_answer, refusals, send_ephemeral
from discord_ui.lobby_ui import create_lobby
from tabletop.delivery.outbox import deliver_pending
from tabletop.delivery.publish import after_commit
from tabletop.delivery.away import DEFAULT_VACATION_DAYS
from tabletop.play.ai_seats import LEVEL_CODES, MAX_SEARCHES, MAX_SECONDS, MIN_SECONDS, SEARCHES, SECONDS, TAKEOVER_LEVEL, ai_name, is_ai, level_of
from tabletop.play.ai_turns import decision_seconds, searches_limit, takeover_level
from discord_ui.announce import clock_note
from tabletop.play.clocks import DEFAULT_GRACE_HOURS, DEFAULT_REMINDERS, DEFAULT_STALL_DAYS, POLICIES, POLICY_NAMES, PRESETS, Timing
from tabletop.play.hints import HINTS_SETTING
from tabletop.leagues.config import ADMIN_ROLE
from tabletop.leagues.results import RATED_OPTION, RATED_SETTING
from tabletop.matchmaking.service import MAX_AI_MINUTES, MAX_QUEUE_HOURS, QUEUE_AI_MINUTES, QUEUE_CHANNEL, QUEUE_HOURS, ai_minutes, expiry_hours
from tabletop.play.service import TAKEBACKS, TIME_KEYS, default_control, game_of, match_of
from discord_ui.tips import rules_display
from discord_ui.turn_ui import resolve, show_private, typed_move
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.translator import ls
from storage.base import GameRecord

log = logging.getLogger("tabletop.lobby")
LANGUAGES = {"ja": "日本語", "en": "English"}
OUTBOX_SECONDS = 60
RESIGN_WORDS = {"resign", "!resign", "投了", "forfeit", "!forfeit"}
MAX_GRACE_HOURS = 168
DECISION_MARK = "#"
ACTION_CHARS = 200


def split_value(value: str) -> tuple[str, int | None]:
    """Autocomplete values carry the seat's decision id they were offered at: "notation#decision"."""
    notation, mark, decision = value.rpartition(DECISION_MARK)
    if mark and decision.isascii() and decision.isdigit() and len(decision) <= 9:
        return notation, int(decision)
    return value, None


class TextChannelOption(app_commands.Transformer):
    """A text channel of the server as Discord resolved it (no guild cache needed): the queue channel."""

    kinds = (discord.ChannelType.text, discord.ChannelType.news)

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return list(self.kinds)

    async def transform(self, interaction: discord.Interaction, value: app_commands.AppCommandChannel) -> app_commands.AppCommandChannel:
        return value


class LobbyCommands:
    """Mixin of the game cog (`cogs.game.GameCog`)."""

    bot: TabletopBot

    # ---- autocomplete ----------------------------------------------------------------------------------

    async def game_type_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = lang(interaction.locale)
        return [
            app_commands.Choice(name=f"{game.name.get(locale)} ({'/'.join(map(str, game.player_counts))})", value=game.id)
            for game in registry.games().values()
            if current.lower() in game.id or current.lower() in game.name.get(locale).lower()
        ][:25]

    async def game_id_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        locale = lang(interaction.locale)
        records = await self.bot.service.visible_games(interaction.guild_id, interaction.user.id, ("lobby", "active"))
        choices = []
        for record in records:
            label = f"#{record.id} {game_of(record).name.get(locale)} — {tr(f'game.status_{record.status}', locale)}"
            if current in label:
                choices.append(app_commands.Choice(name=label[:100], value=record.id))
        return choices

    async def action_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        explicit = getattr(interaction.namespace, "game", None)
        record = await self.bot.service.find_game(explicit=explicit, channel_id=interaction.channel_id,
                                                  user_id=interaction.user.id, guild_id=interaction.guild_id)
        if record is None or record.status != "active":
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            return []
        match = match_of(record)
        locale = lang(interaction.locale)
        names = announce.text_names(await announce.seat_names(self.bot, record))
        needle = current.lower()[:ACTION_CHARS]
        choices = []
        for action in match.legal_actions(seat):
            label = action.label(locale, names)
            if needle in label.lower() or needle in action.notation:
                value = f"{action.notation}{DECISION_MARK}{match.decisions[seat]}"
                if len(value) <= 100:
                    choices.append(app_commands.Choice(name=clip(label, 100), value=value))
            if len(choices) == 25:
                break
        return choices

    # ---- commands --------------------------------------------------------------------------------------

    @GAME.command(name="new", description=ls("Open a lobby for a new game", "新しいゲームの参加者を募集する"))
    @app_commands.describe(game=ls("Which game", "遊ぶゲーム"), players=ls("Number of seats (default: most allowed)", "人数(省略時は最大)"),
                           rated=ls("Rated game (default: the server's setting)", "レーティング対象にする(省略時はサーバー設定)"))
    @app_commands.autocomplete(game=game_type_autocomplete)
    async def new(self, interaction: discord.Interaction, game: str, players: app_commands.Range[int, 1, 8] | None = None,
                  rated: bool | None = None) -> None:
        async with refusals(interaction):
            if game not in registry.games():
                await send_ephemeral(interaction, tr("err.unknown_game", interaction.locale))
                return
            await create_lobby(interaction, game, players, {} if rated is None else {RATED_OPTION: "on" if rated else "off"})

    @GAME.command(name="list", description=ls("Games in this server", "このサーバーのゲーム一覧"))
    async def list_(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        records = await self.bot.service.visible_games(interaction.guild_id, interaction.user.id, ("lobby", "active"))
        if not records:
            await send_ephemeral(interaction, tr("game.list_empty", locale))
            return
        lines = []
        for record in records:
            status = tr(f"game.status_{record.status}", locale)
            where = announce.jump_url(record, record.board_message_id if record.status == "active" else record.lobby_message_id)
            waiting = ""
            if record.status == "active":
                timing = Timing.from_json(record.timing) if record.timing else None
                waiting = " — " + tr("game.waiting_on", locale, who=", ".join(
                    (ai_name(level_of(record.players[s]), locale) if is_ai(record.players[s]) else f"<@{record.players[s]}>")
                    + (clock_note(timing, s, locale) if timing else "")
                    for s in match_of(record).awaited_seats()))
            lines.append(f"**#{record.id} {game_of(record).name.get(locale)}** ({status}){waiting} {where}")
        embed = discord.Embed(title=tr("game.list_title", locale), description=clip("\n".join(lines), 4096))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @GAME.command(name="show", description=ls("Show the current board", "現在の盤面を表示する"))
    @app_commands.describe(game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    @app_commands.autocomplete(game=game_id_autocomplete)
    async def show(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            record = await self.bot.service.find_game(explicit=game, channel_id=interaction.channel_id, user_id=interaction.user.id,
                                                      guild_id=interaction.guild_id, statuses=("active", "finished"))
            if record is None or record.state is None:
                raise GameError(text("err.which_game"))
            check_place(interaction, record, from_dm=True)
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = match_of(record)
            locale = lang(interaction.locale)
            names = await announce.seat_names(self.bot, record)
            file = await announce.render_file("board", record, match, None, locale, names)
            lines = announce.status_lines(record, match, locale, announce.text_names(names))
            content = "\n".join(lines + [announce.jump_url(record, record.board_message_id)])
            await late_answer(interaction, **announce.dm_kwargs(content, file, None))

    @GAME.command(name="hand", description=ls("Your private information (only you see it)", "自分だけの非公開情報を見る"))
    @app_commands.describe(game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    @app_commands.autocomplete(game=game_id_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await show_private(interaction, game)

    @GAME.command(name="play", description=ls("Type an action instead of using the buttons", "ボタンの代わりに操作を入力する"))
    @app_commands.describe(action=ls("The action (start typing to see the legal ones)", "操作(入力すると合法手が出ます)"),
                           game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    @app_commands.autocomplete(action=action_autocomplete, game=game_id_autocomplete)
    async def play(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        async with refusals(interaction):
            loaded = await resolve(interaction, game)
            record = loaded.record
            notation, decision = split_value(action[:ACTION_CHARS])
            if notation.strip().lower() in RESIGN_WORDS:
                await self.confirm_resign(interaction, record)
                return
            seat = self.bot.service.seat(record, interaction.user.id)
            if decision is not None:
                loaded.match.check_decision(seat, decision)
            move = typed_move(loaded.match, seat, notation) if seat in loaded.match.awaited_seats() else notation
            await interaction.response.defer(ephemeral=True, thinking=True)
            played = await self.bot.service.play(loaded, seat, move, decision_id=loaded.match.decisions[seat])
            await after_commit(self.bot, played, interaction)

    @GAME.command(name="resign", description=ls("Resign from a game", "投了する"))
    @app_commands.autocomplete(game=game_id_autocomplete)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await self.confirm_resign(interaction, (await resolve(interaction, game)).record)

    async def confirm_resign(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Resigning, by command or typed as a move, always asks first and names the game."""
        self.bot.service.seat(record, interaction.user.id)
        locale = lang(interaction.locale)
        confirm = tr("game.resign_confirm", locale, game=game_of(record).name.get(locale), id=record.id,
                     link=announce.jump_url(record, record.board_message_id))
        await send_ephemeral(interaction, confirm, view=views.resign_view(record.id, locale))

    @GAME.command(name="cancel", description=ls("Call off a game (host or Manage Server)", "ゲームを中止する(主催者かサーバー管理者)"))
    @app_commands.autocomplete(game=game_id_autocomplete)
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            record = await self.bot.service.find_game(explicit=game, channel_id=interaction.channel_id, user_id=interaction.user.id,
                                                      guild_id=interaction.guild_id, statuses=("lobby", "active"))
            if record is None:
                raise GameError(text("err.which_game"))
            check_place(interaction, record)
            self.bot.service.require_host(record, interaction.user.id, admin_here(interaction, record))
            await interaction.response.defer(ephemeral=True, thinking=True)
            was_active = record.status == "active"
            record = await self.bot.service.cancel(record, interaction.user.id, admin_here(interaction, record))
            self.bot.live.changed(record.id, record.version)
            locale = await announce.guild_locale(self.bot, record)
            line = tr("game.cancelled_by", locale, user=interaction.user.mention)
            channel = self.bot.get_partial_messageable(record.thread_id or record.channel_id if was_active else record.channel_id)
            await channel.send(line)
            await interaction.followup.send(tr("lobby.cancelled", interaction.locale), ephemeral=True)

    @GAME.command(name="rules", description=ls("How to play a game", "ゲームの遊び方"))
    @app_commands.autocomplete(game=game_type_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        if game not in registry.games():
            await send_ephemeral(interaction, tr("err.unknown_game", interaction.locale))
            return
        await interaction.response.send_message(embed=rules_display(self.bot, game, lang(interaction.locale)), ephemeral=True)

    @app_commands.command(name="game-settings", description=ls("Server settings for games (Manage Server)", "ゲームのサーバー設定(サーバー管理者)"))
    @app_commands.describe(
        language=ls("Language of boards and thread messages", "盤面とスレッドの言語"),
        time_control=ls("Default time control of new lobbies", "新しいゲームの持ち時間の既定値"),
        timeout_policy=ls("What happens when a player runs out of time", "持ち時間が切れたときの処理"),
        grace_hours=ls("Hours the others may vote before the policy applies", "処理までに他の人が投票できる時間"),
        reminders=ls("Reminders at these % of a move's time, e.g. 50,90 (0 = none)", "手番時間の何%でリマインドするか 例: 50,90(0で無し)"),
        stall_days=ls("Flag, then end, games silent this many days (0 = never)", "この日数動かないゲームを警告・終了(0で無効)"),
        vacation_days=ls("Vacation days per player per year", "1人あたりの年間休暇日数"),
        takebacks=ls("Let players take back their last action when the others agree", "他の参加者の承認で直前の手を取り消せるようにする"),
        ai_searches=ls("AI searches of this server that run at once (others queue)", "このサーバーで同時に動くAIの探索数(他は順番待ち)"),
        ai_level=ls("Level of the AI that takes over a seat out of time", "時間切れの席を代わりに打つAIの強さ"),
        ai_seconds=ls("Most seconds one AI decision may take (caps every level)", "AIが1手に使える最大秒数(各レベルの上限)"),
        rated=ls("New lobbies are rated by default", "新しいゲームを既定でレーティング対象にする"),
        hints=ls("Allow 💡 hints in casual games (practice games always have them)", "通常のゲームで💡ヒントを使えるようにする(練習ゲームでは常に可)"),
        league_role=ls("Role whose members may run league admin commands", "リーグ管理コマンドを使えるロール"),
        queue_channel=ls("Channel where ranked queue games open", "ランク戦キューの対局を始めるチャンネル"),
        queue_hours=ls("Hours a queue entry waits before it expires", "キューの待機が期限切れになるまでの時間"),
        queue_ai_minutes=ls("Minutes without a match before an unrated game against the AI (0 = never)",
                            "相手がいないときAIとの練習対局を始めるまでの分数(0で無効)"),
    )
    @app_commands.choices(
        language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()],
        time_control=[app_commands.Choice(name=ls(control.label().en, control.label().ja), value=control.key) for control in PRESETS],
        timeout_policy=[app_commands.Choice(name=ls(POLICY_NAMES[policy].en, POLICY_NAMES[policy].ja), value=policy) for policy in POLICIES],
        ai_level=[app_commands.Choice(name=ls(text(f"ai.level_{level}").en, text(f"ai.level_{level}").ja), value=level)
                  for level in LEVEL_CODES],
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction, language: str | None = None, time_control: str | None = None,
                       timeout_policy: str | None = None, grace_hours: app_commands.Range[int, 0, MAX_GRACE_HOURS] | None = None,
                       reminders: str | None = None, stall_days: app_commands.Range[int, 0, 365] | None = None,
                       vacation_days: app_commands.Range[int, 0, 365] | None = None, takebacks: bool | None = None,
                       ai_searches: app_commands.Range[int, 1, MAX_SEARCHES] | None = None, ai_level: str | None = None,
                       ai_seconds: app_commands.Range[float, MIN_SECONDS, MAX_SECONDS] | None = None, rated: bool | None = None, hints: bool | None = None, league_role: discord.Role | None = None,
                       queue_channel: app_commands.Transform[app_commands.AppCommandChannel, TextChannelOption] | None = None, queue_hours: app_commands.Range[int, 1, MAX_QUEUE_HOURS] | None = None,
                       queue_ai_minutes: app_commands.Range[int, 0, MAX_AI_MINUTES] | None = None) -> None:
        """A top-level command, so Discord honours its default permissions; checked again here."""
        permissions = interaction.permissions
        if interaction.guild_id is None or not permissions.manage_guild:
            await send_ephemeral(interaction, tr("err.not_host", interaction.locale))
            return
        percents = parse_percents(reminders) if reminders is not None else []
        if (language is not None and language not in LANGUAGES) or (time_control is not None and time_control not in TIME_KEYS) \
                or (timeout_policy is not None and timeout_policy not in POLICIES) or percents is None \
                or (ai_level is not None and ai_level not in LEVEL_CODES) \
                or (queue_channel is not None and queue_channel.type not in TextChannelOption.kinds):
            await send_ephemeral(interaction, tr("err.bad_input", interaction.locale))
            return
        changes: dict[str, object] = {key: value for key, value in (
            ("locale", language), ("time_control", time_control), ("timeout_policy", timeout_policy), ("grace_hours", grace_hours),
            ("stall_days", stall_days), ("vacation_days", vacation_days), (TAKEBACKS, takebacks), (SEARCHES, ai_searches),
            (TAKEOVER_LEVEL, ai_level), (SECONDS, ai_seconds), (RATED_SETTING, rated), (HINTS_SETTING, hints), (ADMIN_ROLE, league_role.id if league_role else None),
            (QUEUE_CHANNEL, queue_channel.id if queue_channel else None), (QUEUE_HOURS, queue_hours), (QUEUE_AI_MINUTES, queue_ai_minutes))
            if value is not None}
        if reminders is not None:
            changes["reminders"] = percents
        if time_control is not None:
            changes["turn_timeout_hours"] = None  # the older setting gives way to the time control
        settings = await self.bot.store.update_guild_settings(interaction.guild_id, changes)
        await send_ephemeral(interaction, tr("game.settings_saved", interaction.locale,
                                             settings="\n" + settings_summary(settings, lang(interaction.locale))))

    # ---- the outbox ------------------------------------------------------------------------------------

    @tasks.loop(seconds=OUTBOX_SECONDS)
    async def outbox(self) -> None:
        """Publish what a crash or a Discord failure left behind: at start everything older than this
        process, then entries that stayed pending for a while (fresh ones are still being published)."""
        before = max(self.bot.started_at, time.time() - OUTBOX_SECONDS)
        try:
            await deliver_pending(self.bot, before)
        except Exception:  # noqa: BLE001 - the loop must survive to retry
            log.exception("delivering the outbox failed")

    @outbox.before_loop
    async def before_outbox(self) -> None:
        await self.bot.wait_until_serving()



def parse_percents(value: str) -> list[int] | None:
    """"50,90" → [50, 90]; "0" or "" → no reminders; None when it is not a list of 1–99."""
    parts = [part.strip() for part in value.replace("、", ",").split(",") if part.strip() and part.strip() != "0"]
    if not all(part.isdigit() and 0 < int(part) < 100 for part in parts) or len(parts) > 5:
        return None
    return sorted({int(part) for part in parts})


def settings_summary(settings: dict, locale: str) -> str:
    """Every game setting of the server as it now stands, defaults included."""
    control = default_control(settings)
    percents = settings.get("reminders", list(DEFAULT_REMINDERS))
    return "\n".join([
        tr("settings.language", locale, value=LANGUAGES.get(str(settings.get("locale", "en")), "English")),
        tr("settings.time_control", locale, value=control.label().get(locale)),
        tr("settings.policy", locale, value=POLICY_NAMES[settings.get("timeout_policy", "forfeit")].get(locale)),
        tr("settings.grace", locale, value=settings.get("grace_hours", DEFAULT_GRACE_HOURS)),
        tr("settings.reminders", locale, value=", ".join(f"{p}%" for p in percents) or tr("settings.never", locale)),
        tr("settings.stall", locale, value=settings.get("stall_days", DEFAULT_STALL_DAYS) or tr("settings.never", locale)),
        tr("settings.vacation", locale, value=settings.get("vacation_days", DEFAULT_VACATION_DAYS)),
        tr("afterplay.settings_takebacks_on" if settings.get(TAKEBACKS, True) else "afterplay.settings_takebacks_off", locale),
        tr("league.settings_rated_on" if settings.get(RATED_SETTING) else "league.settings_rated_off", locale),
        tr("hint.settings_on" if settings.get(HINTS_SETTING) else "hint.settings_off", locale),
        tr("league.settings_role", locale, role=f"<@&{settings[ADMIN_ROLE]}>" if settings.get(ADMIN_ROLE) else "-"),
        tr("queue.settings_channel", locale, channel=f"<#{settings[QUEUE_CHANNEL]}>" if settings.get(QUEUE_CHANNEL) else "-"),
        tr("queue.settings_hours", locale, hours=expiry_hours(settings)),
        tr("queue.settings_ai", locale, minutes=tr("queue.settings_ai_after", locale, minutes=ai_minutes(settings))
           if ai_minutes(settings) else tr("settings.never", locale)),
        tr("ai.settings_searches", locale, value=searches_limit(settings.get(SEARCHES))),
        tr("ai.settings_level", locale, value=tr(f"ai.level_{takeover_level(settings)}", locale)),
        tr("ai.settings_seconds", locale, normal=decision_seconds(settings, "normal"), hard=decision_seconds(settings, "hard")),
    ])
