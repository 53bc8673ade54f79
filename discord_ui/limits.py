"""Discord's limits on application commands, checked before a sync (`bot.py --check`) and on every
command tree the offline test harness sees.

Discord refuses a whole bulk overwrite when one command breaks a rule, so we check the exact payload
discord.py would send, localizations included. The name rule is Discord's
`^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` with lowercase letters only; `re` has no \\p classes,
so it is implemented with unicodedata categories.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable, Sequence

import discord

COMMAND_NAME_MAX = 32
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_CHOICES_MAX = 25
COMMAND_TOTAL_CHARS_MAX = 4000
CHAT_COMMANDS_MAX = 100
CONTEXT_MENUS_MAX = 5
PRIMARY_ENTRY_POINT = 4
"""The Activity's Entry Point command: one, global, no options, named and described like a slash command."""
OPTION_TEXT_MAX = 100
INTEGER_BOUND = 2**53
VALID_LOCALES = frozenset(loc.value for loc in discord.Locale)


def _length(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


# --------------------------------------------------------------------------- messages


# --------------------------------------------------------------------------- application commands


def valid_command_name(name: str, *, chat_input: bool = True) -> bool:
    """Discord's name rule. Context-menu names may contain spaces and capitals."""
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME_MAX:
        return False
    if not chat_input:
        return True
    return all(_valid_name_char(c) for c in name)


def _valid_name_char(c: str) -> bool:
    if c in "-_'":
        return True
    category = unicodedata.category(c)
    if category[0] in "LN":
        return c.lower() == c
    # Combining marks are how Devanagari and Thai (\p{sc=Deva}, \p{sc=Thai}) write vowels.
    return category[0] == "M"


def check_commands(commands: Sequence[dict[str, Any]]) -> list[str]:
    """A full bulk-overwrite payload (one scope: global or one guild)."""
    problems: list[str] = []
    by_type: dict[int, list[str]] = {}
    for cmd in commands:
        by_type.setdefault(int(cmd.get("type", 1)), []).append(cmd.get("name", ""))
        problems += check_command(cmd)
    for ctype, names in by_type.items():
        limit = CHAT_COMMANDS_MAX if ctype == 1 else 1 if ctype == PRIMARY_ENTRY_POINT else CONTEXT_MENUS_MAX
        if len(names) > limit:
            problems.append(f"{len(names)} commands of type {ctype} (max {limit})")
        if len(set(names)) != len(names):
            problems.append(f"duplicate command names of type {ctype}: {sorted(names)}")
    return problems


def check_command(cmd: dict[str, Any]) -> list[str]:
    ctype = int(cmd.get("type", 1))
    name = cmd.get("name", "")
    where = f"/{name}"
    if ctype == PRIMARY_ENTRY_POINT:
        return _check_named(cmd, where) + ([f"{where}: an Entry Point command takes no options"] if cmd.get("options") else [])
    if ctype != 1:
        problems = [] if valid_command_name(name, chat_input=False) else [f"{where}: invalid context menu name"]
        if cmd.get("description"):
            problems.append(f"{where}: context menus must have an empty description")
        return problems + _check_localizations(cmd, where, chat_input=False)
    problems = _check_named(cmd, where)
    problems += _check_options(cmd.get("options") or [], where, depth=0)
    total = _command_chars(cmd)
    if total > COMMAND_TOTAL_CHARS_MAX:
        problems.append(f"{where}: {total} combined name/description/value chars (max {COMMAND_TOTAL_CHARS_MAX})")
    return problems


def _check_named(obj: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    if not valid_command_name(obj.get("name", "")):
        problems.append(f"{where}: name {obj.get('name')!r} must be 1–32 lowercase letters, digits, - _ '")
    if not 1 <= _length(obj.get("description")) <= COMMAND_DESCRIPTION_MAX:
        problems.append(f"{where}: description must be 1–{COMMAND_DESCRIPTION_MAX} chars")
    return problems + _check_localizations(obj, where, chat_input=True)


def _check_localizations(obj: dict[str, Any], where: str, *, chat_input: bool) -> list[str]:
    problems: list[str] = []
    for locale, value in (obj.get("name_localizations") or {}).items():
        if locale not in VALID_LOCALES:
            problems.append(f"{where}: unknown locale {locale!r} in name_localizations")
        if not valid_command_name(value, chat_input=chat_input):
            problems.append(f"{where}: {locale} name {value!r} breaks the naming rule")
    for locale, value in (obj.get("description_localizations") or {}).items():
        if locale not in VALID_LOCALES:
            problems.append(f"{where}: unknown locale {locale!r} in description_localizations")
        if not 1 <= _length(value) <= COMMAND_DESCRIPTION_MAX:
            problems.append(f"{where}: {locale} description must be 1–{COMMAND_DESCRIPTION_MAX} chars")
    return problems


def _check_options(options: Sequence[dict[str, Any]], where: str, *, depth: int) -> list[str]:
    problems: list[str] = []
    if len(options) > COMMAND_OPTIONS_MAX:
        problems.append(f"{where}: {len(options)} options (max {COMMAND_OPTIONS_MAX})")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: duplicate option names {names}")
    kinds = {int(o.get("type", 3)) in (1, 2) for o in options}
    if len(kinds) > 1:
        problems.append(f"{where}: subcommands cannot be mixed with plain options")
    seen_optional = False
    for opt in options:
        otype = int(opt.get("type", 3))
        here = f"{where} {opt.get('name')}"
        problems += _check_named(opt, here)
        if otype in (1, 2):
            if otype == 2 and depth > 0 or otype == 1 and depth > 1:
                problems.append(f"{here}: subcommands nested too deep")
            if otype == 2 and any(int(o.get("type", 3)) != 1 for o in opt.get("options") or []):
                problems.append(f"{here}: a subcommand group may contain only subcommands")
            problems += _check_options(opt.get("options") or [], here, depth=depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > COMMAND_CHOICES_MAX:
            problems.append(f"{here}: {len(choices)} choices (max {COMMAND_CHOICES_MAX})")
        if choices and opt.get("autocomplete"):
            problems.append(f"{here}: autocomplete and choices are mutually exclusive")
        for choice in choices:
            problems += check_choice(choice, f"{here} choice")
    return problems


def check_choice(choice: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    if not 1 <= _length(choice.get("name")) <= OPTION_TEXT_MAX:
        problems.append(f"{where} name {str(choice.get('name'))[:30]!r} must be 1–{OPTION_TEXT_MAX} chars")
    for locale, value in (choice.get("name_localizations") or {}).items():
        if locale not in VALID_LOCALES or not 1 <= _length(value) <= OPTION_TEXT_MAX:
            problems.append(f"{where}: bad {locale} localization {value!r}")
    value = choice.get("value")
    if isinstance(value, str) and len(value) > OPTION_TEXT_MAX:
        problems.append(f"{where} value is {len(value)} chars (max {OPTION_TEXT_MAX})")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > INTEGER_BOUND:
        problems.append(f"{where} value {value} is outside ±2^53")
    return problems


def _command_chars(cmd: dict[str, Any]) -> int:
    """Combined chars of names, descriptions and choice values, worst locale (Discord counts per locale)."""
    locales = {None} | set(_all_locales(cmd))
    return max(_chars_in(cmd, locale) for locale in locales)


def _all_locales(obj: dict[str, Any]) -> Iterable[str]:
    yield from (obj.get("name_localizations") or {})
    yield from (obj.get("description_localizations") or {})
    for child in list(obj.get("options") or []) + list(obj.get("choices") or []):
        yield from _all_locales(child)


def _chars_in(obj: dict[str, Any], locale: str | None) -> int:
    def pick(key: str) -> int:
        localized = (obj.get(f"{key}_localizations") or {}).get(locale) if locale else None
        return _length(localized if localized is not None else obj.get(key))

    total = pick("name") + pick("description")
    value = obj.get("value")
    total += len(str(value)) if value is not None else 0
    for child in list(obj.get("options") or []) + list(obj.get("choices") or []):
        total += _chars_in(child, locale)
    return total
