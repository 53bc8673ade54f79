"""Turning every swallowed exception of the bot into a recorded test failure.

discord.py hides errors in several places: CommandTree.on_error, View/Modal.on_error, Client.on_error,
and DynamicItem / autocomplete callbacks, which only `_log.exception(...)`. Overridden handlers may not
log at all. So the harness both wraps the handlers on the live objects and listens to ERROR log
records; each exception object is recorded once.
"""

from __future__ import annotations

import functools
import logging
import sys
import weakref
from typing import Any, Callable, Protocol

from discord import app_commands


class ErrorSink(Protocol):
    def record_exception(self, source: str, exc: BaseException | None, message: str) -> None: ...

    def record_check_failure(self, exc: BaseException) -> None: ...


class _LogSink(logging.Handler):
    """One handler on the root logger for the whole process, forwarding to the attached worlds.

    A single weakly-referencing handler means a test that forgets to close its world cannot make
    later tests fail through a stale handler.
    """

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.worlds: weakref.WeakSet[Any] = weakref.WeakSet()
        self.ignored_prefixes: tuple[str, ...] = ("asyncio",)

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(self.ignored_prefixes):
            return
        exc = record.exc_info[1] if record.exc_info else None
        for world in list(self.worlds):
            world.record_exception(f"log:{record.name}", exc, record.getMessage())


LOG_SINK = _LogSink()
logging.getLogger().addHandler(LOG_SINK)


def wrap_tree_errors(tree: app_commands.CommandTree[Any], sink: ErrorSink) -> None:
    """Record what reaches CommandTree.on_error; check failures are deliberate refusals, kept apart."""
    original = tree.on_error

    @functools.wraps(original)
    async def on_error(interaction: Any, error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, app_commands.CheckFailure):
            sink.record_check_failure(error)
        else:
            sink.record_exception("CommandTree.on_error", error, repr(error))
        await original(interaction, error)

    tree.on_error = on_error  # type: ignore[method-assign]


def wrap_client_errors(bot: Any, sink: ErrorSink) -> None:
    original = bot.on_error

    @functools.wraps(original)
    async def on_error(event_method: str, /, *args: Any, **kwargs: Any) -> None:
        sink.record_exception(f"Client.on_error({event_method})", sys.exc_info()[1], f"exception in {event_method}")
        await original(event_method, *args, **kwargs)

    bot.on_error = on_error


def wrap_view_errors(view_store: Any, sink: ErrorSink) -> None:
    """Wrap on_error of every View/Modal as it is registered, since apps often override it."""
    original_add: Callable[..., None] = view_store.add_view

    @functools.wraps(original_add)
    def add_view(view: Any, message_id: int | None = None) -> None:
        if not getattr(view, "_fakediscord_wrapped", False):
            view_on_error = view.on_error

            async def on_error(interaction: Any, error: Exception, item: Any, /) -> None:
                sink.record_exception(f"{type(view).__name__}.on_error", error, f"exception in item {item!r}")
                await view_on_error(interaction, error, item)

            async def modal_on_error(interaction: Any, error: Exception, /) -> None:
                sink.record_exception(f"{type(view).__name__}.on_error", error, "exception in modal")
                await view_on_error(interaction, error)

            view.on_error = modal_on_error if getattr(view, "__discord_ui_modal__", False) else on_error
            view._fakediscord_wrapped = True
        original_add(view, message_id)

    view_store.add_view = add_view
