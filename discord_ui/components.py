"""Every persistent component handler, registered on the bot at start so old buttons keep working."""

from __future__ import annotations

from discord_ui import ai_ui, hint_ui, history_ui, live_ui, lobby_ui, rematch, takeback_ui, tips, turn_ui, votes

DYNAMIC_ITEMS = (*lobby_ui.DYNAMIC_ITEMS, *turn_ui.DYNAMIC_ITEMS, *history_ui.DYNAMIC_ITEMS, *votes.DYNAMIC_ITEMS,
                 *takeback_ui.DYNAMIC_ITEMS, *rematch.DYNAMIC_ITEMS, *ai_ui.DYNAMIC_ITEMS, *live_ui.DYNAMIC_ITEMS,
                 *tips.DYNAMIC_ITEMS, *hint_ui.DYNAMIC_ITEMS)
