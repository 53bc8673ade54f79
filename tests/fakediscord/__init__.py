"""Offline Discord for end-to-end tests: the real discord.py 2.7 above a fake transport.

    async with FakeDiscord() as world:               # exiting fails on unasserted errors
        world.add_guild(1, "Guild")
        world.add_channel(1, 10, "games")            # can_create_threads=False → 403/50013
        alice = world.add_user(100, "alice", locale="ja")
        carol = world.add_user(102, "carol", dms_closed=True)   # DMs → 403/50007
        await world.attach(MyBot(...))               # login + setup_hook + READY; no gateway
        rec = await world.slash(alice, "game new", {"game": "ito"}, channel_id=10)
        board = world.message(rec.original_id)       # current version of the response
        await world.click(alice, board, label="Join")            # or custom_id
        await world.select(alice, picker, "pick", ["A"])
        choices = await world.autocomplete(alice, "game play", focused="action", options={"action": "b"})
        await world.attach(MyBot(...))               # restart: old DynamicItem buttons still route
        world.messages_in(10); world.dms_to(alice); world.ephemerals_for(alice); world.threads
        world.assert_no_errors()                     # or world.take_errors() when provoked

Every entry point settles: it returns once every task the bot started is done or waiting on a user
(view.wait, wait_for) or a timer — but not while a request is waiting out a rate limit. Every outgoing
payload and the command tree pass limits.py, and every request passes Discord's published API description
(schema.py: the request schemas, strict, with discord.py's known quirks allowed in one list). Discord's rate
limits apply (ratelimits.py): discord.py paces and retries itself; `FakeDiscord(rate_limit_scale=0.01)`
shortens the windows for tests, and `world.rate_limited` lists every 429 answered. Discord's invalid-request
limit applies too (invalid.py): `world.invalid` counts the 401, 403 and 429 answers (`total`, `in_window(now)`,
`responses`), and past `FakeDiscord(invalid_request_limit=...)` (10,000 per 10 minutes) Cloudflare bans the bot.

The application's OAuth2 (oauth.py) signs people in to the live board: `world.oauth.approve(user, url)` is a
browser's trip through Discord's authorize page, `world.oauth.authorize(user)` the Embedded App SDK's code;
the web's own HTTP client reaches `POST /oauth2/token` and `GET /users/@me` (bearer) over `world.web_session()`,
the same transport as the bot's.

The application's Activity (activities.py): `world.activities.enable()` turns Activities on (with the Entry
Point command Discord creates then); LAUNCH_ACTIVITY answers are refused without it and recorded in
`world.activities.launches` with it; a global command overwrite without the Entry Point command is refused
(50240), as Discord refuses it.

The world ages on `FakeDiscord(clock=...)` (epoch seconds; e2e tests share the bot's FakeClock): threads
archive when idle (threads.py: 50083, `ArchivedThread` for a command typed there), interaction tokens expire
after 15 minutes and hour-old messages take few edits (expiry.py: 10015, 30046).
"""

from .commands import AttachmentUpload
from .idle import SettleTimeout
from .records import (
    FakeChannel,
    FakeGuild,
    FakeUser,
    HarnessError,
    InteractionRecord,
    RecordedFile,
    RecordedMessage,
    RejectedRequest,
)
from .threads import ArchivedThread
from .world import FakeDiscord

__all__ = [
    "ArchivedThread",
    "AttachmentUpload",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeUser",
    "HarnessError",
    "InteractionRecord",
    "RecordedFile",
    "RecordedMessage",
    "RejectedRequest",
    "SettleTimeout",
]
