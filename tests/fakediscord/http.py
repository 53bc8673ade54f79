"""Decoding discord.py's outgoing requests and raising Discord's error responses.

discord.py builds a `Route` (method, path template, formatted url) and either a JSON body or a
multipart form whose "payload_json" part holds the JSON and "files[i]" parts hold the uploads.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import discord
from discord.http import Route

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

    @property
    def path(self) -> str:
        return self.template.format_map(self.args)

    def int_arg(self, name: str) -> int:
        return int(self.args[name])


def decode(route: Route, *, json_body: Any = None, form: Any = None, params: Any = None) -> Request:
    """Turn a discord.py Route plus body into a Request (bytes are read now: discord.py closes files)."""
    path = route.url[len(Route.BASE):].split("?", 1)[0]
    names = _PLACEHOLDER.findall(route.path)
    pattern = "^" + _PLACEHOLDER.sub(r"([^/]+)", re.escape(route.path).replace(r"\{", "{").replace(r"\}", "}")) + "$"
    match = re.match(pattern, path)
    args = dict(zip(names, match.groups())) if match else {}
    body = json_body
    uploads: dict[int, Upload] = {}
    for part in form or []:
        name = part["name"]
        if name == "payload_json":
            body = json.loads(part["value"])
        elif name.startswith("files["):
            value = part["value"]
            data = value.read() if hasattr(value, "read") else bytes(value)
            uploads[int(name[len("files["):-1])] = Upload(part.get("filename") or "file", data)
    return Request(route.method, route.path, args, body, uploads, dict(params or {}))


class _Response:
    """The two attributes discord.HTTPException reads from an aiohttp response."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"}


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    """The exception discord.py raises for that Discord JSON error response."""
    response = _Response(status, _REASONS.get(status, "Error"))
    data = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, data)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, data)  # type: ignore[arg-type]
    return discord.HTTPException(response, data)  # type: ignore[arg-type]


class UnsupportedEndpoint(NotImplementedError):
    """The bot called an endpoint the fake does not model: fail loudly rather than return junk."""
