"""docs/adding-a-game.md's example: the High Card package passes `--check` from outside `cogs/`, plays a
whole game through the offline harness with its own command loaded, and a broken package is named."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from tabletop.runtime import packages
from tests.e2e.conftest import simulated_server
from tests.e2e.driver import CHANNEL, GUILD
from tests.fixtures.highcard_cog import PACKAGE
from tests.platform.test_cli import run_bot

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def test_the_walkthrough_names_the_example_files() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in ("tests/fixtures/highcard.py", "tests/fixtures/highcard_render.py", "tests/fixtures/highcard_cog.py",
                 "EXTRA_COGS", "GamePackage", "bot.py --check"):
        assert name in text


def test_the_example_passes_check_as_an_extra_cog(tmp_path: Path) -> None:
    result = run_bot(["--check"], tmp_path, EXTRA_COGS="tests.fixtures.highcard_cog")
    assert result.returncode == 0, result.stderr
    assert "ok  game highcard: 2/3 players" in result.stdout
    assert "tests.fixtures.highcard_cog: /highcard" in result.stdout


def test_a_missing_piece_is_one_line_naming_the_game_and_the_piece(tmp_path: Path) -> None:
    broken = dataclasses.replace(PACKAGE, rules={"ja": PACKAGE.rules["ja"], "en": tmp_path / "missing.md"})
    assert packages.problems(broken) == [f"game highcard: rules (en): {tmp_path / 'missing.md'} is missing or empty"]
    assert packages.problems(PACKAGE) == []


async def test_the_example_plays_a_whole_game_with_its_own_command(tmp_path: Path) -> None:
    async with simulated_server(tmp_path / "db.sqlite3", ("tests.fixtures.highcard_cog",)) as table:
        world = table.world
        rules = await world.slash(100, "highcard rules", {}, channel_id=CHANNEL, guild_id=GUILD)
        assert rules.messages[-1].ephemeral and "1〜12" in rules.messages[-1].text
        game_id = await table.start_game(100, [102], "highcard")
        assert await table.play_to_end(game_id, random.Random(5)) > 3
        assert (await table.record(game_id)).status == "finished"
