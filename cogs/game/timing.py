"""`/game notify`, `/game vacation`, `/game mine` and the scheduler loop: the asynchronous life of games."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import tasks

from cogs.game.group import GAME
from engine.core.errors import GameError
from discord_ui.ai_ui import return_to_seat
from tabletop.delivery.away import DEFAULT_VACATION_DAYS, days_left, end_vacation, reschedule_user, start_vacation
from discord_ui.bot import TabletopBot
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.translator import ls
from discord_ui.interactions import clip, refusals, send_ephemeral
from tabletop.matchmaking.post import queue_pass
from discord_ui.mine import waiting_lines
from tabletop.play.quiet import format_clock, next_local_hour, parse_clock, valid_zone, zones
from tabletop.delivery.scheduler import drain

log = logging.getLogger("tabletop.timing")
SCHEDULER_SECONDS = 60
ON_OFF = [app_commands.Choice(name=ls("on", "オン"), value=1), app_commands.Choice(name=ls("off", "オフ"), value=0)]


class TimingCommands:
    """Mixin of the game cog (`cogs.game.GameCog`)."""

    bot: TabletopBot

    async def zone_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower().replace(" ", "_")[:64]
        return [app_commands.Choice(name=name, value=name) for name in zones() if needle in name.lower()][:25]

    @GAME.command(name="notify", description=ls("How you hear it is your turn", "手番の通知方法を設定する"))
    @app_commands.describe(
        dm=ls("A DM when it is your turn", "手番をDMで知らせる"),
        mention=ls("A mention in the game's thread", "スレッドでメンションする"),
        timezone=ls("Your time zone (e.g. Asia/Tokyo)", "タイムゾーン(例: Asia/Tokyo)"),
        quiet_start=ls("Quiet hours start, HH:MM (no notices until they end)", "おやすみ時間の開始 HH:MM(終わるまで通知を待つ)"),
        quiet_end=ls("Quiet hours end, HH:MM", "おやすみ時間の終了 HH:MM"),
        digest_hour=ls("Daily DM of games waiting on you at this hour (-1 = off)", "毎日この時刻に自分の番のゲームをDM(-1で停止)"),
    )
    @app_commands.choices(dm=ON_OFF, mention=ON_OFF)
    @app_commands.autocomplete(timezone=zone_autocomplete)
    async def notify(self, interaction: discord.Interaction, dm: int | None = None, mention: int | None = None,
                     timezone: str | None = None, quiet_start: str | None = None, quiet_end: str | None = None,
                     digest_hour: app_commands.Range[int, -1, 23] | None = None) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            changes: dict[str, object] = {}
            if dm is not None:
                changes["notify_dm"] = bool(dm)
            if mention is not None:
                changes["notify_mention"] = bool(mention)
            if timezone is not None:
                if not valid_zone(timezone.strip()):
                    raise GameError(text("notify.bad_zone"))
                changes["tz"] = timezone.strip()
            for key, value in (("quiet_start", quiet_start), ("quiet_end", quiet_end)):
                if value is not None:
                    minutes = parse_clock(value)
                    if minutes is None and value.strip() not in ("-", "off"):
                        raise GameError(text("notify.bad_clock"))
                    changes[key] = minutes
            user = await self.bot.store.update_user(interaction.user.id, prefs=changes)
            if digest_hour is not None or "tz" in changes:
                hour = digest_hour if digest_hour is not None else user.prefs.get("digest_hour")
                on = isinstance(hour, int) and hour >= 0
                nxt = next_local_hour(user.prefs, hour, self.bot.service.now()) if on else None
                user = await self.bot.store.update_user(interaction.user.id, prefs={"digest_hour": hour if on else None,
                                                                                    "digest_next": nxt})
                await reschedule_user(self.bot, interaction.user.id)
            await send_ephemeral(interaction, notify_summary(user.prefs, user.dms_closed, locale))

    @GAME.command(name="vacation", description=ls("Stop your clocks in every game for some days", "休暇: 全ゲームの持ち時間を止める"))
    @app_commands.describe(days=ls("Days of vacation (leave empty to end it or see what is left)", "休暇の日数(空欄で終了・残り日数の確認)"))
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 365] | None = None) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            now = self.bot.service.now()
            prefs = (await self.bot.store.get_user(interaction.user.id)).prefs
            settings = await self.bot.store.get_guild_settings(interaction.guild_id) if interaction.guild_id else {}
            allowance = int(settings.get("vacation_days", DEFAULT_VACATION_DAYS))
            on = isinstance(prefs.get("vacation_until"), (int, float)) and prefs["vacation_until"] > now
            await interaction.response.defer(ephemeral=True, thinking=True)
            if days is None:
                if on:
                    games = await end_vacation(self.bot, interaction.user.id, now)
                    message = tr("away.back", locale, games=len(games))
                else:
                    message = tr("away.allowance", locale, days=days_left(prefs, allowance, now))
            elif on:
                raise GameError(text("away.already"))
            elif days > days_left(prefs, allowance, now):
                raise GameError(text("away.too_long"))
            else:
                games = await start_vacation(self.bot, interaction.user.id, days, now)
                message = tr("away.confirm", locale, until=f"<t:{int(now + days * 86400)}:f>", games=len(games))
            await interaction.followup.send(message, ephemeral=True)

    @GAME.command(name="return", description=ls("Take your seat back from the AI playing it", "AIが代わりに打っている自分の席に戻る"))
    @app_commands.describe(game=ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)"))
    async def return_(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            record = await self.bot.service.find_game(explicit=game, channel_id=interaction.channel_id,
                                                      user_id=interaction.user.id, guild_id=interaction.guild_id)
            if record is None:
                raise GameError(text("err.which_game"))
            await return_to_seat(interaction, record)

    @GAME.command(name="mine", description=ls("Your games in every server, those waiting on you first", "参加中のゲーム(自分の番を先頭に)"))
    async def mine(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            locale = lang(interaction.locale)
            await interaction.response.defer(ephemeral=True, thinking=True)
            lines = await waiting_lines(self.bot, interaction.user.id, locale)
            embed = discord.Embed(title=tr("mine.title", locale), description=clip("\n".join(lines), 4096) if lines else tr("mine.none", locale))
            await interaction.followup.send(embed=embed, ephemeral=True)

    @tasks.loop(seconds=SCHEDULER_SECONDS)
    async def scheduler(self) -> None:
        """Notices, reminders, timeouts, stalls, digests and vacations: only what is due, read by index; then
        the ranked queue's pass (tabletop/matchmaking), whose window widens by the minute."""
        try:
            reports = await drain(self.bot)
            games, users = sum(r.games for r in reports), sum(r.users for r in reports)
            if games or users:
                log.info("scheduler: %d passes, %d games, %d users, %.0f ms", len(reports), games, users,
                         sum(r.seconds for r in reports) * 1000)
        except Exception:  # noqa: BLE001 - the loop must survive to try again
            log.exception("scheduler pass failed")
        try:
            matched = await queue_pass(self.bot)
            if matched.started or matched.expired:
                log.info("queue: %d games started, %d entries expired", len(matched.started), len(matched.expired))
        except Exception:  # noqa: BLE001
            log.exception("queue pass failed")

    @scheduler.before_loop
    async def before_scheduler(self) -> None:
        await self.bot.wait_until_serving()


def notify_summary(prefs: dict, dms_closed: bool, locale: str) -> str:
    """The player's notice settings as they now stand, in their language."""
    def yes(value: object) -> str:
        return tr("notify.on", locale) if value else tr("notify.off", locale)

    start, end = prefs.get("quiet_start"), prefs.get("quiet_end")
    quiet = f"{format_clock(start)}–{format_clock(end)}" if isinstance(start, int) and isinstance(end, int) and start != end else yes(False)
    hour = prefs.get("digest_hour")
    lines = [
        tr("notify.dm", locale, value=yes(prefs.get("notify_dm", True))),
        tr("notify.mention", locale, value=yes(prefs.get("notify_mention", True))),
        tr("notify.zone", locale, value=prefs.get("tz", "UTC")),
        tr("notify.quiet", locale, value=quiet),
        tr("notify.digest", locale, value=f"{hour:02d}:00" if isinstance(hour, int) else yes(False)),
    ]
    if dms_closed:
        lines.append(tr("notify.dms_closed", locale))
    return "\n".join(lines)

