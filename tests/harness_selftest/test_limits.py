"""Each Discord limit the validator enforces, at and just past its boundary."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord import limits


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(custom_id: str, n: int, text: str = "o") -> dict[str, Any]:
    options = [{"label": f"{text}{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": 1}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"description": "x"}] * 11}, "11 embeds"),
        ({"embeds": [{"title": "x" * 257}]}, "title"),
        ({"embeds": [{"description": "x" * 4097}]}, "description"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "26 fields"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]}, "total"),
        ({"embeds": [{"image": {"url": "attachment://board.png"}}]}, "no attachment"),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, "6 action rows"),
        ({"components": [row(*(button(f"b{i}") for i in range(6)))]}, "6 components"),
        ({"components": [row(select("s", 2), button("b"))]}, "alone"),
        ({"components": [row(select("s", 26))]}, "26 options"),
        ({"components": [row(select("s", 1, text="x" * 101))]}, "option label"),
        ({"components": [row(button("c" * 101))]}, "custom_id"),
        ({"components": [row(button("same"), button("same"))]}, "twice"),
        ({"components": [row(button("b", label="x" * 81))]}, "button label"),
    ],
)
def test_message_violations(payload: dict[str, Any], fragment: str) -> None:
    problems = limits.check_message(payload)
    assert problems and any(fragment in p for p in problems), problems


def test_message_at_the_limits_is_valid() -> None:
    payload = {
        "content": "あ" * 2000,
        "embeds": [{"title": "t" * 256, "description": "d" * 4096, "image": {"url": "attachment://b.png"}}],
        "components": [row(*(button(f"b{r}{i}", "x" * 80) for i in range(5))) for r in range(4)]
        + [row(select("s", 25, text="y" * 98))],
    }
    assert limits.check_message(payload, [("b.png", limits.FILE_SIZE_MAX)]) == []


def test_file_limits() -> None:
    assert any("bytes" in p for p in limits.check_message({}, [("big.png", limits.FILE_SIZE_MAX + 1)]))
    assert any("11 files" in p for p in limits.check_message({}, [("f.png", 1)] * 11))


def command(name: str = "game", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 1, "options": [], **extra}


def option(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 3, **extra}


@pytest.mark.parametrize("name", ["game", "ゲーム", "new-game", "o'clock", "x" * 32, "नमस्ते"])
def test_valid_command_names(name: str) -> None:
    assert limits.check_command(command(name)) == []


@pytest.mark.parametrize("name", ["Game", "new game", "", "x" * 33, "game!"])
def test_invalid_command_names(name: str) -> None:
    assert limits.check_command(command(name))


@pytest.mark.parametrize(
    ("cmd", "fragment"),
    [
        (command(description="x" * 101), "description"),
        (command(options=[option(f"o{i}") for i in range(26)]), "26 options"),
        (command(options=[option("o", choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)])]), "26 choices"),
        (command(options=[option("o", choices=[{"name": "c", "value": "v" * 101}])]), "value"),
        (command(options=[option("a"), option("b", required=True)]), "before optional"),
        (command(name_localizations={"ja": "新しい ゲーム"}), "ja name"),
        (command(name_localizations={"xx": "game"}), "unknown locale"),
        (command(description_localizations={"ja": "説" * 101}), "ja description"),
        (command(options=[option("o", autocomplete=True, choices=[{"name": "c", "value": "v"}])]), "exclusive"),
    ],
)
def test_command_violations(cmd: dict[str, Any], fragment: str) -> None:
    problems = limits.check_command(cmd)
    assert any(fragment in p for p in problems), problems


def test_combined_characters_and_command_count() -> None:
    options = [option(f"o{i}", description="d" * 100, choices=[{"name": "n" * 100, "value": "v" * 100}] * 25)
               for i in range(2)]
    assert any("combined" in p for p in limits.check_command(command(options=options)))
    assert any("101 commands" in p for p in limits.check_commands([command(f"c{i}") for i in range(101)]))
    assert limits.check_commands([command(f"c{i}") for i in range(100)]) == []


def test_autocomplete_and_modal_limits() -> None:
    assert limits.check_autocomplete([{"name": "n", "value": "v"}] * 26)
    assert limits.check_modal({"title": "t" * 46, "custom_id": "m", "components": [row({"type": 4, "custom_id": "i"})]})
    assert limits.check_modal({"title": "t", "custom_id": "m", "components": [row({"type": 4, "custom_id": "i"})]}) == []
