"""What each `/league` command does on Discord, between the thin cog and the league service: which
league a command means, who may run admin commands, and the replies.

Refusals (GameError, StoreError codes with an `err.*` text) are answered privately by
`discord_ui.interactions.refusals` around each command and change nothing.
"""

from __future__ import annotations

import io
from typing import Any, Mapping, Sequence

import discord

from engine import registry
from engine.core.errors import GameError
from renderers.output import IMAGE_SUFFIX
from renderers.standings import rating_chart
from renderers.worker import encoded_pages
from discord_ui import announce
from tabletop.presentation import pictures
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, clip, late_answer, send_ephemeral
from tabletop.leagues.profile import leaderboard, profile
from tabletop.delivery.publish import after_commit
from tabletop.leagues.ratings import DISPLAY_BASE
from tabletop.leagues.config import ADMIN_ROLE, LeagueConfig
from tabletop.leagues.bracket_text import match_label
from tabletop.leagues.post import (
    announce_progress, bracket_payload, league_locale, leagues_of, mention, names_of, standings_payload,
)
from tabletop.leagues.service import league_config
from tabletop.leagues.tournament import match_of_table
from storage.league_records import LEAGUE_OPEN, LeagueRecord

def is_league_admin(manage_guild: bool, role_ids: Sequence[int], settings: Mapping[str, Any]) -> bool:
    role = settings.get(ADMIN_ROLE)
    return manage_guild or (role is not None and int(role) in role_ids)


