"""Discord's limits on application commands, checked before a sync (`bot.py --check`) and in tests.

Discord refuses a whole bulk overwrite when one command breaks a rule, so we check the exact payload
discord.py would send, localizations included.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

NAME = re.compile(r"^[-_'\w]{1,32}$")
MAX_GLOBAL_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25


def _check_name(where: str, name: str, problems: list[str]) -> None:
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: invalid name {name!r} (1-32 lowercase letters, digits, - _ ')")


def _check_description(where: str, description: str, problems: list[str], required: bool) -> None:
    if required and not 1 <= len(description) <= 100:
        problems.append(f"{where}: description must be 1-100 characters, got {len(description)}")


def _check_entry(where: str, entry: Mapping[str, Any], problems: list[str], needs_description: bool) -> None:
    _check_name(where, entry.get("name", ""), problems)
    for locale, name in (entry.get("name_localizations") or {}).items():
        _check_name(f"{where}[{locale}]", name, problems)
    _check_description(where, entry.get("description", ""), problems, needs_description)
    for locale, description in (entry.get("description_localizations") or {}).items():
        _check_description(f"{where}[{locale}]", description, problems, needs_description)
    options = entry.get("options") or []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}: {len(options)} options (max {MAX_OPTIONS})")
    seen_optional = False
    for option in options:
        option_where = f"{where} {option.get('name')}"
        _check_entry(option_where, option, problems, True)
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.append(f"{option_where}: {len(choices)} choices (max {MAX_CHOICES})")
        for choice in choices:
            if not 1 <= len(str(choice.get("name", ""))) <= 100:
                problems.append(f"{option_where}: choice name must be 1-100 characters")
        if option.get("type") in (1, 2):
            continue
        if option.get("required") and seen_optional:
            problems.append(f"{option_where}: a required option follows an optional one")
        seen_optional = seen_optional or not option.get("required")


def command_problems(payload: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every rule the bulk-overwrite payload breaks; empty when Discord would accept it."""
    problems: list[str] = []
    commands = list(payload)
    if len(commands) > MAX_GLOBAL_COMMANDS:
        problems.append(f"{len(commands)} global commands (max {MAX_GLOBAL_COMMANDS})")
    names = [(command.get("type", 1), command.get("name")) for command in commands]
    if len(names) != len(set(names)):
        problems.append("duplicate command names")
    for command in commands:
        _check_entry(f"/{command.get('name')}", command, problems, command.get("type", 1) == 1)
    return problems
