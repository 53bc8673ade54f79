"""One click costs one load, one decode and one listing of the clicking seat's legal actions: the
publish path reuses the match it was handed instead of reading and decoding the game again."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine import registry
from engine.core.match import Match
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import Table


def counting(calls: list[Any], func: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return func(*args, **kwargs)
    return wrapper


async def test_a_picker_click_reads_decodes_and_lists_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    seat = match.awaited_seats()[0]
    user = record.players[seat]
    await table.world.click(user, table.latest_board(record), f"tt:take:{game_id}")
    picker = table.world.last_message(ephemeral_for=user)
    draw = next(b for b in picker.buttons() if b["label"] in ("Draw", "引く"))

    loads: list[Any] = []
    decodes: list[Any] = []
    listings: list[Any] = []
    game = registry.get("highcard")
    monkeypatch.setattr(table.bot.store, "get_game", counting(loads, table.bot.store.get_game))
    monkeypatch.setattr(Match, "from_json", classmethod(counting(decodes, Match.from_json.__func__)))  # type: ignore[attr-defined]
    monkeypatch.setattr(type(game), "legal_actions", counting(listings, type(game).legal_actions))
    await table.world.click(user, picker, draw["custom_id"])
    assert len(loads) == 1 and len(decodes) == 1
    assert (await table.record(game_id)).version == 1
    before = [args for args in listings if args[1] == match.state]
    assert len(before) == 1, "the clicking seat's actions are listed once on the state it clicked"


async def test_each_view_of_a_state_is_drawn_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.presentation import pictures
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    user = record.players[match.awaited_seats()[0]]
    drawn: list[tuple[str, Any]] = []
    monkeypatch.setattr(pictures, "_render", counting(drawn, pictures._render))  # noqa: SLF001
    for _ in range(3):
        await table.world.click(user, table.latest_board(record), f"tt:take:{game_id}")
        await table.world.click(user, table.latest_board(record), f"tt:info:{game_id}")
    await table.world.slash(user, "game show", {}, channel_id=record.thread_id, guild_id=1)
    kinds = [args[0] for args in drawn]
    assert kinds.count("private") <= 1 and kinds.count("board") <= 1
