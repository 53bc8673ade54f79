"""The engine is pure rules: no discord import anywhere under engine/ (checked on the source text)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_engine_never_imports_discord() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == "discord" or name.startswith("discord.") for name in names):
                offenders.append(str(path.relative_to(ENGINE.parent)))
    assert offenders == []
