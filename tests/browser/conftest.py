"""Fixtures of the browser tests: one `Site` (bot, web server, Chromium) for the whole package.

Starting Chromium and the bot costs about two seconds, so every test of tests/browser shares them: the
tests run in one event loop of the package (the Playwright connection and the bot's tasks belong to the
loop that made them), each starts its own games and its pages are closed after it. Screenshots go to a
temporary directory; with SCREENS_DIR set they are copied there too, for a person to look at.
"""

from __future__ import annotations

import os
import shutil
from contextlib import AsyncExitStack
from pathlib import Path
from typing import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from tests.browser.site import Site, open_site

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    in_package = pytest.mark.asyncio(loop_scope="package")
    for item in items:
        if HERE in Path(str(item.path)).parents and pytest_asyncio.is_async_test(item):
            item.add_marker(in_package, append=False)


@pytest_asyncio.fixture(scope="package", loop_scope="package")
async def shared_site() -> AsyncIterator[Site]:
    async with AsyncExitStack() as stack:
        yield await open_site(stack)


@pytest_asyncio.fixture(loop_scope="package")
async def site(shared_site: Site) -> AsyncIterator[Site]:
    """The shared site; the pages a test opened are closed after it."""
    yield shared_site
    await shared_site.close_pages()


@pytest.fixture(scope="package")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where screenshots are saved; copied to $SCREENS_DIR (if set) at the end."""
    directory = tmp_path_factory.mktemp("screens")
    yield directory
    target = os.environ.get("SCREENS_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        for shot in sorted(directory.glob("*.png")):
            shutil.copy2(shot, Path(target) / shot.name)
