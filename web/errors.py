"""Short, clear answers to every refused request, in the viewer's language (tabletop's catalogue,
data/i18n/web.json, chosen by Accept-Language), as JSON: `{"error": code, "message": text}`.

Handlers `raise refuse(request, status, key)` with a key of the catalogue; `answer_errors` gives aiohttp's
own refusals (an unknown path, a wrong method, a body too large) the same form, and turns a bug into a
short 500 that says nothing of its cause (the log has it)."""

from __future__ import annotations

import functools
import json
import logging
from typing import Awaitable, Callable, Mapping

from aiohttp import web

from tabletop.presentation.i18n import tr

log = logging.getLogger("tabletop.web")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

STATUS_TEXTS = {400: "web.bad_request", 401: "web.unauthorized", 403: "web.forbidden", 404: "web.not_found",
                405: "web.wrong_method", 413: "web.too_large", 429: "web.rate_limited", 503: "web.not_ready"}
"""The text for a refusal aiohttp makes itself, by status."""
KEPT_HEADERS = ("Allow", "Retry-After")


@functools.cache
def _refusal(status: int) -> type[web.HTTPError]:
    """An aiohttp error class of this status taking only a body and headers (some of aiohttp's own, such as
    413 and 405, require arguments of their own)."""
    return type(f"Refusal{status}", (web.HTTPError,), {"status_code": status})


def locale_of(request: web.Request) -> str:
    """"ja" or "en": the language the browser ranks highest among the two the platform ships."""
    best, best_q = "en", -1.0
    for item in request.headers.get("Accept-Language", "").split(",")[:20]:
        tag, _, params = item.strip().partition(";")
        tag = tag.strip().lower()
        try:
            q = float(params.strip()[2:]) if params.strip().startswith("q=") else 1.0
        except ValueError:
            continue
        language = "ja" if tag.startswith("ja") else "en" if tag.startswith("en") or tag == "*" else None
        if language is not None and q > best_q:
            best, best_q = language, q
    return best


def refuse(request: web.Request, status: int, key: str, *, headers: Mapping[str, str] | None = None,
           **values: object) -> web.HTTPException:
    """The error response to raise: status, a stable code (the key's last part) and the localized text."""
    return refusal(status, key.rsplit(".", 1)[-1], tr(key, locale_of(request), **values), headers=headers)


def refusal(status: int, code: str, message: str, *, headers: Mapping[str, str] | None = None) -> web.HTTPException:
    """The error response to raise with a text already in the viewer's language (a game's own refusal,
    worded as Discord words it: `tabletop.presentation.refusals.refusal_text`)."""
    body = json.dumps({"error": code, "message": message}, ensure_ascii=False)
    return _refusal(status)(text=body, content_type="application/json", headers=headers)


@web.middleware
async def answer_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPException as error:
        if error.status < 400 or error.content_type == "application/json":
            raise
        kept = {name: error.headers[name] for name in KEPT_HEADERS if name in error.headers}
        raise refuse(request, error.status, STATUS_TEXTS.get(error.status, "web.bad_request"), headers=kept) from None
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        raise refuse(request, 500, "web.internal") from None
