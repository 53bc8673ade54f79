"""Where a message's Open live board buttons lead: the bot's Activity in that channel (when Activities are
enabled) and the board's page in any browser (when PUBLIC_URL is given and sign-in is set up), decided once
from the configuration; and which game a player last opened the Activity for from a DM. A player's own turn
DM links with a sign-in link instead (`signin_url`).

The layouts themselves are built in `discord_ui.views`, the click in `discord_ui.live_ui`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.runtime.cache import BoundedCache
from tabletop.runtime.config import Config
from tabletop.delivery.signin_links import issue, link_url

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

HINT_SECONDS = 600.0
"""How long a click on Open live board in a DM says which game the Activity it launches should show."""
HINTS = 10_000


@dataclass(frozen=True, slots=True)
class LiveLinks:
    """`public_url`: the board's address for links (None: no link); `activity`: the button launches it."""

    public_url: str | None
    activity: bool

    @classmethod
    def of(cls, config: Config) -> LiveLinks:
        return cls(config.public_url if config.board_links else None, config.activity_ready)

    @property
    def shown(self) -> bool:
        """Whether messages carry any Open live board button (and pickers keep a row for it)."""
        return self.activity or self.public_url is not None

    def game_url(self, game_id: int) -> str | None:
        return f"{self.public_url}/games/{game_id}" if self.public_url is not None else None


def live_links(bot: "TabletopBot") -> LiveLinks:
    return LiveLinks.of(bot.config)


def signin_url(bot: "TabletopBot", user_id: int, game_id: int) -> str | None:
    """For a player's own turn DM: the board's link that signs them in on the way (tabletop.delivery.signin_links),
    or None when the board is not linked at all."""
    links, secret = live_links(bot), bot.config.discord_client_secret
    if links.public_url is None or not secret:
        return None
    return link_url(links.public_url, issue(secret, user_id, game_id, bot.service.now()))


class LaunchHints:
    """The game each player last launched the Activity for, kept briefly in this process.

    Why: an Activity launched from a turn DM opens in the DM channel, which names no game; the page asks
    `GET /api/activity/game` and gets this game when the click was recent, else the player's game that
    waited for them most recently (the usual case anyway). Another process serving the page just falls
    back to the latter."""

    def __init__(self) -> None:
        self._launched: BoundedCache[int, tuple[int, float]] = BoundedCache(HINTS)

    def remember(self, user_id: int, game_id: int, now: float) -> None:
        self._launched[user_id] = (game_id, now)

    def recent(self, user_id: int, now: float) -> int | None:
        found = self._launched.get(user_id)
        return found[0] if found is not None and 0 <= now - found[1] <= HINT_SECONDS else None
