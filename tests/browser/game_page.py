"""What the browser tests do on a game page, through the client's DOM contract (docs/live-board.md):
read its version, tap a move as a thumb would, and check what a page shows (legibility, privacy).

`TIMES` is put in every page before its own scripts run: it notes when the board picture first loaded,
when each version first showed, and when each version's board picture first loaded (at any density, and
sharp: at 2×) — epoch milliseconds, the clock Python's `time.time()` reads — and keeps every request's
timing, so the bench can measure first-board time and live-update latency from the same pages the tests
open.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from playwright.async_api import Page, Request, Response

GAME = "main#game"
LEGAL = "svg.regions .legal[data-target]"
CHOICE = "#choices li button"
MAX_TAPS = 12
"""Taps one move may take: a region, then a few list levels (recruit › a coin › face down …)."""
TAP_WAIT_SECONDS = 10.0
POLL_SECONDS = 0.02
GRACE_SECONDS = 0.1

PICTURES_SHOWN = """() => document.querySelector("img.board-image")
    && [...document.images].every((i) => i.closest("[hidden]") || (i.complete && i.naturalWidth > 0))"""
"""The board and every picture the page shows (the private one too) have loaded."""

TIMES = r"""(() => {
    const now = () => performance.timeOrigin + performance.now();
    const seen = {}, pictured = {}, sharp = {};
    window.__tt = {seen, board: null, pictured, sharp};
    performance.setResourceTimingBufferSize(100000);  // a page followed over many moves keeps every request
    const look = () => {
        const game = document.querySelector("main#game");
        const version = game && game.dataset.version;
        if (version && !(version in seen)) seen[version] = now();
    };
    new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
                                                  attributeFilter: ["data-version"]});
    document.addEventListener("load", (event) => {
        const image = event.target;
        if (!(image instanceof HTMLImageElement) || !image.matches("img.board-image")) return;
        if (window.__tt.board === null) window.__tt.board = now();
        const shown = /\/board\/(\d+)\.webp(\?.*)?$/.exec(image.currentSrc || image.src);
        if (!shown) return;
        if (!(shown[1] in pictured)) pictured[shown[1]] = now();
        if (/[?&]d=2/.test(shown[2] || "") && !(shown[1] in sharp)) sharp[shown[1]] = now();
    }, true);
})();"""

STATE = """() => {
    const game = document.querySelector("main#game");
    const texts = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.target || e.textContent);
    return JSON.stringify([game && game.dataset.version, texts("svg.regions .legal[data-target]"),
                           texts("#choices li button"), (document.querySelector("#choices-path") || {}).textContent]);
}"""

TAP_POINT = """(element) => {
    element.scrollIntoView({block: "center", inline: "center"});
    const box = element.getBoundingClientRect();
    for (const fy of [0.5, 0.35, 0.65, 0.2, 0.8]) {
        for (const fx of [0.5, 0.35, 0.65, 0.2, 0.8]) {
            const x = box.left + box.width * fx, y = box.top + box.height * fy;
            const hit = document.elementFromPoint(x, y);
            if (hit === element || element.contains(hit)) return [x, y];
        }
    }
    return null;
}"""

LEGIBILITY = """() => {
    const problems = [];
    const page = document.documentElement;
    if (innerWidth !== screen.width) problems.push(`laid out ${innerWidth} px wide on a ${screen.width} px screen`);
    if (page.scrollWidth > innerWidth) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${innerWidth}`);
    const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
        + (typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().split(/\\s+/).join(".") : "");
    for (const element of document.body.querySelectorAll("*")) {
        if (element.closest("svg")) continue;
        const style = getComputedStyle(element);
        if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;  // nothing on screen (or visually hidden, for readers)
        const text = [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent).join("").trim();
        const size = parseFloat(style.fontSize);
        if (text && size < 9) problems.push(`${name(element)}: ${size} px text "${text.slice(0, 30)}"`);
        if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
            problems.push(`${name(element)} clipped: ${element.scrollWidth} px of content in ${element.clientWidth}`);
    }
    return problems;
}"""


async def version(page: Page) -> int:
    value = await page.get_attribute(GAME, "data-version")
    assert value, "the game page has no data-version"
    return int(value)


async def wait_version(page: Page, at_least: int) -> int:
    """Waits until the page shows version `at_least` or later, without reloading it; returns it."""
    await page.wait_for_function(
        "(v) => { const shown = (document.querySelector('main#game') || {dataset: {}}).dataset.version;"
        " return Boolean(shown) && Number(shown) >= v; }", arg=at_least)
    return await version(page)


TAP_TRIES = 30
"""Looks at the element before calling it covered: about six seconds, longer than a toast stays (5 s)."""


async def tap(page: Page, selector: str) -> str:
    """Taps the first element matching `selector` where a finger would land on it (not under something else);
    returns what it was (its target or its label)."""
    for _ in range(TAP_TRIES):
        # A live update or a toast may cover or replace the element for a moment: look again before calling it
        # covered, as a finger waits for the screen to settle.
        handle = await page.locator(selector).first.element_handle()
        assert handle is not None
        point = await handle.evaluate(TAP_POINT)
        label = await handle.evaluate("(e) => e.dataset.target || e.textContent.trim()")
        if point is not None:
            break
        await asyncio.sleep(0.2)
    assert point is not None, f"{selector} {label!r} is covered: a tap there would not reach it"
    await page.touchscreen.tap(*point)
    return str(label)


async def play_a_move(page: Page) -> list[str]:
    """Makes a move on the page of the seat to move by tapping (`tap_a_move`) and waits until the page
    shows the new version. Returns what was tapped, in order."""
    start = await version(page)
    tapped, response = await tap_a_move(page)
    assert response.ok, f"the move after {tapped} was refused: {await response.text()}"
    await wait_version(page, start + 1)
    return tapped


async def tap_a_move(page: Page) -> tuple[list[str], Response]:
    """Taps a highlighted region of the board when the current step has one, else a button of the list,
    until a tap sends the move: what was tapped, in order, and the server's answer."""
    tapped: list[str] = []
    sent: list[Request] = []
    listener = lambda request: sent.append(request) if _is_move(request) else None  # noqa: E731
    page.on("request", listener)
    try:
        for _ in range(MAX_TAPS):
            state = await page.evaluate(STATE)
            if await page.locator(LEGAL).count():
                tapped.append(await tap(page, LEGAL))
            else:
                assert await page.locator(CHOICE).count(), f"nothing to tap after {tapped} (no legal region, no choice)"
                tapped.append(await tap(page, CHOICE))
            if await _sent_or_changed(page, state, sent):
                response = await sent[0].response()
                assert response is not None, f"the move after {tapped} got no answer"
                return tapped, response
        raise AssertionError(f"no move after {MAX_TAPS} taps: {tapped}")
    finally:
        page.remove_listener("request", listener)


def _is_move(request: Request) -> bool:
    return request.method == "POST" and urlsplit(request.url).path.endswith("/move")


async def _sent_or_changed(page: Page, before: str, sent: list[Request]) -> bool:
    """After a tap: True once it sent the move, False once the page shows the next step instead (a grace
    period after the change lets a request the same handler starts be seen)."""
    changed_at = None
    for _ in range(int(TAP_WAIT_SECONDS / POLL_SECONDS)):
        if sent:
            return True
        if changed_at is None and await page.evaluate(STATE) != before:
            changed_at = 0
        elif changed_at is not None:
            changed_at += 1
            if changed_at * POLL_SECONDS >= GRACE_SECONDS:
                return False
        await asyncio.sleep(POLL_SECONDS)
    raise AssertionError("a tap changed nothing on the page")


async def legibility_problems(page: Page) -> list[str]:
    problems: list[str] = await page.evaluate(LEGIBILITY)
    return problems


async def private_shown(page: Page, lines: set[str]) -> list[str]:
    """Which of `lines` (private texts) the page holds anywhere: its text, its markup, its attributes."""
    html = await page.content()
    text = await page.inner_text("body")
    return sorted(line for line in lines if line and (line in text or line in html))
