"""The `/game` command group, shared by the command mixins of the game cog (one group, several files)."""

from __future__ import annotations

from discord import app_commands

from discord_ui.translator import ls

GAME = app_commands.Group(name="game", description=ls("Play tabletop games", "ボードゲームで遊ぶ"), guild_only=False)
