"""The one kind of `discord.ui.View` this bot sends: a layout of buttons and selects, never a listener."""

from __future__ import annotations

import discord


class Layout(discord.ui.View):
    """Components to send, whose clicks the `DynamicItem` handlers registered at start-up answer by
    custom id (`turn_ui`, `lobby_ui`, …), on any message, after any restart.

    Why `is_finished` is always true: discord.py keeps every unfinished view it sends, per message, for
    the life of the process (a `timeout=None` view never finishes), so every board, picker and lobby the
    bot ever posted stayed in memory with its items, and every full garbage collection walked them all.
    A finished view is still sent whole; discord.py just does not keep it, and nothing needs it kept.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True
