"""Component layouts, built from plain buttons and selects whose custom ids the persistent handlers in
`lobby_ui` and `turn_ui` match. Building them needs no handler, so the publish path can attach them
without importing the click handling (and the click handling imports the publish path)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from engine.core.game import Game
from engine.core.types import Choice
from discord_ui import ids
from tabletop.play.clocks import PRESETS
from tabletop.leagues.results import RATED_OPTION, RATED_VALUES, lobby_rated
from tabletop.play.service import TIME_OPTION, lobby_control
from tabletop.presentation.i18n import tr
from discord_ui.interactions import clip
from discord_ui.layout import Layout
from tabletop.delivery.live_links import LiveLinks
from tabletop.presentation.picker import NAV_ROW, Entry, Menu, distinct_labels, encode
from storage.base import GameRecord

LABEL_LIMIT = 80
OPTION_LIMIT = 100
LOBBY_GAME_OPTIONS = 3


def live_items(game_id: int, locale: str, links: LiveLinks | None, *, url: str | None = None,
               row: int | None = None) -> list[discord.ui.Item[discord.ui.View]]:
    """Open live board: a button launching the bot's Activity in this channel, and a link opening the same
    board in any browser (`url`: its address when not the board's own, a turn DM's sign-in link); only what
    is set up (tabletop.delivery.live_links), so none at all without it."""
    if links is None:
        return []
    items: list[discord.ui.Item[discord.ui.View]] = []
    if links.activity:
        items.append(discord.ui.Button(label=tr("live.open", locale), emoji="🎲", style=discord.ButtonStyle.secondary,
                                       custom_id=ids.live(game_id), row=row))
    target = url or links.game_url(game_id)
    if target is not None:
        items.append(discord.ui.Button(label=tr("live.browser" if links.activity else "live.open", locale), url=target,
                                       style=discord.ButtonStyle.link, row=row))
    return items


def board_view(game_id: int, locale: str, links: LiveLinks | None = None) -> discord.ui.View:
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("turn.take", locale), style=discord.ButtonStyle.primary, custom_id=ids.take(game_id)))
    view.add_item(discord.ui.Button(label=tr("turn.private", locale), style=discord.ButtonStyle.secondary, custom_id=ids.info(game_id)))
    for item in live_items(game_id, locale, links):
        view.add_item(item)
    return view


def take_view(game_id: int, locale: str) -> discord.ui.View:
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("turn.take", locale), style=discord.ButtonStyle.primary, custom_id=ids.take(game_id)))
    return view


def vote_view(game_id: int, seat: int, locale: str) -> discord.ui.View:
    """Skip or expel a seat that ran out of time; the other seats vote (discord_ui.votes)."""
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("timing.vote_skip", locale), style=discord.ButtonStyle.secondary,
                                    custom_id=ids.vote(game_id, seat, "skip")))
    view.add_item(discord.ui.Button(label=tr("timing.vote_expel", locale), style=discord.ButtonStyle.danger,
                                    custom_id=ids.vote(game_id, seat, "expel")))
    return view


def resign_view(game_id: int, locale: str) -> discord.ui.View:
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("game.resign_button", locale), style=discord.ButtonStyle.danger, custom_id=ids.resign(game_id)))
    return view


LOBBY_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger}


def lobby_view(record: GameRecord, game: Game, locale: str, settings: Mapping[str, Any]) -> discord.ui.View:
    """Join/leave/start/cancel and Add AI (discord_ui.ai_ui), a select per game option (at most `LOBBY_GAME_OPTIONS`; more are typed in
    the game's own `/<game> new`), and the time control (the server's default until the host picks)."""
    view = Layout()
    if record.status != "lobby":
        return view
    for op, style in LOBBY_STYLES.items():
        view.add_item(discord.ui.Button(label=tr(f"lobby.{op}", locale), style=style, custom_id=ids.lobby(op, record.id)))
    view.add_item(discord.ui.Button(label=tr("ai.add", locale), style=discord.ButtonStyle.secondary, emoji="🤖",
                                    custom_id=ids.ai_panel(record.id)))
    counts = [count for count in game.player_counts if count <= record.capacity] or list(game.player_counts)
    for row, spec in enumerate(game.options[:LOBBY_GAME_OPTIONS], start=1):
        current = str(record.options.get(spec.key, spec.default))
        offered = [c for c in spec.choices if any(spec.allowed(c.key, count) for count in counts)]
        view.add_item(discord.ui.Select(
            custom_id=ids.lobby_option(record.id, spec.key),
            placeholder=clip(spec.label.get(locale), 150),
            options=[
                discord.SelectOption(label=clip(f"{spec.label.get(locale)}: {c.label.get(locale)}", OPTION_LIMIT), value=c.key,
                                     default=c.key == current)
                for c in offered
            ],
            row=row,
        ))
    rated_row = min(len(game.options), LOBBY_GAME_OPTIONS) + 1
    if rated_row <= LOBBY_GAME_OPTIONS:  # a game with every option row in use is rated by the server default
        rated = lobby_rated(record.options, settings)
        view.add_item(discord.ui.Select(
            custom_id=ids.lobby_option(record.id, RATED_OPTION), placeholder=clip(tr("league.rated", locale), 150),
            options=[discord.SelectOption(label=tr(f"league.rated_{value}", locale), value=value, default=(value == "on") == rated)
                     for value in RATED_VALUES],
            row=rated_row,
        ))
    current = lobby_control(record.options, settings)
    view.add_item(discord.ui.Select(
        custom_id=ids.lobby_option(record.id, TIME_OPTION),
        placeholder=clip(tr("lobby.time", locale), 150),
        options=[discord.SelectOption(label=clip(f"{tr('lobby.time', locale)}: {control.label().get(locale)}", OPTION_LIMIT),
                                      value=control.key, default=control == current) for control in PRESETS],
        row=4,
    ))
    return view


def _label(steps: tuple[Choice, ...], locale: str, names: Mapping[int, str]) -> str:
    return " › ".join(step.label.render(locale, names) for step in steps)


def picker_view(game_id: int, decision: int, menu: Menu, locale: str, names: Mapping[int, str],
                links: LiveLinks | None = None, url: str | None = None,
                extra: Sequence[discord.ui.Item[discord.ui.View]] = ()) -> discord.ui.View:
    """One menu level: button rows and selects as `picker.menu` grouped them, and below them Back, Open
    live board (`links`, `url` as `live_items` takes them) and `extra` (a tip's rules button, Hint); the
    menu must then keep that row free: `picker.menu(..., reserve=True)`."""
    view = Layout()
    row = 0
    for group in menu.groups:
        if group.members:
            low, high = group.sizes
            view.add_item(discord.ui.Select(
                custom_id=ids.pick_set(game_id, decision, group.at),
                placeholder=clip(tr("turn.choose_set", locale, low=low, high=high), 150),
                min_values=low, max_values=high, row=row,
                options=[discord.SelectOption(label=label or "-", value=member.key) for member, label in zip(
                    group.members, distinct_labels([member.label.render(locale, names) for member in group.members], OPTION_LIMIT))],
            ))
            row += 1
            continue
        if group.select:
            view.add_item(discord.ui.Select(
                custom_id=ids.pick_select(game_id, decision, _common(group.entries)),
                placeholder=clip(group.title.label.render(locale, names) if group.title else tr("turn.choose", locale), 150),
                options=[discord.SelectOption(label=label or "-", value=encode(entry.path)) for entry, label in zip(
                    group.entries, distinct_labels([_label(entry.steps, locale, names) for entry in group.entries], OPTION_LIMIT))],
                row=row,
            ))
            row += 1
            continue
        labels = distinct_labels([_label(entry.steps, locale, names) for entry in group.entries], LABEL_LIMIT)
        for index, (entry, label) in enumerate(zip(group.entries, labels)):
            view.add_item(discord.ui.Button(label=label or "-",
                                            style=discord.ButtonStyle.primary, custom_id=ids.pick(game_id, decision, entry.path),
                                            row=row + index // 5))
        row += (len(group.entries) + 4) // 5
    if menu.back is not None:
        view.add_item(discord.ui.Button(label=tr("turn.back", locale), style=discord.ButtonStyle.secondary, row=NAV_ROW,
                                        custom_id=ids.pick(game_id, decision, menu.back, back=True)))
    for item in live_items(game_id, locale, links, url=url, row=NAV_ROW):
        view.add_item(item)
    for item in extra:
        item.row = NAV_ROW
        view.add_item(item)
    return view


def hint_button(game_id: int, decision: int, locale: str) -> discord.ui.Button:
    """💡 Hint under a menu where hints are allowed (tabletop.play.hints): for this decision only."""
    return discord.ui.Button(label=tr("hint.button", locale), emoji="💡", style=discord.ButtonStyle.secondary,
                             custom_id=ids.hint(game_id, decision))


def hint_view(game_id: int, decision: int, paths: Sequence[tuple[int, ...]], locale: str) -> discord.ui.View:
    """One button per proposed choice that plays it: a picker step straight to that action (the decision
    id makes a hint shown before the position moved on refuse, as any stale menu does)."""
    view = Layout()
    for number, path in enumerate(paths, start=1):
        view.add_item(discord.ui.Button(label=tr("hint.play", locale, number=number), style=discord.ButtonStyle.primary,
                                        custom_id=ids.pick(game_id, decision, path)))
    return view


def _common(entries: tuple[Entry, ...]) -> tuple[int, ...]:
    """The longest path all entries share: unique per select in a message, as custom ids must be."""
    first = entries[0].path
    length = min(len(entry.path) for entry in entries)
    return first[: next((i for i in range(length) if any(entry.path[i] != first[i] for entry in entries)), length)]


def takeback_view(game_id: int, version: int, seat: int, accepted: int, locale: str) -> discord.ui.View:
    """Accept / Refuse under a takeback request; `accepted` is the bitmask of seats that agreed so far."""
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("afterplay.accept", locale), style=discord.ButtonStyle.success,
                                    custom_id=ids.takeback_answer(game_id, version, seat, accepted, "yes")))
    view.add_item(discord.ui.Button(label=tr("afterplay.refuse", locale), style=discord.ButtonStyle.danger,
                                    custom_id=ids.takeback_answer(game_id, version, seat, accepted, "no")))
    return view


def final_view(game_id: int, locale: str, links: LiveLinks | None = None) -> discord.ui.View:
    """The final board's buttons, only what still works once a game is over: Replay (privately, step by
    step, discord_ui.history_ui), Rematch (a new lobby with the same players and options, discord_ui.rematch)
    and Open live board (the finished game's replay there)."""
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("afterplay.replay", locale), style=discord.ButtonStyle.secondary,
                                    custom_id=ids.replay_open(game_id)))
    view.add_item(discord.ui.Button(label=tr("afterplay.rematch", locale), style=discord.ButtonStyle.primary,
                                    custom_id=ids.rematch(game_id)))
    for item in live_items(game_id, locale, links):
        view.add_item(item)
    return view
