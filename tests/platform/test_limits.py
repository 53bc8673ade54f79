"""The command-payload validator used by `bot.py --check`."""

from __future__ import annotations

from tabletop.limits import command_problems


def command(**overrides: object) -> dict:
    base = {"name": "game", "description": "Play", "type": 1, "options": []}
    base.update(overrides)
    return base


def test_valid_payload_has_no_problems() -> None:
    assert command_problems([command(name_localizations={"ja": "ゲーム"})]) == []


def test_each_rule_is_reported() -> None:
    assert command_problems([command(name="Game")])
    assert command_problems([command(name="x" * 33)])
    assert command_problems([command(description="")])
    assert command_problems([command(description="d" * 101)])
    assert command_problems([command(options=[{"name": f"o{i}", "description": "d", "type": 3} for i in range(26)])])
    assert command_problems([command(options=[{"name": "o", "description": "d", "type": 3,
                                               "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}])])
    assert command_problems([command(), command()])
    assert command_problems([command(name=f"c{i}") for i in range(101)])
    assert command_problems([command(options=[{"name": "a", "description": "d", "type": 3},
                                              {"name": "b", "description": "d", "type": 3, "required": True}])])
