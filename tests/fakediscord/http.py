"""Decoding what discord.py puts on the wire, and Discord's JSON error responses.

discord.py's HTTPClient and webhook adapter call `session.request(method, url, data=..., params=...)`
with the URL already formatted: the fake matches the path against the route templates it models
(literal segments such as `@me` / `@original` win over placeholders). The body is a JSON string, or an
aiohttp FormData whose "payload_json" part holds the JSON and whose "files[i]" parts hold the uploads.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping
from urllib.parse import parse_qsl, urlsplit

API_BASE = "/api/v10"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Request:
    """One outgoing call, decoded: route template, path parameters, JSON body, uploads, query."""

    method: str
    template: str
    args: dict[str, str]
    body: Any
    uploads: dict[int, Upload]
    query: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    form: bool = False
    """Whether the body came as a form (OAuth2's token endpoint), not as JSON."""

    @property
    def path(self) -> str:
        return self.template.format_map(self.args)

    def int_arg(self, name: str) -> int:
        return int(self.args[name])


class Router:
    """Path → (template, path parameters) for the route templates the fake models."""

    def __init__(self, templates: Iterable[str]) -> None:
        ordered = sorted(set(templates), key=lambda t: (len(_PLACEHOLDER.findall(t)), t))
        self._patterns = [(t, re.compile("^" + _PLACEHOLDER.sub(r"(?P<\1>[^/]+)", _escaped(t)) + "$")) for t in ordered]

    def match(self, path: str) -> tuple[str, dict[str, str]]:
        """The template and its arguments; an unmodelled path is its own template (the handler refuses it)."""
        for template, pattern in self._patterns:
            found = pattern.match(path)
            if found:
                return template, found.groupdict()
        return path, {}


def _escaped(template: str) -> str:
    """The template as a literal regex, its {placeholders} left as they are."""
    return re.escape(template).replace(r"\{", "{").replace(r"\}", "}")


def split_url(url: str) -> tuple[str, dict[str, str]]:
    """The API path (without the /api/v10 prefix) and the query string of a request URL."""
    parts = urlsplit(str(url))
    path = parts.path[len(API_BASE):] if parts.path.startswith(API_BASE) else parts.path
    return path, dict(parse_qsl(parts.query))


def decode(method: str, template: str, args: dict[str, str], *, data: Any, params: Mapping[str, Any] | None,
           query: Mapping[str, Any], headers: Mapping[str, str] | None = None) -> Request:
    """A Request from the body discord.py (or the live board's OAuth2 client) sent (bytes are read now:
    discord.py closes files afterwards). A mapping is a form, as aiohttp sends `data={...}`."""
    body: Any = None
    uploads: dict[int, Upload] = {}
    if isinstance(data, Mapping):
        merged = dict(query) | dict(params or {})
        return Request(method, template, dict(args), {str(k): str(v) for k, v in data.items()}, uploads, merged,
                       dict(headers or {}), form=True)
    if isinstance(data, (str, bytes)):
        body = json.loads(data)
    elif data is not None:  # aiohttp.FormData: (type options, headers, value) per part
        for options, _headers, value in data._fields:  # noqa: SLF001
            name = options["name"]
            if name == "payload_json":
                body = json.loads(value)
            elif name.startswith("files["):
                content = value.read() if hasattr(value, "read") else bytes(value)
                uploads[int(name[len("files["):-1])] = Upload(options.get("filename") or "file", content)
    merged = dict(query) | dict(params or {})
    return Request(method, template, dict(args), body, uploads, merged, dict(headers or {}))


class DiscordError(Exception):
    """An error response the fake answers with (status, Discord's JSON error code and message);
    discord.py turns it into Forbidden / NotFound / HTTPException itself, as it does for real Discord."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class UnsupportedEndpoint(NotImplementedError):
    """The bot called an endpoint the fake does not model: fail loudly rather than return junk."""
