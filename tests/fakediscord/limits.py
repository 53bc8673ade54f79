"""Discord's documented payload limits, checked on everything the bot sends and every command tree.

Real Discord rejects a violating payload with 400 / 50035 "Invalid Form Body" at runtime, usually in
front of players; checking every payload in tests moves that failure to CI. Each check returns a list
of human-readable violations (empty = valid); the fake records them as errors. The command-tree rules
live in `discord_ui/limits.py`, because `bot.py --check` applies them before a real sync.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence


from discord_ui.limits import (  # noqa: F401 - the command rules live with the bot; re-exported for the fake
    OPTION_TEXT_MAX,
    check_choice,
    check_command,
    check_commands,
    valid_command_name,
)

from .records import COMPONENTS_V2_FLAG, walk_components

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
PLACEHOLDER_MAX = 150
FILES_MAX = 10
FILE_SIZE_MAX = 10 * 1024 * 1024
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
AUTOCOMPLETE_CHOICES_MAX = 25


SELECT_TYPES = (3, 5, 6, 7, 8)


def _length(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


# --------------------------------------------------------------------------- messages


def check_message(payload: dict[str, Any], file_sizes: Sequence[tuple[str, int]] = ()) -> list[str]:
    """Limits of a create/edit message payload (also interaction callback data and webhook bodies)."""
    problems: list[str] = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        problems.append(f"content is {len(content)} chars (max {CONTENT_MAX})")
    embeds = payload.get("embeds") or []
    problems += check_embeds(embeds, [name for name, _ in file_sizes] + _kept_attachment_names(payload))
    flags = int(payload.get("flags") or 0)
    components = payload.get("components") or []
    if flags & COMPONENTS_V2_FLAG:
        problems += _check_v2_components(components, payload)
    else:
        problems += check_components(components)
    if len(file_sizes) > FILES_MAX:
        problems.append(f"{len(file_sizes)} files attached (max {FILES_MAX})")
    for name, size in file_sizes:
        if size > FILE_SIZE_MAX:
            problems.append(f"file {name!r} is {size} bytes (max {FILE_SIZE_MAX})")
    return problems


def _kept_attachment_names(payload: dict[str, Any]) -> list[str]:
    return [a["filename"] for a in payload.get("attachments") or [] if isinstance(a, dict) and "filename" in a]


def check_embeds(embeds: Sequence[dict[str, Any]], filenames: Sequence[str] = ()) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embed[{i}]"
        title, description = embed.get("title"), embed.get("description")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        for label, value, limit in (
            ("title", title, EMBED_TITLE_MAX),
            ("description", description, EMBED_DESCRIPTION_MAX),
            ("footer.text", footer, EMBED_FOOTER_MAX),
            ("author.name", author, EMBED_AUTHOR_MAX),
        ):
            if _length(value) > limit:
                problems.append(f"{where}.{label} is {_length(value)} chars (max {limit})")
            total += _length(value)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"{where} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
        for j, fld in enumerate(fields):
            name, value = fld.get("name"), fld.get("value")
            if not name or not value:
                problems.append(f"{where}.fields[{j}] needs a non-empty name and value")
            if _length(name) > EMBED_FIELD_NAME_MAX:
                problems.append(f"{where}.fields[{j}].name is {_length(name)} chars (max {EMBED_FIELD_NAME_MAX})")
            if _length(value) > EMBED_FIELD_VALUE_MAX:
                problems.append(f"{where}.fields[{j}].value is {_length(value)} chars (max {EMBED_FIELD_VALUE_MAX})")
            total += _length(name) + _length(value)
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url", "")
            if isinstance(url, str) and url.startswith("attachment://") and url[len("attachment://"):] not in filenames:
                problems.append(f"{where}.{key} refers to {url!r} but no attachment has that filename")
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds total {total} chars (max {EMBED_TOTAL_MAX})")
    return problems


def check_components(rows: Sequence[dict[str, Any]]) -> list[str]:
    """Classic (non-v2) components: up to 5 action rows of up to 5 buttons or exactly one select."""
    problems: list[str] = []
    if len(rows) > ACTION_ROWS_MAX:
        problems.append(f"{len(rows)} action rows (max {ACTION_ROWS_MAX})")
    for r, row in enumerate(rows):
        if row.get("type") != 1:
            problems.append(f"top-level component {r} has type {row.get('type')}, expected an action row (1)")
            continue
        children = row.get("components") or []
        if not children:
            problems.append(f"action row {r} is empty")
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            problems.append(f"action row {r}: a select menu must be alone in its row")
        if len(children) > BUTTONS_PER_ROW_MAX:
            problems.append(f"action row {r} has {len(children)} components (max {BUTTONS_PER_ROW_MAX})")
    problems += _check_interactive(list(walk_components(list(rows))))
    return problems


def _check_v2_components(components: Sequence[dict[str, Any]], payload: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if payload.get("content") or payload.get("embeds"):
        problems.append("a components-v2 message cannot have content or embeds")
    every = list(walk_components(list(components)))
    if len(every) > V2_COMPONENTS_MAX:
        problems.append(f"{len(every)} components (max {V2_COMPONENTS_MAX})")
    text = sum(_length(c.get("content")) for c in every if c.get("type") == 10)
    if text > V2_TEXT_MAX:
        problems.append(f"text displays total {text} chars (max {V2_TEXT_MAX})")
    for c in every:
        if c.get("type") == 1:
            children = c.get("components") or []
            if any(k.get("type") in SELECT_TYPES for k in children) and len(children) > 1:
                problems.append("a select menu must be alone in its action row")
            if len(children) > BUTTONS_PER_ROW_MAX:
                problems.append(f"action row has {len(children)} components (max {BUTTONS_PER_ROW_MAX})")
    return problems + _check_interactive(every)


def _check_interactive(components: Iterable[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for comp in components:
        ctype = comp.get("type")
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
                problems.append(f"custom_id {custom_id[:40]!r}… is {len(custom_id)} chars (1–{CUSTOM_ID_MAX})")
            if custom_id in seen:
                problems.append(f"custom_id {custom_id!r} is used twice in one message")
            seen.add(custom_id)
        if ctype == 2:
            problems += _check_button(comp)
        elif ctype in SELECT_TYPES:
            problems += _check_select(comp)
    return problems


def _check_button(button: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    label = button.get("label")
    if _length(label) > BUTTON_LABEL_MAX:
        problems.append(f"button label {label[:30]!r}… is {len(label)} chars (max {BUTTON_LABEL_MAX})")
    if not label and not button.get("emoji"):
        problems.append(f"button {button.get('custom_id')!r} has neither a label nor an emoji")
    style = button.get("style")
    if style == 5:
        if not button.get("url") or "custom_id" in button:
            problems.append("a link button needs a url and no custom_id")
    elif style != 6 and "custom_id" not in button:
        problems.append(f"button {label!r} (style {style}) needs a custom_id")
    return problems


def _check_select(select: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    where = f"select {select.get('custom_id')!r}"
    if _length(select.get("placeholder")) > PLACEHOLDER_MAX:
        problems.append(f"{where} placeholder is longer than {PLACEHOLDER_MAX}")
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    if not 0 <= low <= SELECT_OPTIONS_MAX or not 1 <= high <= SELECT_OPTIONS_MAX or low > high:
        problems.append(f"{where} has min_values={low}, max_values={high}")
    if select.get("type") != 3:
        return problems
    options = select.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        problems.append(f"{where} has {len(options)} options (1–{SELECT_OPTIONS_MAX})")
    if high > len(options):
        problems.append(f"{where} max_values={high} exceeds its {len(options)} options")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{where} has duplicate option values")
    for o in options:
        for key in ("label", "value"):
            if not 1 <= _length(o.get(key)) <= OPTION_TEXT_MAX:
                problems.append(f"{where} option {key} {str(o.get(key))[:30]!r} must be 1–{OPTION_TEXT_MAX} chars")
        if _length(o.get("description")) > OPTION_TEXT_MAX:
            problems.append(f"{where} option description is longer than {OPTION_TEXT_MAX}")
    return problems


# --------------------------------------------------------------------------- interaction callbacks


def check_autocomplete(choices: Sequence[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        problems.append(f"{len(choices)} autocomplete choices (max {AUTOCOMPLETE_CHOICES_MAX})")
    for c in choices:
        problems += check_choice(c, "autocomplete choice")
    return problems


def check_modal(modal: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    title = modal.get("title")
    if not 1 <= _length(title) <= MODAL_TITLE_MAX:
        problems.append(f"modal title must be 1–{MODAL_TITLE_MAX} chars")
    custom_id = modal.get("custom_id")
    if not 1 <= _length(custom_id) <= CUSTOM_ID_MAX:
        problems.append(f"modal custom_id must be 1–{CUSTOM_ID_MAX} chars")
    components = modal.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        problems.append(f"modal has {len(components)} top-level components (1–{MODAL_COMPONENTS_MAX})")
    for comp in walk_components(list(components)):
        if comp.get("type") == 4:
            if _length(comp.get("label")) > TEXT_INPUT_LABEL_MAX:
                problems.append(f"text input label is longer than {TEXT_INPUT_LABEL_MAX}")
            if _length(comp.get("value")) > TEXT_INPUT_VALUE_MAX:
                problems.append(f"text input value is longer than {TEXT_INPUT_VALUE_MAX}")
            if _length(comp.get("placeholder")) > OPTION_TEXT_MAX:
                problems.append(f"text input placeholder is longer than {OPTION_TEXT_MAX}")
    return problems + _check_interactive(walk_components(list(components)))
