"""The live board's pages: a small HTML shell per page that loads its bundle (web/bundle.py), and the
bundle's files themselves.

A page is the same for everyone (the script asks the API for what the viewer may see), so the shell
holds no secret and no inline script: the Content-Security-Policy allows scripts, styles and
connections of this site only. The catalogue's `page.*` texts (data/i18n/web.json, both languages)
travel in the shell as a JSON data block, which is never run. Bundle files have content-hashed names
and are cached for a year; the shell itself is revalidated every time (it names the current files).

`page(request, entry, root_id, attributes)` is the shell of any page: a new page is a route here (or in
its own module) and an entry `web/client/src/<entry>.ts`."""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from aiohttp import web

from tabletop.presentation.i18n import catalog, tr
from web import bundle
from web.errors import refuse
from web.games import game_id, viewer_locale

routes = web.RouteTableDef()
STATIC = "/static/"
ASSET_CACHE = "public, max-age=31536000, immutable"
PAGE_CACHE = "no-cache"
TEXT_PREFIX = "page."
LANGUAGES = (("ja", "日本語"), ("en", "English"))


def content_security_policy(frame_ancestors: str = "'none'") -> str:
    """This site's scripts, styles, pictures and connections only (its WebSocket included: 'self' covers
    ws/wss of the same host in current browsers); `frame_ancestors`: who may frame the page."""
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            f"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors {frame_ancestors}")


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    gzipped: bytes
    content_type: str
    etag: str


class Assets:
    """The built bundle's files in memory (a few tens of kilobytes), with their gzip; read again when a
    new build has replaced the manifest."""

    def __init__(self, out: Path = bundle.DIST) -> None:
        self.out = out
        self._stamp: int | None = None
        self._files: dict[str, Asset] = {}
        self._entries: dict[str, bundle.Entry] = {}

    def _refresh(self) -> None:
        try:
            stamp = (self.out / bundle.MANIFEST).stat().st_mtime_ns
        except OSError:
            self._stamp, self._files, self._entries = None, {}, {}
            return
        if stamp == self._stamp:
            return
        entries = bundle.entries(self.out)
        files: dict[str, Asset] = {}
        for entry in entries.values():
            for name in filter(None, (entry.js, entry.css)):
                body = (self.out / name).read_bytes()
                kind = "text/javascript" if name.endswith(".js") else mimetypes.guess_type(name)[0] or "text/css"
                files[name] = Asset(body, gzip.compress(body, 9, mtime=0), f"{kind}; charset=utf-8",
                                    f'"{hashlib.sha256(body).hexdigest()[:20]}"')
        self._stamp, self._files, self._entries = stamp, files, entries

    def entry(self, name: str) -> bundle.Entry | None:
        self._refresh()
        return self._entries.get(name)

    def file(self, name: str) -> Asset | None:
        self._refresh()
        return self._files.get(name)


ASSETS = Assets()


def _texts_json() -> str:
    """The page texts as a JSON data block's content (`<` escaped, so no text can close the element)."""
    texts = {key: entry for key, entry in catalog().items() if key.startswith(TEXT_PREFIX)}
    return json.dumps(texts, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page(request: web.Request, entry: str, root_id: str, attributes: Mapping[str, str] | None = None, *,
         frame_ancestors: str = "'none'") -> web.Response:
    """The shell of a page: the bar (title, language, theme), the toast, and `<main id=root_id>` with
    `attributes` (data-* for the script), which the entry's script fills."""
    built = ASSETS.entry(entry)
    if built is None:
        raise refuse(request, 503, "web.client_missing")
    locale = viewer_locale(request)
    attrs = "".join(f' {name}="{html.escape(value)}"' for name, value in (attributes or {}).items())
    options = "".join(f'<option value="{code}"{" selected" if code == locale else ""}>{label}</option>'
                      for code, label in LANGUAGES)
    style = f'<link rel="stylesheet" href="{STATIC}{built.css}">' if built.css else ""
    body = (
        f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">'
        '<meta name="color-scheme" content="light dark">'
        f'<title>{html.escape(tr("page.loading", locale))}</title>{style}'
        f'<script type="module" src="{STATIC}{built.js}"></script>'
        f'<script type="application/json" id="texts">{_texts_json()}</script></head><body>'
        f'<main id="{html.escape(root_id)}"{attrs}><header class="bar">'
        f'<h1 id="title" data-t="page.loading">{html.escape(tr("page.loading", locale))}</h1>'
        '<span class="live-mark" aria-hidden="true"></span>'
        f'<select id="lang" data-t-label="page.language">{options}</select>'
        '<button id="theme" type="button" data-t-label="page.theme">◐</button></header>'
        '<div id="toast" role="alert" hidden></div></main></body></html>'
    )
    response = web.Response(text=body, content_type="text/html", charset="utf-8", headers={
        "Cache-Control": PAGE_CACHE, "Content-Security-Policy": content_security_policy(frame_ancestors),
        "Vary": "Accept-Language"})
    response.enable_compression()
    return response


@routes.get(r"/games/{id}")
async def game_page(request: web.Request) -> web.Response:
    number = game_id(request)  # a malformed id is a 404 here already; the rest the page learns from the API
    return page(request, "game", "game", {"data-game-id": str(number), "data-version": "", "data-seat": "",
                                          "data-live": "closed"})


@routes.get(STATIC + r"{name:[A-Za-z0-9_.-]{1,100}}")
async def static_file(request: web.Request) -> web.Response:
    """A file of the current bundle, by its hashed name; gzipped for a browser that takes it."""
    asset = ASSETS.file(request.match_info["name"])
    if asset is None:
        raise refuse(request, 404, "web.not_found")
    headers = {"Cache-Control": ASSET_CACHE, "ETag": asset.etag, "Vary": "Accept-Encoding"}
    if asset.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    zipped = "gzip" in request.headers.get("Accept-Encoding", "")
    if zipped:
        headers["Content-Encoding"] = "gzip"
    return web.Response(body=asset.gzipped if zipped else asset.body, headers=headers | {"Content-Type": asset.content_type})