async def require_admin(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    settings = await bot_of(interaction).store.get_guild_settings(interaction.guild_id)
    permissions = interaction.permissions
    roles = [role.id for role in getattr(interaction.user, "roles", [])]
    if not is_league_admin(bool(permissions and permissions.manage_guild), roles, settings):
        raise GameError(text("league.not_admin"))


async def chosen_league(interaction: discord.Interaction, league_id: int | None,
                        statuses: tuple[str, ...] = LEAGUE_OPEN) -> LeagueRecord:
    """The league a command means: the given one (of this server), else the only one of this channel in
    `statuses`, else the only one of the server."""
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    store = bot_of(interaction).store
    if league_id is not None:
        found = await store.get_league(league_id) if 0 < league_id < 2**62 else None
        if found is None or found.guild_id != interaction.guild_id:
            raise GameError(text("league.not_found"))
        return found
    candidates = await store.list_leagues(interaction.guild_id, statuses=statuses)
    here = [league for league in candidates if league.channel_id == interaction.channel_id]
    for group in (here, candidates):
        if len(group) == 1:
            return group[0]
    raise GameError(text("league.which"))


async def create(interaction: discord.Interaction, *, name: str, game: str, players: int | None, format: str, rounds: int,
                 round_hours: int, time_control: str | None, policy: str, tiebreaks: str | None, allow_ai: bool,
                 signup_hours: int | None, best_of: int = 1, seeding: str = "rating", advance: int | None = None,
                 loser_first: bool = False, reset: bool = True) -> None:
    await require_admin(interaction)
    if game not in registry.games():
        raise GameError(text("league.bad_game"))
    size = players or min(registry.get(game).player_counts)
    config = LeagueConfig(format=format, players=size, rounds=rounds, round_hours=round_hours, time_control=time_control,
                          policy=policy, tiebreaks=tuple(part.strip() for part in (tiebreaks or "").split(",") if part.strip()),
                          allow_ai=allow_ai, best_of=best_of, first="loser" if loser_first else "alternate", seeding=seeding,
                          advance=advance if advance is not None else 4 if format == "swiss_cut" else 1, reset=reset)
    assert interaction.guild_id is not None and interaction.channel_id is not None
    league = await leagues_of(bot_of(interaction)).create(
        guild_id=interaction.guild_id, channel_id=interaction.channel_id, user_id=interaction.user.id, name=name,
        game_type=game, config=config, signup_hours=signup_hours)
    locale = await league_locale(bot_of(interaction), league)
    deadline = f"<t:{int(league.due_at)}:R>" if league.due_at else tr("league.no_deadline", locale)
    await interaction.response.send_message(
        tr("league.created", locale, name=league.name, game=registry.get(game).name.get(locale), id=league.id,
           format=tr(f"league.format_{format}", locale), players=size, deadline=deadline),
        allowed_mentions=discord.AllowedMentions.none())


async def join(interaction: discord.Interaction, league_id: int | None) -> None:
    league = await chosen_league(interaction, league_id, ("signup",))
    league = await leagues_of(bot_of(interaction)).join(league, interaction.user.id)
    await send_ephemeral(interaction, tr("league.joined", interaction.locale, name=league.name, count=len(league.members)))


async def leave(interaction: discord.Interaction, league_id: int | None, member: int | None) -> None:
    """A member leaves before the start; an admin may take anyone out, even after (`member`)."""
    league = await chosen_league(interaction, league_id)
    service = leagues_of(bot_of(interaction))
    if member is not None and member != interaction.user.id:
        await require_admin(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        league, forfeits = await service.withdraw(league, member)
        for played in forfeits:
            await after_commit(bot_of(interaction), played)
        await send_ephemeral(interaction, tr("league.withdrawn", interaction.locale, name=league.name, user=mention(member)))
        return
    if league.status != "signup":
        raise GameError(text("league.leave_started"))
    league = await service.leave(league, interaction.user.id)
    await send_ephemeral(interaction, tr("league.left", interaction.locale, name=league.name))


async def start(interaction: discord.Interaction, league_id: int | None) -> None:
    await require_admin(interaction)
    league = await chosen_league(interaction, league_id, ("signup",))
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    progress = await leagues_of(bot).start(league)
    await announce_progress(bot, progress)
    await interaction.followup.send(tr("league.started", interaction.locale, name=league.name, round=progress.opened or 0),
                                    ephemeral=True)


async def standings(interaction: discord.Interaction, league_id: int | None) -> None:
    league = await chosen_league(interaction, league_id, ("signup", "running", "finished"))
    await interaction.response.defer(thinking=True)
    content, file = await standings_payload(bot_of(interaction), league, lang(interaction.locale),
                                            final=league.status == "finished")
    await late_answer(interaction, public=True, content=content, file=file, allowed_mentions=discord.AllowedMentions.none())


async def bracket(interaction: discord.Interaction, league_id: int | None) -> None:
    """A tournament's bracket on demand, as text and as an image (its pages), in the viewer's language."""
    league = await chosen_league(interaction, league_id, ("signup", "running", "finished"))
    if not league_config(league).tournament:
        raise GameError(text("bracket.not_tournament"))
    if league.status == "signup":
        raise GameError(text("bracket.not_started"))
    await interaction.response.defer(thinking=True)
    content, files = await bracket_payload(bot_of(interaction), league, lang(interaction.locale))
    await late_answer(interaction, public=True, content=content, allowed_mentions=discord.AllowedMentions.none(), files=files)


async def settle(interaction: discord.Interaction, league_id: int | None, match: str, winners: Sequence[int]) -> None:
    """An admin decides a match of the round in play by hand (its game in progress is called off): a duel
    or a Swiss game by its winner, a multiplayer table by who go through, in order. The bracket shows it
    as settled, and the league's next pass goes on from it."""
    await require_admin(interaction)
    league = await chosen_league(interaction, league_id, ("running",))
    if not league_config(league).tournament:
        raise GameError(text("bracket.not_tournament"))
    view = await leagues_of(bot_of(interaction)).settle(league, match, winners)
    locale = await league_locale(bot_of(interaction), league)
    [settled] = [found for found in view.matches() if found.key.lower() == match.lower()]
    await interaction.response.send_message(
        tr("bracket.settled", locale, league=league.name, match=match_label(settled, locale),
           winner=" / ".join(mention(user) for user in settled.winners)),
        allowed_mentions=discord.AllowedMentions.none())


async def schedule(interaction: discord.Interaction) -> None:
    """The caller's open league games in this server, with their deadlines and links, and their byes."""
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    lines: list[str] = []
    for league in await bot.store.list_leagues(interaction.guild_id, statuses=("running",), user_id=interaction.user.id):
        rounds = await bot.store.league_rounds(league.id)
        deadline = {round_.number: round_.deadline for round_ in rounds}
        for table in await bot.store.league_games(league.id):
            if table.status != "open" or interaction.user.id not in table.players:
                continue
            record = await bot.store.get_game(table.game_id) if table.game_id else None
            others = " / ".join(mention(user) for user in table.players if user != interaction.user.id)
            link = f"<#{record.thread_id or record.channel_id}>" if record else "-"
            lines.append(tr("league.schedule_line", locale, league=league.name, round=table.round, others=others, link=link,
                            deadline=f"<t:{int(deadline[table.round])}:R>"))
        if rounds and interaction.user.id in rounds[-1].byes and rounds[-1].status == "open":
            lines.append(tr("league.schedule_bye", locale, league=league.name, round=rounds[-1].number))
    await send_ephemeral(interaction, "\n".join(lines) or tr("league.schedule_none", locale))


async def results(interaction: discord.Interaction, league_id: int | None) -> None:
    """Every decided table, round by round: places in order, or a double forfeit."""
    league = await chosen_league(interaction, league_id, ("running", "finished"))
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    tables = await bot.store.league_games(league.id)
    names = await names_of(bot, sorted({user for table in tables for user in table.players}), locale)
    view = await leagues_of(bot).bracket(league) if league_config(league).tournament else None
    lines = [f"**{league.name}**"]
    for table in tables:
        if table.status == "open":
            continue
        if table.ranks is None:
            result = tr("league.void", locale)
        else:
            order = sorted(range(len(table.players)), key=lambda seat: table.ranks[seat])  # type: ignore[index]
            result = " > ".join(f"{names[table.players[seat]]}" for seat in order)
        found = match_of_table(view, table) if view is not None else None
        if found is not None:  # a tournament's game: its match and game number
            lines.append(tr("bracket.result_line", locale, match=match_label(found[0], locale), number=found[1], result=result))
            continue
        lines.append(tr("league.result_line", locale, round=table.round, table=table.table + 1, result=result))
    await send_ephemeral(interaction, "\n".join(lines) if len(lines) > 1 else tr("league.no_results", locale))


def server_for(interaction: discord.Interaction, game: str) -> int:
    """The server of a season's or leaderboard's command: these are per server and per game, so refused in
    DMs and for an unknown game."""
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    if game not in registry.games():
        raise GameError(text("league.bad_game"))
    return interaction.guild_id


async def season(interaction: discord.Interaction, game: str, action: str) -> None:
    """Show the game's current season on this server, or (admins) start the next one."""
    guild_id = server_for(interaction, game)
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    name = registry.get(game).name.get(locale)
    if action == "new":
        await require_admin(interaction)
        number = await leagues_of(bot).new_season(guild_id, game)
        await interaction.response.send_message(tr("league.season_started", locale, game=name, season=number),
                                                allowed_mentions=discord.AllowedMentions.none())
        return
    number = await bot.store.current_season(guild_id, game)
    players = len(await bot.store.get_ratings(guild_id, game))
    leagues = await bot.store.list_leagues(guild_id, statuses=("signup", "running", "finished"), game_type=game)
    names = ", ".join(f"{league.name} ({tr(f'league.status_{league.status}', locale)})"
                      for league in leagues if league.season == number) or "-"
    await send_ephemeral(interaction, tr("league.season_info", locale, game=name, season=number, players=players, leagues=names))



async def stats(interaction: discord.Interaction, member: discord.abc.User | None, game: str | None) -> None:
    """A player's profile here: games played and won, ratings, favourites, leagues, and a chart of the
    rating history of `game` (else of the game they are rated in most)."""
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    user = member or interaction.user
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    await interaction.response.defer(thinking=True)
    found = await profile(bot.store, interaction.guild_id, user.id)
    lines = [tr("league.stats_title", locale, name=announce.escape(user.display_name))]
    for entry in found.games:
        rating = found.ratings.get(entry.game_type)
        favourite = ", ".join(f"{name.get(locale)} ×{count}" for name, count in entry.favourites)
        lines.append(tr("league.stats_game", locale, game=registry.get(entry.game_type).name.get(locale), played=entry.played,
                        won=entry.won, rating=rating.shown() if rating else "-"))
        if favourite:
            lines.append(tr("league.stats_favourites", locale, names=favourite))
    for game_type, rating in found.ratings.items():
        if all(entry.game_type != game_type for entry in found.games):
            lines.append(tr("league.stats_game", locale, game=registry.get(game_type).name.get(locale), played=0, won=0,
                            rating=rating.shown()))
    if found.leagues:
        lines.append(tr("league.stats_leagues", locale, names=", ".join(
            f"{league.name} ({tr(f'league.status_{league.status}', locale)})" for league in found.leagues)))
    placed = await tournament_places(bot, found.leagues, user.id, locale)
    if placed:
        lines.append(tr("bracket.stats_line", locale, names=placed))
    if len(lines) == 1:
        lines.append(tr("league.stats_none", locale))
    charted = game if game in found.history else max(found.history, key=lambda key: len(found.history[key]), default=None)
    kwargs: dict[str, Any] = {}
    if charted is not None:
        values = [DISPLAY_BASE, *found.history[charted]]
        title = tr("league.chart_title", locale, game=registry.get(charted).name.get(locale))
        caption = tr("league.chart_caption", locale, games=len(found.history[charted]))
        (data,) = await pictures.render_job(interaction.guild_id, encoded_pages, rating_chart, title, values, caption)
        kwargs["file"] = discord.File(io.BytesIO(data), filename=f"rating-{user.id}-{charted}.{IMAGE_SUFFIX}")
    await late_answer(interaction, public=True, content=clip("\n".join(lines)), allowed_mentions=discord.AllowedMentions.none(), **kwargs)


async def tournament_places(bot: Any, leagues: Sequence[LeagueRecord], user_id: int, locale: str) -> str:
    """The finished tournaments a player took part in, with their final place in each."""
    found = []
    for league in leagues:
        if league.status != "finished" or not league_config(league).tournament:
            continue
        place = (await leagues_of(bot).bracket(league)).places.get(user_id)
        if place is not None:
            found.append(tr("bracket.stats_place", locale, name=league.name, place=place))
    return ", ".join(found)


async def leaderboard_reply(interaction: discord.Interaction, game: str) -> None:
    """The server's best players of one game by rating, and the viewer's own place."""
    guild_id = server_for(interaction, game)
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    board = await leaderboard(bot.store, guild_id, game, interaction.user.id)
    name = registry.get(game).name.get(locale)
    season_number = await bot.store.current_season(guild_id, game)
    lines = [tr("league.board_title", locale, game=name, season=season_number)]
    names = await names_of(bot, [user for _, user, _ in board.top], locale)
    for place, user, rating in board.top:
        lines.append(f"{place}. {announce.escape(names[user])} — {rating.shown()}")
    if board.mine is not None:
        lines.append(tr("league.board_mine", locale, place=board.mine[0], total=board.total, rating=board.mine[1].shown()))
    elif board.top:
        lines.append(tr("league.board_unrated", locale))
    if not board.top:
        lines.append(tr("league.board_empty", locale))
    await interaction.response.send_message(clip("\n".join(lines)), allowed_mentions=discord.AllowedMentions.none())
