"""A player's sign-in link from their own turn DM (tabletop.delivery.signin_links): `GET /auth/link/{token}` shows a
small page, "Open <game> as <name>" with a Continue button; only that button's `POST /auth/link/{token}`
signs the browser in, so a link preview fetching the address (Discord's, a messenger's) spends nothing.

The POST must come from this site's own page (`Origin`, as for every cookie request: another site cannot
sign a browser in as someone else), the link must be this server's, unexpired, unused, for a player of its
game; it is then spent (its nonce kept until it would have expired anyway, under a hash in the sessions
table that no session token can have: one atomic insert, so two clicks at once cannot both win), a browser
session opens, and the browser goes on to the game. A browser already signed in as that person just goes
on; one signed in as somebody else is told to sign out first (a forwarded link must not switch accounts).
Pages rather than JSON: a person reads them.
"""

from __future__ import annotations

import html
import logging

from aiohttp import web

from storage.base import StoreError
from tabletop.presentation.i18n import tr
from tabletop.play.service import game_of
from tabletop.delivery.signin_links import PATH, SignInLink, expired, signed, spent_marker
from web import keys, sessions
from web.discord_api import DiscordUser
from web.errors import locale_of
from web.security import from_this_site

log = logging.getLogger("tabletop.web")
routes = web.RouteTableDef()
POLICY = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
"""No script, no style, nothing framed: a heading, a sentence and a button."""


def _page(request: web.Request, status: int, text: str, action: str | None = None, *, sign_in: str | None = None) -> web.Response:
    """The page: `text`, with a Continue button posting to `action`, or a sign-in link back to `sign_in`."""
    locale = locale_of(request)
    title = html.escape(tr("web.link_title", locale))
    parts = [f"<h1>{title}</h1>", f"<p>{html.escape(text)}</p>"]
    if action is not None:
        parts.append(f'<form method="post" action="{html.escape(action)}"><button type="submit">'
                     f'{html.escape(tr("web.link_button", locale))}</button></form>')
    if sign_in is not None:
        parts.append(f'<p><a href="/auth/login?next={html.escape(sign_in)}">{html.escape(tr("web.link_sign_in", locale))}</a></p>')
    body = (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">'
            f'<meta name="robots" content="noindex"><title>{title}</title></head>'
            f'<body><main id="signin-link">{"".join(parts)}</main></body></html>')
    return web.Response(status=status, text=body, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store", "Content-Security-Policy": POLICY})


def _game_path(link: SignInLink) -> str:
    return f"/games/{link.game_id}"


async def _checked(request: web.Request) -> tuple[SignInLink, str, str] | web.Response:
    """The link with its person's name and its game's name, or the page saying why it cannot be used (for
    the person it names, signed in already: on to the game, raised)."""
    locale = locale_of(request)
    config = request.app[keys.CONFIG]
    services = request.app[keys.SERVICES]
    link = signed(config.discord_client_secret or "", request.match_info["token"]) if config.discord_client_secret else None
    bot = services.bot
    if link is None or bot is None:
        return _page(request, 400, tr("web.link_invalid", locale), sign_in="/")
    current = sessions.viewer(request)
    if current is not None and current.user_id == link.user_id:
        raise web.HTTPSeeOther(_game_path(link))  # signed in already: nothing to spend
    if expired(link, services.now()):
        return _page(request, 410, tr("web.link_expired", locale), sign_in=_game_path(link))
    record = await services.store.get_game(link.game_id)
    if record is None or record.seat_of(link.user_id) is None:
        return _page(request, 403, tr("web.link_invalid", locale), sign_in="/")
    if await services.store.get_session(spent_marker(link), now=services.now()) is not None:
        return _page(request, 410, tr("web.link_used", locale), sign_in=_game_path(link))
    return link, await bot.display_name(link.user_id), f"{game_of(record).name.get(locale)} #{record.id}"


@routes.get(PATH + "{token}")
async def show(request: web.Request) -> web.Response:
    checked = await _checked(request)
    if isinstance(checked, web.Response):
        return checked
    link, name, game = checked
    locale = locale_of(request)
    text = tr("web.link_continue", locale, name=name, game=game) + " " + tr("web.link_not_you", locale, name=name)
    return _page(request, 200, text, request.path)


@routes.post(PATH + "{token}")
async def use(request: web.Request) -> web.StreamResponse:
    locale = locale_of(request)
    if not from_this_site(request, request.app[keys.CONFIG].public_url):
        return _page(request, 403, tr("web.link_invalid", locale), sign_in="/")
    checked = await _checked(request)
    if isinstance(checked, web.Response):
        return checked
    link, name, _ = checked
    services = request.app[keys.SERVICES]
    if sessions.viewer(request) is not None:
        return _page(request, 409, tr("web.link_other_user", locale))
    try:
        await services.store.create_session(spent_marker(link), user_id=0, name="sign-in link", kind="browser",
                                            now=services.now(), expires_at=link.expires_at)
    except StoreError:
        return _page(request, 410, tr("web.link_used", locale), sign_in=_game_path(link))
    token, record = await sessions.open_session(request.app, DiscordUser(link.user_id, name), "browser")
    response = web.HTTPSeeOther(_game_path(link), headers={"Cache-Control": "no-store"})
    request.app[keys.COOKIES].set(response, sessions.COOKIE, token, int(record.expires_at - record.created_at))
    log.info("user %d signed in on the live board (turn DM link, game %d)", link.user_id, link.game_id)
    raise response
