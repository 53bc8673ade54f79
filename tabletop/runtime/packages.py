"""A game is one declared package: everything the platform needs to host it, checked by `bot.py --check`.

A game's cog module declares it once (`PACKAGE = declare(GamePackage(...))`) next to the game's own
commands; the platform reads rules, renderer and automatic answers from here and nowhere else, so adding
a game edits nothing shared. `problems()` turns every missing or broken piece into one line naming the
game and the piece.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from engine import registry
from engine.core.game import Game
from engine.core.match import Match
from engine.core.types import LOCALES, Text
from renderers import GameRenderer, RenderContext
from renderers import register as register_renderer

Responder = Callable[[Match, int, Mapping[str, Any]], "str | None"]
DATA = Path(__file__).resolve().parents[2] / "data"
GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass(frozen=True, slots=True)
class GamePackage:
    """One hosted game.

    - `game`: the engine (registered with the engine registry on declaration);
    - `renderer`: draws its frames (board, and private views when `private_images`);
    - `rules`: locale → the rules document shown by `/game rules` and `/<game> rules`;
    - `private_images`: whether a seat's private view is drawn (a game with no hidden information says
      False, and no private image is ever rendered or sent for it);
    - `auto_answer`: answers a seat's decision from that player's stored preferences, or None;
    - `skip`: the move that skips a seat's turn when its clock runs out, or None where the game has no
      pass (the platform then forfeits); without it, a legal action named `pass` or `…:pass` is used;
    - `replay_reveals_private`: whether `/game replay` of a finished game also shows every seat's private
      image at each step. Off by default: what was secret during play (a bag, a hand) stays secret
      afterwards unless the game decides that revealing it once the game is over is right.
    """

    game: Game
    renderer: GameRenderer
    rules: Mapping[str, Path]
    private_images: bool = True
    auto_answer: Responder | None = None
    replay_reveals_private: bool = False
    skip: Callable[[Match, int], "str | None"] | None = None

    @property
    def id(self) -> str:
        return self.game.id


_PACKAGES: dict[str, GamePackage] = {}


def declare(package: GamePackage) -> GamePackage:
    """Register the package, its engine and its renderer; returns it so a cog can keep it as `PACKAGE`."""
    if registry.games().get(package.id) is not package.game:
        registry.register(package.game)
    register_renderer(package.id, package.renderer)
    _PACKAGES[package.id] = package
    return package


def rules_files(game_id: str) -> dict[str, Path]:
    """The conventional place of a game's rules: `data/<game>/rules.<locale>.md`."""
    return {locale: DATA / game_id / f"rules.{locale}.md" for locale in LOCALES}


def tips_file(game_id: str) -> Path:
    """Where a game's first-time tips live, beside its rules: `data/<game>/tips.json` (discord_ui.tips)."""
    return DATA / game_id / "tips.json"


def get(game_id: str) -> GamePackage | None:
    return _PACKAGES.get(game_id)


def declared() -> dict[str, GamePackage]:
    return dict(sorted(_PACKAGES.items()))


def skip_action(match: Match, seat: int) -> str | None:
    """The move that skips the seat's turn when its clock ran out: the package's `skip` when it has one,
    else the legal action named `pass` (or `…:pass`; the first, in the engine's order); None when the
    game offers no pass here (the platform then forfeits)."""
    package = _PACKAGES.get(match.game.id)
    if package is not None and package.skip is not None:
        return package.skip(match, seat)
    return next((action.notation for action in match.legal_actions(seat)
                 if action.notation == "pass" or action.notation.endswith(":pass")), None)


def problems(package: GamePackage) -> list[str]:
    """Every missing or broken piece of one package, one line each."""
    found: list[str] = []
    name = package.id

    def fail(piece: str, why: str) -> None:
        found.append(f"game {name}: {piece}: {why}")

    if not GAME_ID.match(name):
        fail("id", "must be 1-32 lowercase letters, digits or _ (it names slash commands)")
    for piece, text in _texts(package.game):
        for locale in LOCALES:
            if not text.get(locale).strip():
                fail(piece, f"no {locale} text")
    for locale in LOCALES:
        path = package.rules.get(locale)
        if path is None or not path.is_file() or not path.read_text(encoding="utf-8").strip():
            fail(f"rules ({locale})", f"{path or 'not declared'} is missing or empty")
    if package.auto_answer is not None and not callable(package.auto_answer):
        fail("automatic answers", "not callable")
    _render_problems(package, fail)
    return found


def _texts(game: Game) -> list[tuple[str, Text]]:
    texts = [("name", game.name), ("summary", game.summary)]
    for spec in game.options:
        texts.append((f"option {spec.key}", spec.label))
        texts += [(f"option {spec.key}={choice.key}", choice.label) for choice in spec.choices]
    return texts


def _render_problems(package: GamePackage, fail: Callable[[str, str], None]) -> None:
    """Draw the first position of every table size, public and each seat's, as `private_images` says."""
    for players in package.game.player_counts:
        try:
            match = Match.start(package.game, players, 1, {})
        except Exception as error:  # noqa: BLE001 - reported as the package's problem
            fail(f"engine ({players} players)", f"cannot start: {error}")
            continue
        ctx = RenderContext("en", tuple(f"P{seat + 1}" for seat in range(players)))
        try:
            if package.renderer.board(match.frame(None), ctx) is None:
                fail("renderer", "board() returned no image")
            for seat in range(players):
                image = package.renderer.private(match.frame(seat), ctx)
                if package.private_images is False and image is not None:
                    fail("renderer", "private() drew an image but the package says private_images=False")
        except Exception as error:  # noqa: BLE001 - reported as the package's problem
            fail(f"renderer ({players} players)", f"{type(error).__name__}: {error}")
            return


def missing_packages() -> list[str]:
    """Engines with no declared package: playable by nobody, so `--check` refuses them."""
    return [f"game {game_id}: package: not declared (add PACKAGE = declare(GamePackage(...)) to its cog)"
            for game_id in registry.games() if game_id not in _PACKAGES]
