"""`/game review` on Discord: a finished game's review, privately, for whoever asks (issue 28).

A seated player gets their own review (their chance as they could judge it, their costliest moves with
the AI's pick); anyone else who may look at the game gets the public one. The answer is the chart, the
costly moves and the biggest drops as lines, and buttons that open `/game replay` at the position each
move was chosen from (and the web replay there when the live board has a public address).
"""

from __future__ import annotations

import io
from typing import Any, Callable, Mapping

import discord

from engine.ai.review import costly, drops
from engine.core.errors import GameError
from renderers.output import IMAGE_SUFFIX
from renderers.review import review_chart
from renderers.worker import encoded_pages
from discord_ui import announce, ids
from tabletop.presentation import pictures
from tabletop.play import history, reviews
from discord_ui.history_ui import chosen_game
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, clip, late_answer
from discord_ui.layout import Layout
from tabletop.delivery.live_links import live_links
from tabletop.play.service import game_of
from storage.base import GameRecord

BUTTONS = 25
"""Discord's limit per message."""


def percent(chance: float) -> str:
    return f"{chance:.0%}"


Describe = Callable[[int, str], str]
"""A move of the viewer's as words: (its step, its notation) to the label the turn menu showed."""


def review_lines(result: Mapping[str, Any], locale: str, names: Mapping[int, str], players: int,
                 describe: Describe) -> tuple[list[str], list[int]]:
    """The costly moves (the viewer's, with the AI's pick) and the other seats' biggest drops as lines, and
    the steps they name in order (the chart's numbers and the buttons)."""
    viewer = result["viewer"]
    lines: list[str] = []
    steps: list[int] = []
    if viewer is not None:
        lines.append(tr("review.yours", locale))
        for decision in costly(result):
            steps.append(decision["step"])
            lines.append(tr("review.costly_line", locale, number=len(steps), step=decision["step"],
                            played=clip(describe(decision["step"], decision["played"]), 80), after=percent(decision["after"]),
                            best=clip(describe(decision["step"], decision["best"]), 80), chance=percent(decision["best_chance"]),
                            cost=round(decision["cost"] * 100)))
        if not steps:
            lines.append(tr("review.none", locale))
    for seat in range(players):
        if seat == viewer:
            continue
        found = drops(result, seat)
        if not found:
            continue
        parts = []
        for entry in found:
            steps.append(entry["step"])
            parts.append(tr("review.drop_part", locale, number=len(steps), step=entry["step"], cost=round(entry["cost"] * 100)))
        lines.append(tr("review.drops_line", locale, name=names[seat], drops=", ".join(parts)))
    return lines, steps


def jump_view(record: GameRecord, steps: list[int], locale: str, web: str | None) -> discord.ui.View:
    """A button per listed move opening `/game replay` at the position it was chosen from, and with a web
    address the same position on the web replay."""
    view = Layout()
    for number, step in enumerate(steps, start=1):
        if len(view.children) >= BUTTONS:
            break
        label = tr("review.jump", locale, number=number, step=step)
        view.add_item(discord.ui.Button(label=label, custom_id=ids.replay_step(record.id, step - 1, "o"),
                                        style=discord.ButtonStyle.secondary))
        if web is not None and len(view.children) < BUTTONS:
            view.add_item(discord.ui.Button(label=f"🌐 {number}", url=f"{web}/replay?step={step - 1}"))
    return view


async def open_review(interaction: discord.Interaction, game_id: int | None) -> None:
    record = await chosen_game(interaction, game_id)
    if record.status != "finished":
        raise GameError(text("review.not_finished"))
    if record.seed is None:
        raise GameError(text("history.unavailable"))
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    viewer = record.seat_of(interaction.user.id)
    log = [(entry.seat, entry.action) for entry in await bot.store.actions(record.id) if entry.seq <= record.version]
    result = await reviews.review_of(bot.store, bot.ai, record, log, viewer)
    raw = await announce.seat_names(bot, record)
    names = announce.text_names(raw)
    players = len(record.players)
    past = await history.history_of(bot.store, record)

    def describe(step: int, notation: str) -> str:
        """The viewer's own choice at the position before `step`, as its menu label (else its notation)."""
        for action in past.match_at(step - 1).legal_actions(viewer if viewer is not None else 0):
            if action.notation == notation:
                return action.label(locale, names)
        return notation

    lines, steps = review_lines(result, locale, names, players, describe)
    game = game_of(record).name.get(locale)
    title = tr("review.title", locale, game=game, id=record.id)
    caption = tr("review.caption_public" if viewer is None else "review.caption_seat", locale)
    marks = steps[:len(costly(result))] if viewer is not None else ()
    lane = record.guild_id if record.guild_id is not None else ("dm", record.host_id)
    (data,) = await pictures.render_job(lane, encoded_pages, review_chart, title, caption,
                                        [raw[seat] for seat in range(players)], result["curve"], marks)
    file = discord.File(io.BytesIO(data), filename=f"review-{record.id}.{IMAGE_SUFFIX}")
    header = tr("review.header_seat" if viewer is not None else "review.header_public", locale,
                title=title, iterations=result["iterations"])
    content = clip("\n".join([header, *lines]))
    await late_answer(interaction, content=content, file=file, view=jump_view(record, steps, locale, live_links(bot).game_url(record.id)),
                      allowed_mentions=discord.AllowedMentions.none())
