"""Signed sign-in links: a player's own turn DM opens the live board in their phone's browser already signed
in, without the OAuth round trip (which on a phone often lands on Discord's web login, password and all).

A link is `PUBLIC_URL/auth/link/<token>`, the token `user.game.expires.nonce.mac`: the MAC is an HMAC-SHA256
(128 bits kept) over the rest, keyed by a key derived from DISCORD_CLIENT_SECRET (so every process of the
bot agrees, and resetting the secret voids every link out there). It is bound to one user and one game,
lasts `LINK_SECONDS`, and is spent at its first use (web/signin_link.py keeps the nonce). Opening it only
shows a "Continue as …" page (Discord's and other apps' link previews fetch what they are shown); the
button on that page, a POST from this site, signs in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

LINK_SECONDS = 30 * 60
"""How long a link lasts: a turn notification is usually tapped within minutes; later, the page says the
link has expired and offers the usual sign-in, which leads to the same board."""
PATH = "/auth/link/"
MAC_BYTES = 16
KEY_LABEL = b"tabletop sign-in link"
MAX_TOKEN = 120


@dataclass(frozen=True, slots=True)
class SignInLink:
    user_id: int
    game_id: int
    expires_at: int
    nonce: str


def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), KEY_LABEL, hashlib.sha256).digest()


def _mac(secret: str, payload: str) -> str:
    digest = hmac.new(_key(secret), payload.encode(), hashlib.sha256).digest()[:MAC_BYTES]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def issue(secret: str, user_id: int, game_id: int, now: float) -> str:
    """A new token for `user_id` to open `game_id`, valid `LINK_SECONDS` from `now`."""
    payload = f"{user_id}.{game_id}.{int(now) + LINK_SECONDS}.{secrets.token_urlsafe(12)}"
    return f"{payload}.{_mac(secret, payload)}"


def link_url(public_url: str, token: str) -> str:
    return f"{public_url}{PATH}{token}"


def signed(secret: str, token: str) -> SignInLink | None:
    """What a token says, when this server signed it (expired or not: `expired` tells); None otherwise."""
    parts = token.split(".") if len(token) <= MAX_TOKEN and token.isascii() else []
    if len(parts) != 5 or not all(part.isdigit() and len(part) <= 20 for part in parts[:3]):
        return None
    payload, mac = token.rpartition(".")[0], parts[4]
    if not hmac.compare_digest(_mac(secret, payload).encode(), mac.encode()):
        return None
    return SignInLink(int(parts[0]), int(parts[1]), int(parts[2]), parts[3])


def expired(link: SignInLink, now: float) -> bool:
    return now >= link.expires_at


def spent_marker(link: SignInLink) -> str:
    """The key under which a used link's nonce is kept: in the sessions table, as a hash no session token
    can have (tokens are 43 base64 characters; this preimage has a space)."""
    return hashlib.sha256(f"sign-in link {link.nonce}".encode()).hexdigest()
