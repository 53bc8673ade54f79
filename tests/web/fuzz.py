"""Hostile input against the live board's HTTP API and live channel, on loopback, over a bot playing one
game of every registered game in the e2e tests' simulated server (its fake Discord's OAuth2 as sign-in).

Every route the application has (read from its router, so a page added later is covered without edits) is
asked with bad ids, forged and missing sessions, oversized bodies and bad JSON, wrong methods, path tricks,
cookie requests without CSRF, stale decisions and random paths in the scene's choice trees; the live
channel gets forged sessions, garbage frames and floods. Each answer must be a short JSON refusal or a
valid response (JSON, an image, a page, a redirect within the site or to Discord's sign-in) — a link a
person opens in a browser may refuse with a short page instead — never a 500,
and a refused request must leave the stored games byte-for-byte unchanged; the application logs no error.

Shared by `tests/web/test_fuzz.py` (a short run in `make test`) and `python -m bench fuzz` (a long one).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import time
from collections import Counter
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable
from urllib.parse import quote

import aiohttp
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from engine import registry
from tabletop.runtime.config import Config
from tests.e2e.driver import Table
from tests.fuzz import PLAYERS, STRANGER, WEIRD, noise, snapshot
from web import keys
from web.app import MAX_BODY, make_app
from web.discord_api import DiscordUser
from web.live import MAX_SOCKETS
from web.ratelimit import Rate, RateLimits
from web.security import CSRF_HEADER, csrf_token
from web.services import Services
from web.sessions import COOKIE, open_session

LOCAL_URL = "http://127.0.0.1:8080"
MAX_REFUSAL = 1000
"""Characters a refusal's body may have: a code and one sentence."""
MAX_PAGE_REFUSAL = 4000
"""Bytes of a refusal written as a page, for a link a person opens in a browser (a sign-in link from a DM)."""
REFUSALS = frozenset({400, 401, 403, 404, 405, 409, 413, 429})
"""Statuses a hostile request may get."""
UNAVAILABLE = frozenset({502, 503})
"""Statuses that say a part is missing or down, not that the request was wrong (a page whose client bundle
is not built answers 503): acceptable as short JSON refusals, never a 500."""
LOGGERS = ("tabletop", "aiohttp")
BAD_IDS = ["0", "-1", "00", "1e3", "9" * 30, "２", "٣", " 1", "1 ", "%00", "..", ".", "%2e%2e", "%2F", "1;2", "0x10",
           "99999999999", "18446744073709551617", "NaN", "null", "[]", "{}", "'", "%27%20OR%201%3D1"]
PATH_TRICKS = ["/api/games/{id}/../../../etc/passwd", "/api/games/{id}/%2e%2e/%2e%2e/healthz", "//api/games/{id}",
               "/api/./games/{id}", "/api/games/{id}/", "/api/games/{id}//replay", "/api/games/{id}/replay/0.webp/..",
               "/api/games/{id}%00", "/API/GAMES/{id}", "/api/games/{id}/board/0.webp%3F", "/api/games/{id}/private/0/0.webp/x",
               "/static/../web/app.py", "/auth/login?next=//evil.example", "/auth/login?next=https://evil.example",
               "/auth/login?next=/%5Cevil.example", "/auth/callback?code=x&state=y", "/auth/callback?error=access_denied",
               "/.env", "/api", "/api/games", "/api/leagues/", "/games/{id}/../../.env"]
RAW = "/%?&=;:@!$'()*+,~.-_"
"""What a path keeps as it is when sent (the rest is percent-encoded): its tricks reach the server intact."""
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]


@dataclass
class WebFuzzReport:
    requests: int = 0
    sockets: int = 0
    refused: int = 0
    accepted_moves: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 200:
            self.problems.append(text)


