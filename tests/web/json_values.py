"""The string values of a JSON value: what a privacy check looks for in every response a viewer gets."""

from __future__ import annotations

from typing import Any


def values(value: Any) -> set[str]:
    """Every string value in a JSON value (not the keys: those are each format's own words)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {text for item in value.values() for text in values(item)}
    if isinstance(value, (list, tuple)):
        return {text for item in value for text in values(item)}
    return set()
