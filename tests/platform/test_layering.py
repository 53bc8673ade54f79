"""The architecture's lines, checked on the source: no import cycles between modules, and each layer
imports only the layers below it (engine ← storage/renderers ← tabletop ← the two front ends: discord_ui
with its command adapters in cogs, and web)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "storage", "renderers", "tabletop", "discord_ui", "cogs", "web")
ALLOWED = {
    "engine": {"engine"},
    "storage": {"storage", "engine"},
    "renderers": {"renderers", "engine"},
    "tabletop": {"tabletop", "engine", "storage", "renderers"},
    "discord_ui": {"discord_ui", "cogs", "tabletop", "engine", "storage", "renderers"},
    "cogs": {"cogs", "discord_ui", "tabletop", "engine", "storage", "renderers"},
    "web": {"web", "tabletop", "engine", "storage"},
}
"""No package lists `web`: the live board is a front end nothing below it may know (bot.py starts it)."""
DELIVERY = ("tabletop.delivery", "tabletop.leagues.post", "tabletop.leagues.bracket_image", "tabletop.matchmaking.post")
"""The platform's modules that hand a commit, a reminder, a league round or a queue match to the front ends
(the one publish path fans out to Discord's threads and DMs and to the live boards' hub): the only ones
that may import the Discord front end. Nothing else in the platform knows Discord."""


def allowed(name: str) -> set[str]:
    extra = {"discord_ui"} if name.startswith(DELIVERY) else set()
    return ALLOWED[name.split(".")[0]] | extra


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """Modules imported when the file runs (imports under `if TYPE_CHECKING:` are for type hints only).
    `from package import submodule` depends on the submodule, not on the package's other contents."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                found |= {alias.name for alias in inner.names}
            elif isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                for alias in inner.names:
                    submodule = f"{inner.module}.{alias.name}"
                    found.add(submodule if submodule in modules else inner.module)
    return found


def graph() -> dict[str, set[str]]:
    files = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    modules = {module_name(path): path for path in files}
    return {name: {imported for imported in runtime_imports(path, set(modules)) if imported in modules and imported != name}
            for name, path in modules.items()}


def test_no_import_cycles() -> None:
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                cycles.append(trail[trail.index(target):] + [target] if target in trail else [node, target])
            elif target not in state:
                visit(target, [*trail, target])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_each_layer_imports_only_the_layers_below() -> None:
    wrong = [(name, imported) for name, imports in graph().items() for imported in imports
             if imported.split(".")[0] not in allowed(name)]
    assert wrong == []


def test_only_the_delivery_modules_of_the_platform_import_discord() -> None:
    files = [path for path in (ROOT / "tabletop").rglob("*.py")]
    speaking = sorted(module_name(path) for path in files
                      if any(name.split(".")[0] == "discord" for name in runtime_imports(path, set())))
    assert [name for name in speaking if not name.startswith(DELIVERY)] == []