class ErrorLog(logging.Handler):
    """Every error the application logs while the fuzz runs (a handled refusal logs none)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()}")


@dataclass
class Target:
    """The application under attack, its sessions and the games it serves."""

    table: Table
    client: TestClient
    games: list[int]
    bearer: dict[int, str]
    cookie: str
    cookie_name: str
    csrf: str
    rng: random.Random
    report: WebFuzzReport
    templates: list[str]

    def auth(self, user: int | None) -> dict[str, str]:
        return {} if user is None else {"Authorization": f"Bearer {self.bearer[user]}"}

    def forged_auth(self) -> dict[str, str]:
        rng = self.rng
        token = rng.choice([self.bearer[PLAYERS[0]][:-1] + "A", "x" * 43, "", " ", "a" * 5000, noise(rng)[:60],
                            self.bearer[PLAYERS[0]] + "=", "Bearer", "null"])
        return rng.choice([{"Authorization": f"Bearer {token}"}, {"Authorization": token},
                           {"Authorization": f"Basic {token}"}, {"Cookie": f"{self.cookie_name}={quote(token)}"},
                           {"Cookie": f"{self.cookie_name}={self.cookie}; {self.cookie_name}=x"}])

    def some_id(self) -> str:
        rng = self.rng
        if rng.random() < 0.6:
            return str(rng.choice(self.games))
        return rng.choice(BAD_IDS) if rng.random() < 0.7 else quote(noise(rng)[:30], safe="")

    def fill(self, template: str) -> str:
        """A route's path with each placeholder given an id, a small number or noise."""
        def value(found: re.Match[str]) -> str:
            name = found.group(1)
            if name == "id":
                return self.some_id()
            choice = self.rng.random()
            if choice < 0.6:
                return str(self.rng.randint(0, 40))
            return self.rng.choice(BAD_IDS) if choice < 0.85 else quote(noise(self.rng)[:20], safe="")
        return re.sub(r"\{([a-z_]+)(?::[^}]*)?\}", value, template)


async def check(target: Target, label: str, response: aiohttp.ClientResponse, body: bytes) -> bool:
    """Whether the answer is acceptable; a problem is reported otherwise. True for a refusal."""
    report = target.report
    report.requests += 1
    report.statuses[response.status] += 1
    status = response.status
    if status >= 500 and status not in UNAVAILABLE:
        report.problem(f"{label}: {status} {body[:120]!r}")
        return True
    if status >= 400:
        if status not in REFUSALS | UNAVAILABLE:
            report.problem(f"{label}: unexpected status {status}")
        if response.method != "HEAD" and response.content_type == "text/html":
            if len(body) > MAX_PAGE_REFUSAL or b"Traceback" in body:  # a page a person opens: its refusal is a page
                report.problem(f"{label}: {status} is not a short page: {body[:120]!r}")
        elif response.method != "HEAD":
            try:
                sent = json.loads(body)
                ok = response.content_type == "application/json" and set(sent) == {"error", "message"} \
                    and isinstance(sent["message"], str) and 0 < len(sent["message"])
            except (ValueError, TypeError):
                ok = False
            if not ok or len(body) > MAX_REFUSAL:
                report.problem(f"{label}: {status} is not a short JSON refusal: {body[:120]!r}")
        report.refused += 1
        return True
    if 300 <= status < 400:
        where = response.headers.get("Location", "")
        if not (where.startswith("/") and not where.startswith("//") or where.startswith(LOCAL_URL + "/")
                or where.startswith("https://discord.com/")):
            report.problem(f"{label}: a redirect off the site: {where[:120]}")
        return False
    kind = response.content_type
    if kind == "application/json" and response.method != "HEAD":
        try:
            json.loads(body)
        except ValueError:
            report.problem(f"{label}: invalid JSON in a {status}")
    elif kind == "image/webp" and response.method != "HEAD" and not body.startswith(b"RIFF"):
        report.problem(f"{label}: not a picture")
    elif kind not in ("application/json", "image/webp", "text/html", "text/javascript", "application/javascript",
                      "text/css", "image/svg+xml", "image/png", "text/plain", "application/manifest+json"):
        report.problem(f"{label}: {status} of type {kind}")
    return False


