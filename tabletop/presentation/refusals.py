"""The short answer to a refused input (wrong turn, stale button, illegal move, bad option, permission),
worded once for every front end: a click in Discord and a tap on the live board read the same."""

from __future__ import annotations

from typing import Any

from engine.core.errors import GameError, StaleDecision, StaleVersion
from storage.base import StoreError
from tabletop.play.service import NotHost
from tabletop.presentation.i18n import catalog, lang, tr


def refusal_text(error: BaseException, locale: Any) -> str | None:
    """The short reply for a refusal (wrong turn, stale button, illegal move, bad option, permission)."""
    if isinstance(error, StaleDecision):
        now = error.now
        return error.reason.render(lang(locale)) + ("\n" + tr("err.now_asked", locale, prompt=now.render(lang(locale))) if now else "")
    if isinstance(error, StaleVersion):
        return tr("err.stale", locale, link="")
    if isinstance(error, GameError):
        return error.reason.render(lang(locale))
    if isinstance(error, StoreError) and f"err.{error.code}" in catalog():
        return tr(f"err.{error.code}", locale)
    if isinstance(error, NotHost):
        return tr("err.not_host", locale)
    return None
