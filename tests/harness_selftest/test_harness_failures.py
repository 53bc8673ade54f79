"""Bugs in the bot become recorded errors; mistakes in a test raise at once."""

from __future__ import annotations

import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord

from .conftest import ALICE, BOB, GAMES
from .tinybot import Store, TinyBot


async def test_exception_in_command_is_recorded_once(bot_world: FakeDiscord) -> None:
    await bot_world.slash(ALICE, "game crash", channel_id=GAMES)

    with pytest.raises(AssertionError, match="boom"):
        bot_world.assert_no_errors()
    errors = bot_world.take_errors()
    assert [e.source for e in errors] == ["CommandTree.on_error", "unanswered"]
    bot_world.assert_no_errors()


async def test_check_failure_is_a_refusal_not_an_error(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(BOB, "game admin", channel_id=GAMES)

    assert bot_world.message(rec.original_id).content == "Not allowed"
    assert [type(e) for e in bot_world.check_failures] == [app_commands.MissingPermissions]
    bot_world.assert_no_errors()


async def test_too_long_button_label_is_refused_like_discord(bot_world: FakeDiscord) -> None:
    """Discord's API description catches it first (tests/harness_selftest/test_limits.py checks limits.py's rule)."""
    await bot_world.slash(ALICE, "game badlabel", channel_id=GAMES)

    errors = bot_world.take_errors()
    assert errors[0].source == "schema" and errors[0].message.endswith("label: Too big: expected string to have <=80 characters")
    assert [r.code for r in bot_world.rejected] == [50035]
    assert bot_world.messages_in(GAMES) == []


async def test_unanswered_click_is_an_error(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game orphan", channel_id=GAMES)
    await bot_world.click(ALICE, rec.original_id, "orphan")

    (error,) = bot_world.take_errors()
    assert error.source == "unanswered" and "'orphan'" in error.message


async def test_late_answer_is_refused_like_discord(bot_world: FakeDiscord) -> None:
    bot_world.response_deadline = 0.05
    rec = await bot_world.slash(ALICE, "game slow", channel_id=GAMES)

    assert not rec.answered
    sources = [e.source for e in bot_world.take_errors()]
    assert sources[0] == "late" and "unanswered" in sources
    assert [r.code for r in bot_world.rejected] == [10062]


async def test_unknown_endpoint_fails_loudly(bot_world: FakeDiscord) -> None:
    await bot_world.slash(ALICE, "game react", channel_id=GAMES)

    sources = [e.source for e in bot_world.take_errors()]
    assert sources[0] == "unsupported"
    assert "CommandTree.on_error" in sources


async def test_test_mistakes_raise_immediately(bot_world: FakeDiscord) -> None:
    with pytest.raises(LookupError):
        await bot_world.slash(ALICE, "game nosuch", channel_id=GAMES)
    with pytest.raises(LookupError):
        await bot_world.slash(ALICE, "game new", {"titel": "x"}, channel_id=GAMES)
    with pytest.raises(ValueError, match="required"):
        await bot_world.slash(ALICE, "game new", channel_id=GAMES)
    with pytest.raises(TypeError):
        await bot_world.slash(ALICE, "game new", {"title": 3}, channel_id=GAMES)
    picker = await bot_world.slash(ALICE, "game hand", channel_id=GAMES)
    with pytest.raises(ValueError, match="offers"):
        await bot_world.select(ALICE, picker.original_id, "hand:card", ["Z"])
    with pytest.raises(LookupError):
        await bot_world.click(ALICE, picker.original_id, "hand:nope")
    assert len(bot_world.interactions) == 1
    bot_world.assert_no_errors()


async def test_invalid_localized_command_name_is_caught_at_attach(world: FakeDiscord) -> None:
    class SpaceyTranslator(app_commands.Translator):
        async def translate(self, string: app_commands.locale_str, locale, context) -> str | None:  # type: ignore[no-untyped-def]
            return "新しい ゲーム" if str(locale) == "ja" and string.message == "new" else None

    bot = TinyBot(Store())
    await bot.tree.set_translator(SpaceyTranslator())
    await world.attach(bot)

    (error,) = world.take_errors()
    assert error.source == "limits" and "ja name '新しい ゲーム'" in error.message