async def send(target: Target, label: str, method: str, path: str, *, changes: bool = False,
               **kwargs: Any) -> tuple[int, bytes]:
    """One request; a refused one must change nothing stored (`changes`: the request may change games when
    accepted, a move)."""
    before = snapshot(target.table.db_path)
    url = URL(str(target.client.make_url("/")).rstrip("/") + quote(path, safe=RAW), encoded=True)  # sent as written
    try:
        async with target.client.session.request(method, url, allow_redirects=False, **kwargs) as response:
            body = await response.read()
            refused = await check(target, f"{label} {method} {path[:80]}", response, body)
            status = response.status
    except (aiohttp.ClientError, asyncio.TimeoutError, ValueError) as error:
        target.report.problem(f"{label} {method} {path[:80]}: the connection failed: {error!r}")
        return 0, b""
    if (refused or not changes) and snapshot(target.table.db_path) != before:
        target.report.problem(f"{label} {method} {path[:80]}: {status} changed the database")
    return status, body


# ---- the attacks -----------------------------------------------------------------------------------------


async def spared(target: Target, path: str, headers: dict[str, str]) -> dict[str, str]:
    """The headers, with a throwaway session in place of a genuine one where the path signs out: the fuzz's
    own sessions must last the run."""
    if not path.startswith("/auth/logout") or headers.get("Authorization", "").removeprefix("Bearer ") \
            not in target.bearer.values():
        return headers
    token, _ = await open_session(target.client.app, DiscordUser(PLAYERS[0], "throwaway"), "activity")
    return headers | {"Authorization": f"Bearer {token}"}


async def random_route(target: Target) -> None:
    """Any route of the application with random placeholders, by a player, a stranger, a forger or nobody."""
    rng = target.rng
    path = target.fill(rng.choice(target.templates))
    who = rng.choice(["player", "stranger", "forged", "nobody"])
    headers = target.auth(rng.choice(PLAYERS)) if who == "player" else target.auth(STRANGER) if who == "stranger" \
        else target.forged_auth() if who == "forged" else {}
    query = {"lang": rng.choice(["ja", "en", "xx", noise(rng)[:10]])} if rng.random() < 0.3 else {}
    method = "GET" if rng.random() < 0.7 else rng.choice(METHODS)
    if method not in ("GET", "HEAD", "OPTIONS"):
        headers = headers | {"Origin": LOCAL_URL}
    await send(target, "route", method, path, headers=await spared(target, path, headers), params=query)


async def path_trick(target: Target) -> None:
    path = target.rng.choice(PATH_TRICKS).replace("{id}", str(target.rng.choice(target.games)))
    await send(target, "trick", "GET", path, headers=target.auth(target.rng.choice([*PLAYERS, STRANGER])))


async def wrong_method(target: Target) -> None:
    rng = target.rng
    path = target.fill(rng.choice(target.templates))
    method = rng.choice(["PUT", "DELETE", "PATCH", "TRACE", "POST", "GET"])
    headers = await spared(target, path, target.auth(PLAYERS[0]) | {"Origin": LOCAL_URL})
    await send(target, "method", method, path, headers=headers, data=b"{}")


def bad_body(rng: random.Random) -> bytes:
    return rng.choice([
        b"", b"{", b"null", b"[]", b"\"x\"", b"1", b"{\"decision\": \"1\", \"path\": []}", b"\xff\xfe\x00",
        b"{\"decision\": 1, \"path\": [0], \"notation\": \"x\"}", b"{\"decision\": 1}", b"{\"decision\": -1, \"path\": []}",
        b"{\"decision\": 1e400, \"path\": []}", b"{\"decision\": 1, \"path\": [-1]}", b"{\"decision\": 1, \"path\": [1e9]}",
        b"{\"decision\": true, \"path\": []}", b"{\"decision\": 1, \"notation\": \"\"}", b"[" * 5000 + b"]" * 5000,
        json.dumps({"decision": 1, "notation": "x" * 201}).encode(), json.dumps({"decision": 2**40, "path": [0]}).encode(),
        json.dumps({"decision": 1, "path": list(range(2000))}).encode(), b"{\"a\":" * 2500 + b"1" + b"}" * 2500,
        json.dumps({"decision": 1, "notation": rng.choice(WEIRD)}).encode(), b"x" * (MAX_BODY + 1 + rng.randint(0, 5000)),
    ])


