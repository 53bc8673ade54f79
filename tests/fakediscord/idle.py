"""Waiting until the bot has finished reacting, so end-to-end tests are deterministic.

"The event loop is idle" is not enough: aiosqlite and `asyncio.to_thread` finish work on other
threads, so a task can be blocked on a future that is about to complete. Instead every task the bot
creates (from a harness entry point onwards) is tracked through a loop task factory, and the bot is
settled when each tracked task is done or *parked*: waiting for something only a later test step or
the clock can provide —
  - a view's `wait()` / a modal (the user has not clicked yet),
  - `bot.wait_for(...)` (the event has not happened yet),
  - a timer (asyncio.sleep, view timeouts, `tasks.loop`, `wait_for` timeouts) due after the horizon,
  - a task or gather whose every member is parked.
Anything else (a thread-backed future, a lock, a queue) counts as busy work and is waited for, and so is
a task running through one of the `never_parked` coroutines even on a timer: an HTTP request sleeping out
a rate limit will retry by itself, so the bot has not finished reacting.

This relies on CPython asyncio internals (`Task._fut_waiter`, `loop._scheduled`, TimerHandle args)
and on discord.py's `_BaseView__stopped`; it is pinned by the project's discord.py==2.7.* pin.
"""

from __future__ import annotations

import asyncio
import contextvars
import traceback
from types import CodeType
from typing import Any, Callable, Coroutine, Iterable

# Set (to the tracking registry) in every context the harness runs bot code in; the task factory
# puts every task created in such a context into that registry.
WORK: contextvars.ContextVar["TaskRegistry | None"] = contextvars.ContextVar("fakediscord_work", default=None)
# Set to what started the work (an interaction's id) where the harness starts it; every task created from
# there inherits it, so `settle_origin` can wait for one interaction's work alone.
ORIGIN: contextvars.ContextVar[object | None] = contextvars.ContextVar("fakediscord_origin", default=None)

_FACTORY_ATTR = "_fakediscord_factory"


class SettleTimeout(AssertionError):
    """The bot was still busy when the settle deadline passed (a hang, or a very slow handler)."""


