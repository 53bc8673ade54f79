"""The live board's web front end, as `cogs/` is the Discord one: an aiohttp application served by the bot
process (`web.app.make_app`, started by `bot.py` through `web.server`).

Modules, one job each: `app` (the factory and the route tables), `services` (what the web needs of the
bot), `server` (listening and stopping), `health` (/healthz), `auth` (sign-in with Discord: OAuth2 in a
browser, the Embedded App SDK's code in an Activity), `discord_api` (the OAuth2 calls to Discord),
`sessions` (server-side sessions and the current viewer), `security` (CSRF, cookie policy, safe
redirects), `ratelimit` (token buckets per session and per address), `errors` (short answers in the
viewer's language), `games` (a game's scene, pictures and moves, over `tabletop.presentation`), `live`
(the WebSocket that tells a page of each change, over `tabletop.delivery.live`), `members` (whether a spectator is
in the game's server). It may import `tabletop`, `storage` and `engine`; none of them imports it.
"""