async def bad_move(target: Target) -> None:
    """A move body that is not one: bad JSON, wrong types, too large."""
    rng = target.rng
    game = target.some_id()
    headers = target.auth(rng.choice([*PLAYERS, STRANGER])) | {"Content-Type": rng.choice(["application/json", "text/plain"])}
    await send(target, "bad move", "POST", f"/api/games/{game}/move", headers=headers, data=bad_body(rng))


async def scene(target: Target, game_id: int, user: int) -> dict[str, Any] | None:
    async with target.client.get(f"/api/games/{game_id}", headers=target.auth(user)) as response:
        return await response.json() if response.status == 200 else None


def random_path(rng: random.Random, nodes: list[dict[str, Any]]) -> list[int]:
    """A walk down a choice tree that may stop early, step off it, or reach a leaf (a legal move)."""
    path: list[int] = []
    while nodes:
        roll = rng.random()
        if roll < 0.08:
            return path  # an inner node: not a move
        if roll < 0.16:
            return path + [rng.choice([len(nodes), len(nodes) + rng.randint(0, 50), 999])]
        index = rng.randrange(len(nodes))
        path.append(index)
        nodes = nodes[index].get("children", [])
    return path + ([rng.randint(0, 3)] if rng.random() < 0.3 else [])


async def tree_move(target: Target) -> None:
    """A seat's own decision with a random path or notation, a stale or foreign decision id, or another
    seat's turn; a legal leaf is played (and must change the game)."""
    rng = target.rng
    game_id = rng.choice(target.games)
    record = await target.table.record(game_id)
    user = rng.choice(record.players) if rng.random() < 0.85 else STRANGER
    shown = await scene(target, game_id, user)
    decision = shown["you"]["decision"] if shown is not None and shown["you"] is not None else None
    decision_id = decision["id"] if decision else rng.randint(0, 5)
    roll = rng.random()
    if roll < 0.25:
        decision_id += rng.choice([-1, 1, 7, 2**20])  # stale or made up
    body: dict[str, Any] = {"decision": decision_id}
    if decision and rng.random() < 0.75:
        body["path"] = random_path(rng, decision["choices"])
    else:
        body["notation"] = rng.choice([*WEIRD[:-1], noise(rng)[:50] or "x", "!resign", "!forfeit", "!takeback"])
    status, _ = await send(target, "tree move", "POST", f"/api/games/{game_id}/move", changes=True,
                           headers=target.auth(user) | {"Content-Type": "application/json"}, data=json.dumps(body))
    if status == 200:
        target.report.accepted_moves += 1
        await target.table.world.settle()


async def cookie_without_csrf(target: Target) -> None:
    """A cookie session's change without the CSRF header, with a wrong one, or from another site."""
    rng = target.rng
    headers = {"Cookie": f"{target.cookie_name}={target.cookie}", "Content-Type": "application/json"}
    headers |= rng.choice([{}, {CSRF_HEADER: "0" * 64}, {CSRF_HEADER: target.csrf, "Origin": "https://evil.example"},
                           {CSRF_HEADER: target.csrf[:-1]}, {"Origin": LOCAL_URL}, {CSRF_HEADER: target.csrf, "Origin": "null"},
                           {CSRF_HEADER: target.csrf, "Referer": "https://evil.example/x"}])
    game_id = rng.choice(target.games)
    path = rng.choice([f"/api/games/{game_id}/move", "/auth/logout", "/auth/logout?everywhere=1"])
    status, _ = await send(target, "csrf", "POST", path, headers=headers, data=json.dumps({"decision": 0, "path": [0]}))
    if status not in (0, 403):
        target.report.problem(f"csrf: a cookie POST without a valid token and origin got {status}")


