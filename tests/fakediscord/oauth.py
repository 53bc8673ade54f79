"""Discord's OAuth2, as far as the live board uses it: a person approves the application (`authorize`, or
`approve` for a browser sent to Discord's authorize URL), the app exchanges the code at
`POST /oauth2/token` with its client id and secret, and reads `GET /users/@me` with the bearer token.

Answered as Discord answers (RFC 6749 errors: 401 `invalid_client`, 400 `invalid_grant` for a code that is
unknown, expired, already used or issued for another redirect URI, 400 `unsupported_grant_type`); codes
are single-use and last 10 minutes, and a code used twice also revokes the token it gave (RFC 6749 §4.1.2).
The token endpoint takes a form, not JSON, and Discord's API description does not list it, so the fake
checks its fields itself, as strictly as schema.py checks the rest (schema.UNDESCRIBED).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from .http import Request
from .payloads import user_json
from .records import FakeUser, RejectedRequest

if TYPE_CHECKING:
    from .world import FakeDiscord

CLIENT_SECRET = "fakediscord.client.secret"
CODE_SECONDS = 600.0
TOKEN_SECONDS = 604_800.0
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"
TOKEN_FIELDS = {"grant_type", "code", "redirect_uri", "client_id", "client_secret"}
REQUIRED_FIELDS = {"grant_type", "code", "client_id", "client_secret"}


class OAuthError(Exception):
    """An OAuth2 error response: its status and JSON body (not Discord's usual {code, message} form)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body}")
        self.status = status
        self.body = body


@dataclass
class Grant:
    user_id: int
    redirect_uri: str | None
    scopes: tuple[str, ...]
    expires_at: float
    used: bool = False
    token: str | None = None


@dataclass(frozen=True)
class AccessToken:
    user_id: int
    scopes: tuple[str, ...]
    expires_at: float


class OAuth2:
    """The world's OAuth2 server: the application is the bot's (client id = the bot's id)."""

    def __init__(self, world: FakeDiscord) -> None:
        self.world = world
        self.client_secret = CLIENT_SECRET
        self.redirect_uris: set[str] = set()
        """The redirects registered in the developer portal: `approve` refuses any other."""
        self._codes: dict[str, Grant] = {}
        self._tokens: dict[str, AccessToken] = {}

    @property
    def client_id(self) -> int:
        return self.world.bot_user.id

    def authorize(self, user: FakeUser | int, *, redirect_uri: str | None = None, scopes: tuple[str, ...] = ("identify",)) -> str:
        """`user` approves the application: the code Discord hands back (to `redirect_uri`, or to the Embedded
        App SDK's `authorize()` when None)."""
        code = secrets.token_hex(15)
        self._codes[code] = Grant(self.world.user(user).id, redirect_uri, scopes, self.world.now() + CODE_SECONDS)
        return code

    def approve(self, user: FakeUser | int, authorize_url: str) -> str:
        """A browser sent to Discord's authorize URL, `user` approving: the URL Discord sends it back to
        (the redirect with `code` and `state`). AssertionError for a URL Discord would refuse."""
        parts = urlsplit(authorize_url)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == AUTHORIZE_URL, authorize_url
        query = {name: values[0] for name, values in parse_qs(parts.query).items()}
        assert query.get("client_id") == str(self.client_id), query
        assert query.get("response_type") == "code", query
        assert query.get("redirect_uri") in self.redirect_uris, (query, self.redirect_uris)
        scopes = tuple(query.get("scope", "").split())
        assert scopes and set(scopes) <= {"identify", "guilds", "guilds.members.read", "rpc.activities.write"}, query
        code = self.authorize(user, redirect_uri=query["redirect_uri"], scopes=scopes)
        back = {"code": code} | ({"state": query["state"]} if "state" in query else {})
        return f"{query['redirect_uri']}?{urlencode(back)}"

    def deny(self, authorize_url: str) -> str:
        """The person clicks Cancel at Discord: the redirect carries `error=access_denied`."""
        query = {name: values[0] for name, values in parse_qs(urlsplit(authorize_url).query).items()}
        back = {"error": "access_denied", "error_description": "The resource owner or authorization server denied the request"}
        return f"{query['redirect_uri']}?{urlencode(back | ({'state': query['state']} if 'state' in query else {}))}"

    # ------------------------------------------------------------------ endpoints

    def token(self, req: Request) -> Any:
        form = req.body if isinstance(req.body, dict) else {}
        unknown, missing = set(form) - TOKEN_FIELDS, REQUIRED_FIELDS - set(form)
        if unknown or missing or not req.form:
            problem = f"POST /oauth2/token: a form with {sorted(REQUIRED_FIELDS)} (and redirect_uri) expected; " \
                      f"unknown {sorted(unknown)}, missing {sorted(missing)}, form {req.form}"
            self.world._error("schema", problem)
            raise self._refuse(req, 400, "invalid_request", problem)
        if form["client_id"] != str(self.client_id) or form["client_secret"] != self.client_secret:
            raise self._refuse(req, 401, "invalid_client", None)
        if form["grant_type"] != "authorization_code":
            raise self._refuse(req, 400, "unsupported_grant_type", None)
        grant = self._codes.get(form["code"])
        if grant is None or grant.expires_at <= self.world.now():
            raise self._refuse(req, 400, "invalid_grant", 'Invalid "code" in request.')
        if grant.used:
            if grant.token is not None:
                self._tokens.pop(grant.token, None)
            raise self._refuse(req, 400, "invalid_grant", 'Invalid "code" in request.')
        grant.used = True
        if form.get("redirect_uri") != grant.redirect_uri:
            raise self._refuse(req, 400, "invalid_grant", 'Invalid "redirect_uri" in request.')
        token = secrets.token_hex(15)
        grant.token = token
        self._tokens[token] = AccessToken(grant.user_id, grant.scopes, self.world.now() + TOKEN_SECONDS)
        return {"access_token": token, "token_type": "Bearer", "expires_in": int(TOKEN_SECONDS),
                "refresh_token": secrets.token_hex(15), "scope": " ".join(grant.scopes)}

    def me(self, req: Request) -> Any:
        """`GET /users/@me` with a bearer token: its user (the `identify` scope)."""
        token = self._tokens.get(req.headers.get("Authorization", "").removeprefix("Bearer ").strip())
        if token is None or token.expires_at <= self.world.now() or "identify" not in token.scopes:
            raise self.world.reject(req.method, req.path, 401, 0, "401: Unauthorized")
        return user_json(self.world.users[token.user_id]) | {"locale": self.world.users[token.user_id].locale,
                                                             "mfa_enabled": False}

    def _refuse(self, req: Request, status: int, error: str, description: str | None) -> OAuthError:
        self.world.rejected.append(RejectedRequest(req.method, req.path, status, 0, {"error": error}))
        return OAuthError(status, {"error": error} | ({"error_description": description} if description else {}))
