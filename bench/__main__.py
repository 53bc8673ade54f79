"""`python -m bench [NAME ...] [-- options]`: run the benchmark modules and print one table of figures.

Each module in `bench/` exposes `run() -> list[(name, value, unit)]`; nothing here asserts a time.
Options after the names (e.g. `python -m bench load --games 20`) go to the one module named, whose
`run(argv)` parses them.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def modules(selected: list[str]) -> list[str]:
    names = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_"))
    return [name for name in names if not selected or name in selected]


def main(argv: list[str]) -> int:
    names = [arg for arg in argv if not arg.startswith("-")][:1] if any(a.startswith("-") for a in argv) else argv
    options = argv[argv.index(names[0]) + 1:] if names and len(names) == 1 and names != argv else []
    rows: list[tuple[str, str, float, str]] = []
    for name in modules(names):
        module = importlib.import_module(f"bench.{name}")
        for label, value, unit in (module.run(options) if options else module.run()):
            rows.append((name, label, value, unit))
            print(f"{name:<14} {label:<48} {value:>12,.2f} {unit}", flush=True)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