async def sign_in(target: Target) -> None:
    """Forged codes and states at the OAuth2 callback and the Activity's sign-in."""
    rng = target.rng
    if rng.random() < 0.5:
        code = rng.choice(["", "x", "a" * 5000, noise(rng)[:40] or "x", target.table.world.oauth.authorize(PLAYERS[0]) + "x"])
        await send(target, "activity", "POST", "/auth/activity", headers={"Content-Type": "application/json"},
                   data=rng.choice([json.dumps({"code": code}), json.dumps({"code": 5}), b"{", b"[]", json.dumps([code])]))
    else:
        query = rng.choice([{"code": noise(rng)[:40], "state": noise(rng)[:40]}, {"error": "access_denied"}, {},
                            {"code": "x" * 3000, "state": "y"}])
        await send(target, "callback", "GET", "/auth/callback", params=query,
                   headers=rng.choice([{}, {"Cookie": "tt_oauth_state=" + quote(noise(rng)[:40] or "x")}]))


async def socket_attack(target: Target) -> None:
    """The live channel: forged sessions and strangers are refused at the handshake; a genuine viewer's
    channel gets garbage, oversized frames and a flood, and stays correct or is closed cleanly."""
    rng = target.rng
    report = target.report
    report.sockets += 1
    game = target.some_id() if rng.random() < 0.3 else str(rng.choice(target.games))
    who = rng.choice(["player", "player", "stranger", "forged", "nobody", "cookie-elsewhere"])
    headers = target.auth(rng.choice(PLAYERS)) if who == "player" else target.auth(STRANGER) if who == "stranger" \
        else target.forged_auth() if who == "forged" else {} if who == "nobody" \
        else {"Cookie": f"{target.cookie_name}={target.cookie}", "Origin": "https://evil.example"}
    before = snapshot(target.table.db_path)
    try:
        socket = await target.client.ws_connect(f"/api/games/{game}/live", headers=headers)
    except aiohttp.WSServerHandshakeError as error:
        report.requests += 1
        report.statuses[error.status] += 1
        report.refused += 1
        if error.status not in REFUSALS:
            report.problem(f"socket {who} {game}: handshake refused with {error.status}")
        return
    except (aiohttp.ClientError, asyncio.TimeoutError) as error:
        report.problem(f"socket {who} {game}: {error!r}")
        return
    report.requests += 1
    report.statuses[101] += 1
    try:
        first = await socket.receive(timeout=5.0)
        if first.type != WSMsgType.TEXT or set(json.loads(first.data)) != {"version"}:
            report.problem(f"socket {who} {game}: first message {first.type} {str(first.data)[:80]}")
        if who not in ("player", "stranger"):  # a stranger of this world is a member of its server: a spectator
            report.problem(f"socket {who} {game}: opened without a valid session")
        for _ in range(rng.choice([1, 5, 50, 300])):
            kind = rng.random()
            if kind < 0.5:
                await socket.send_str(noise(rng)[:200] or "x")
            elif kind < 0.8:
                await socket.send_bytes(rng.randbytes(rng.randint(0, 300)))
            elif kind < 0.9:
                await socket.send_str(json.dumps({"decision": 1, "path": [0]}))
            else:
                await socket.send_bytes(b"x" * 4096)  # larger than a page ever sends: closed
                break
        await socket.ping()
        await asyncio.sleep(0)
    except (ConnectionResetError, aiohttp.ClientError, RuntimeError):
        pass  # the server closed a channel that broke its rules: what it should do
    finally:
        await socket.close()
    if socket.close_code is not None and socket.close_code >= 1011 and socket.close_code not in (4403,):
        report.problem(f"socket {who} {game}: closed with {socket.close_code}")
    if snapshot(target.table.db_path) != before:
        report.problem(f"socket {who} {game}: changed the database")