class TaskRegistry:
    """Tasks spawned by bot code, plus the rules that decide whether they are parked."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()
        self.parked_sources: list[Callable[[], Iterable[asyncio.Future[Any]]]] = []
        self.ignored: list[Callable[[asyncio.Task[Any]], bool]] = []
        self.never_parked: set[CodeType] = set()
        self.context_values: dict[contextvars.ContextVar[Any], Any] = {}
        self._settler: asyncio.Future[None] | None = None
        self.origins: dict[asyncio.Task[Any], object] = {}
        self._origin_waiters: dict[object, asyncio.Future[None]] = {}
        self._origin_settler: asyncio.Future[None] | None = None

    def add(self, task: asyncio.Task[Any], origin: object | None = None) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if origin is not None:
            self.origins[task] = origin
            task.add_done_callback(self._drop_origin)

    def _drop_origin(self, task: asyncio.Task[Any]) -> None:
        self.origins.pop(task, None)

    def run(self, fn: Callable[..., Any], *args: Any, origin: object | None = None) -> Any:
        """Call `fn` in a copy of the current context marked as bot work (plus `context_values`), started by
        `origin` (tasks created from it carry it too)."""
        ctx = contextvars.copy_context()
        return ctx.run(self._marked, origin, fn, *args)

    def _marked(self, origin: object | None, fn: Callable[..., Any], *args: Any) -> Any:
        WORK.set(self)
        ORIGIN.set(origin)
        for var, value in self.context_values.items():
            var.set(value)
        return fn(*args)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        return self.run(asyncio.get_running_loop().create_task, coro)

    async def cancel_all(self) -> None:
        """What a process exit does to the old bot's tasks on a simulated restart."""
        pending = [t for t in self.tasks if not t.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def settle(self, *, timeout: float, horizon: float) -> None:
        """Wait until every tracked task is done or parked. Concurrent callers (many players clicking at
        once in a load test) share one poller: "all quiet" is the same condition for all of them."""
        if self._settler is None or self._settler.done():
            self._settler = asyncio.ensure_future(self._poll(timeout=timeout, horizon=horizon))
        await asyncio.shield(self._settler)

    async def _poll(self, *, timeout: float, horizon: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        quiet_rounds = 0
        while True:
            await asyncio.sleep(0)
            busy = self.busy(horizon)
            if not busy:
                quiet_rounds += 1
                if quiet_rounds >= 3:
                    return
                continue
            quiet_rounds = 0
            if loop.time() > deadline:
                raise SettleTimeout(f"bot still busy after {timeout}s:\n" + describe(busy))
            await asyncio.wait(busy, timeout=0.002, return_when=asyncio.FIRST_COMPLETED)

    async def settle_origin(self, origin: object, *, timeout: float, horizon: float) -> None:
        """Wait until every tracked task `origin` started (and they started) is done or parked, whatever
        else the bot is busy with: a player sees their own answer without waiting for other players' work.
        Concurrent callers share one poller, which looks at every task once per round as `settle` does."""
        waiter = self._origin_waiters.get(origin)
        if waiter is None:
            waiter = self._origin_waiters[origin] = asyncio.get_running_loop().create_future()
        if self._origin_settler is None or self._origin_settler.done():
            self._origin_settler = asyncio.ensure_future(self._poll_origins(horizon))
        try:
            await asyncio.wait_for(asyncio.shield(waiter), timeout)
        except TimeoutError:
            own = [task for task, started in self.origins.items() if started == origin]
            raise SettleTimeout(f"work of {origin!r} still busy after {timeout}s:\n" + describe(own)) from None
        finally:
            if self._origin_waiters.get(origin) is waiter and waiter.done():
                del self._origin_waiters[origin]

    async def _poll_origins(self, horizon: float) -> None:
        quiet_rounds: dict[object, int] = {}
        while self._origin_waiters:
            await asyncio.sleep(0)
            busy = self.busy(horizon, [task for task, origin in self.origins.items() if origin in self._origin_waiters])
            busy_origins = {self.origins.get(task) for task in busy}
            for origin, waiter in list(self._origin_waiters.items()):
                quiet_rounds[origin] = 0 if origin in busy_origins else quiet_rounds.get(origin, 0) + 1
                if quiet_rounds[origin] >= 3 and not waiter.done():
                    waiter.set_result(None)
                    del self._origin_waiters[origin]
                    del quiet_rounds[origin]
            if busy:
                await asyncio.wait(busy, timeout=0.002, return_when=asyncio.FIRST_COMPLETED)

    def busy(self, horizon: float, among: Iterable[asyncio.Task[Any]] | None = None) -> list[asyncio.Task[Any]]:
        """The tracked tasks (or those of `among`) neither done nor parked."""
        loop = asyncio.get_running_loop()
        parked = {id(f) for source in self.parked_sources for f in source()}
        timed = _timer_futures(loop, loop.time() + horizon)
        current = asyncio.current_task()
        return [
            t
            for t in list(self.tasks if among is None else among)
            if t is not current
            and not t.done()
            and not any(rule(t) for rule in self.ignored)
            and not _task_parked(t, parked, timed, set(), self.never_parked)
        ]


def _timer_futures(loop: asyncio.AbstractEventLoop, after: float) -> set[int]:
    """Ids of futures some live timer due after `after` will resolve (asyncio.sleep, wait_for…)."""
    ids: set[int] = set()
    for handle in getattr(loop, "_scheduled", []):
        if handle.cancelled() or handle.when() <= after:
            continue
        ids.update(id(arg) for arg in handle._args or ())  # noqa: SLF001
        owner = getattr(handle._callback, "__self__", None)  # noqa: SLF001 (bound fut.set_result)
        if owner is not None:
            ids.add(id(owner))
    return ids


def _task_parked(
    task: asyncio.Task[Any], parked: set[int], timed: set[int], seen: set[int], busy_code: set[CodeType]
) -> bool:
    if task.done():
        return True
    if id(task) in seen:
        return True
    seen.add(id(task))
    if busy_code and _runs_through(task.get_coro(), busy_code):
        return False
    waiter = getattr(task, "_fut_waiter", None)
    return waiter is not None and _future_parked(waiter, parked, timed, seen, busy_code)


def _runs_through(coro: Any, codes: set[CodeType]) -> bool:
    """Whether the chain of coroutines `coro` is awaiting passes through one of `codes`."""
    while coro is not None:
        if getattr(coro, "cr_code", None) in codes:
            return True
        coro = getattr(coro, "cr_await", None)
    return False


def _future_parked(
    fut: asyncio.Future[Any], parked: set[int], timed: set[int], seen: set[int], busy_code: set[CodeType]
) -> bool:
    if fut.done():
        return False  # the task waiting on it is about to be woken: it has not finished reacting
    if id(fut) in parked or id(fut) in timed:
        return True
    if isinstance(fut, asyncio.Task):
        return _task_parked(fut, parked, timed, seen, busy_code)
    children = getattr(fut, "_children", None)  # asyncio.gather's _GatheringFuture
    if children:
        # Parked while it waits on a parked member; members all done mean it is about to resolve.
        return (not all(child.done() for child in children)
                and all(child.done() or _future_parked(child, parked, timed, seen, busy_code) for child in children))
    return False


def describe(tasks: Iterable[asyncio.Task[Any]]) -> str:
    lines = []
    for task in tasks:
        lines.append(f"- {task.get_name()}: {task.get_coro()!r}")
        for frame in task.get_stack(limit=3):
            lines.append("    " + traceback.format_list(traceback.extract_stack(frame, limit=1))[0].strip())
    return "\n".join(lines)


def install_task_factory(loop: asyncio.AbstractEventLoop) -> None:
    """Chain a factory that files every task created in a marked context under its registry."""
    current = loop.get_task_factory()
    if getattr(current, _FACTORY_ATTR, False):
        return
    previous = current

    def factory(loop: asyncio.AbstractEventLoop, coro: Any, context: contextvars.Context | None = None) -> Any:
        if previous is None:
            task = asyncio.Task(coro, loop=loop, context=context)
        elif context is None:
            task = previous(loop, coro)
        else:
            task = previous(loop, coro, context=context)  # type: ignore[call-arg]
        registry = context.get(WORK) if context is not None else WORK.get()
        if registry is not None:
            registry.add(task, context.get(ORIGIN) if context is not None else ORIGIN.get())
        return task

    setattr(factory, _FACTORY_ATTR, True)
    loop.set_task_factory(factory)  # type: ignore[arg-type]
