"""Slash-command choices built from a game's OptionSpecs, so a game's typed `/<game> new` never drifts
from the options its engine validates."""

from __future__ import annotations

from discord import app_commands

from engine import registry
from discord_ui.translator import ls


def option_choices(game_id: str, key: str) -> list[app_commands.Choice[str]]:
    spec = next(spec for spec in registry.get(game_id).options if spec.key == key)
    return [app_commands.Choice(name=ls(choice.label.en[:100], choice.label.ja[:100]), value=choice.key) for choice in spec.choices]


def player_choices(game_id: str) -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=ls(f"{count} players", f"{count}人"), value=count) for count in registry.get(game_id).player_counts]