async def socket_crowd(target: Target) -> None:
    """More live channels at once than a session may hold: the extra ones are a 429, the others work."""
    report = target.report
    user = target.rng.choice(PLAYERS)
    game = target.rng.choice(target.games)
    opened: list[aiohttp.ClientWebSocketResponse] = []
    try:
        for _ in range(MAX_SOCKETS + 2):
            report.requests += 1
            try:
                opened.append(await target.client.ws_connect(f"/api/games/{game}/live", headers=target.auth(user)))
                report.statuses[101] += 1
            except aiohttp.WSServerHandshakeError as error:
                report.statuses[error.status] += 1
                report.refused += 1
                if error.status != 429:
                    report.problem(f"socket crowd: refused with {error.status}")
        if len(opened) != MAX_SOCKETS:
            report.problem(f"socket crowd: {len(opened)} channels open at once, not {MAX_SOCKETS}")
    finally:
        for socket in opened:
            await socket.close()


Attack = Callable[[Target], Awaitable[None]]
ATTACKS: list[tuple[Attack, int]] = [(random_route, 6), (path_trick, 2), (wrong_method, 2), (bad_move, 3), (tree_move, 5),
                                     (cookie_without_csrf, 2), (sign_in, 1), (socket_attack, 2),
                                     (socket_crowd, 1)]


# ---- the run ---------------------------------------------------------------------------------------------


def route_templates(client: TestClient) -> list[str]:
    """Every route's path template, from the application's own router."""
    found = set()
    for resource in client.app.router.resources():
        info = resource.get_info()
        found.add(info.get("formatter") or info.get("path") or (info.get("prefix", "") + "/{name}"))
    return sorted(found)


@asynccontextmanager
async def started(table: Table) -> AsyncIterator[TestClient]:
    """The application over the table's bot, with the fake Discord's OAuth2 and rate limits out of the way
    (they are tested on their own; here they would only turn hostile input into 429s)."""
    world = table.world
    config = Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO", public_url=LOCAL_URL,
                    discord_client_id=world.oauth.client_id, discord_client_secret=world.oauth.client_secret)
    world.oauth.redirect_uris.add(LOCAL_URL + "/auth/callback")
    services = Services.of_bot(table.bot, http_session=world.web_session, spawn=world.spawn)
    limits = RateLimits(per_session=Rate(1_000_000, 1000.0), per_address=Rate(1_000_000, 1000.0))
    client = TestClient(TestServer(make_app(services, config, limits=limits)), cookie_jar=aiohttp.DummyCookieJar())
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


async def fuzz_web(table: Table, rounds: int, rng: random.Random, seconds: float = 60.0) -> WebFuzzReport:
    """Start one game of every registered game, then send up to `rounds` hostile requests (or for at most
    `seconds`) at random; the report counts them and lists the problems found."""
    world = table.world
    games = []
    for game_type in registry.games():
        count = min(registry.get(game_type).player_counts)
        games.append(await table.start_game(PLAYERS[0], list(PLAYERS[1:count]), game_type))
    if STRANGER not in world.users:
        world.add_user(STRANGER, "stranger")
    errors = ErrorLog()
    for name in LOGGERS:
        logging.getLogger(name).addHandler(errors)
    report = WebFuzzReport()
    try:
        async with started(table) as client:
            bearer = {user: (await open_session(client.app, DiscordUser(user, str(user)), "activity"))[0]
                      for user in (*PLAYERS, STRANGER)}
            cookie, _ = await open_session(client.app, DiscordUser(PLAYERS[0], "cookie"), "browser")
            target = Target(table, client, games, bearer, cookie, client.app[keys.COOKIES].name(COOKIE), csrf_token(cookie),
                            rng, report, route_templates(client))
            attacks = [attack for attack, weight in ATTACKS for _ in range(weight)]
            deadline = time.monotonic() + seconds
            for _ in range(rounds):
                if time.monotonic() > deadline:
                    break
                await rng.choice(attacks)(target)
            async with client.get("/healthz") as response:
                if response.status != 200:
                    report.problem(f"healthz answers {response.status} after the fuzz")
            await world.settle()
    finally:
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(errors)
    report.problems += errors.records[:50]
    report.problems += [str(error) for error in world.take_errors()][:50]
    return report
