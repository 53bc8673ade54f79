"""Whether a person may watch a game they do not play: membership of the game's server, the bot's answer
(`discord_ui.membership`: the member cache, else Discord asked with the bot's token, remembered briefly, so
a page and its live channel do not ask at every request, and someone who left or was removed stops seeing
the server's games within a minute)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot


class MembershipUnknown(Exception):
    """Discord could not say (unreachable, or an unexpected answer): the request is refused for now."""


class Members:
    """Spectators' membership, as the bot answers it."""

    def __init__(self, bot: "TabletopBot") -> None:
        self.bot = bot

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """A member may watch; someone who left, or a server the bot is no longer in, may not."""
        answer = await self.bot.membership.answer(guild_id, user_id)
        if answer is None:
            raise MembershipUnknown()
        return answer == "member"
