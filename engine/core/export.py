"""A played game as one JSON document, and its replay: for archives, bug reports and async review.

The document carries what replays the game (game id, players, options, seed, the log exactly as stored,
platform entries included) and what checks the replay (the final version, a hash of the final state and
the result), so a file that was edited, or that an engine change no longer reproduces, is caught:

    {"format": "tabletop-game/1", "game": "warchest", "players": 2, "options": {...}, "seed": 7,
     "seats": [{"seat": 0, "name": "..."}, ...],
     "actions": [{"seq": 1, "seat": 0, "action": "archer:deploy:E1"}, ...],
     "result": Outcome.to_json() or null,
     "final": {"version": 12, "state_sha256": "..."}}

The hash is SHA-256 of the final game state as canonical JSON (sorted keys, compact separators, ASCII).
Every malformed field is refused with a bilingual reason before anything is replayed.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from engine import registry
from engine.core.errors import ExportMismatch, GameError, IllegalLog, MalformedExport
from engine.core.game import Game, echo
from engine.core.match import Match, Step
from engine.core.types import Outcome, T, Text

FORMAT = "tabletop-game/1"
SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One logged entry of an export: its sequence number (from 1), the seat, and the notation."""

    seq: int
    seat: int
    action: str


def state_digest(state: Mapping[str, Any]) -> str:
    """SHA-256 of the state's canonical JSON: the same on every platform and Python version."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def export_match(match: Match, log: Sequence[tuple[int, str]], seat_names: Sequence[str]) -> dict[str, Any]:
    """The export of `match`, reached from its seed by `log` (the (seat, notation) entries as stored).

    `seat_names[i]` names seat i (the Discord layer knows who sat where; the engine does not).
    """
    if len(seat_names) != match.players:
        raise ValueError(f"{len(seat_names)} seat names for {match.players} players")
    outcome = match.outcome
    return {
        "format": FORMAT,
        "game": match.game.id,
        "players": match.players,
        "options": dict(match.options),
        "seed": match.seed,
        "seats": [{"seat": seat, "name": str(name)} for seat, name in enumerate(seat_names)],
        "actions": [{"seq": seq, "seat": seat, "action": notation} for seq, (seat, notation) in enumerate(log, 1)],
        "result": outcome.to_json() if outcome else None,
        "final": {"version": match.version, "state_sha256": state_digest(match.state)},
    }


def replay_export(data: Any) -> Match:
    """The match an export describes, replayed from its seed: MalformedExport for a malformed field,
    IllegalLog for the first logged entry the rules refuse."""
    match = start(data)
    for _, step in replay_entries(match, entries(data, match.players)):
        match = step.match
    return match


def verify_export(data: Any) -> Match:
    """`replay_export`, then `check_final`: the replayed match, or ExportMismatch."""
    match = replay_export(data)
    check_final(data, match)
    return match


def check_final(data: Mapping[str, Any], match: Match) -> None:
    """ExportMismatch unless `match` (the export replayed) ends at the recorded version, state hash and
    result (ranks, reason, scores)."""
    final = data["final"]
    if match.version != final["version"]:
        raise ExportMismatch(T(
            f"再生後のバージョンが {match.version} で、記録の {final['version']} と一致しません。",
            f"The replay ends at version {match.version}, not at the recorded {final['version']}.",
        ))
    if state_digest(match.state) != final["state_sha256"]:
        raise ExportMismatch(T("再生後の盤面が記録された最終局面と一致しません。",
                               "The replayed final state does not match the recorded one."))
    if _result_key(match.outcome) != _result_key(_recorded_result(data)):
        raise ExportMismatch(T("再生した結果が記録された結果と一致しません。",
                               "The replayed result does not match the recorded one."))


def start(data: Any) -> Match:
    """The match at the export's start, every field but the log checked."""
    if not isinstance(data, dict):
        raise _malformed("全体がオブジェクトではありません", "the document is not a JSON object")
    if data.get("format") != FORMAT:
        shown = echo(str(data.get("format")))
        raise _malformed(f"形式「{shown}」には対応していません", f"format “{shown}” is not {FORMAT}")
    game = _game(data.get("game"))
    players = _integer(data, "players")
    seed = _integer(data, "seed")
    options = data.get("options")
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise _malformed("options が文字列の対応表ではありません", "options is not an object of strings")
    _check_seats(data.get("seats"), players)
    _recorded_result(data)
    _check_final(data.get("final"))
    try:
        return Match.start(game, players, seed, options)
    except GameError as refused:
        reason = refused.reason
        raise MalformedExport(Text(f"エクスポートの設定が不正です: {reason.ja}",
                                   f"The export's setup is invalid: {reason.en}", reason.args)) from None


def entries(data: Mapping[str, Any], players: int) -> list[Entry]:
    """The export's log, each entry checked for shape, numbering (from 1) and seat range."""
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise _malformed("actions がリストではありません", "actions is not a list")
    found = []
    for index, item in enumerate(actions, 1):
        if not isinstance(item, dict):
            raise _malformed(f"{index}番目の記録がオブジェクトではありません", f"entry {index} is not an object")
        seq, seat, action = item.get("seq"), item.get("seat"), item.get("action")
        if not _is_int(seq) or seq != index:
            raise _malformed(f"{index}番目の記録の seq が {index} ではありません", f"entry {index} has seq other than {index}")
        if not _is_int(seat) or not 0 <= seat < players:
            raise _malformed(f"{index}番目の記録の席番号が不正です", f"entry {index} has a seat outside 0–{players - 1}")
        if not isinstance(action, str):
            raise _malformed(f"{index}番目の記録の action が文字列ではありません", f"entry {index} has a non-string action")
        found.append(Entry(seq, seat, action))
    return found


def replay_entries(match: Match, log: Sequence[Entry]) -> Iterator[tuple[Entry, Step]]:
    """Each entry of `log` replayed from `match`, with its step; IllegalLog names the first one refused."""
    steps = match.replay_steps((entry.seat, entry.action) for entry in log)
    for entry in log:
        try:
            step = next(steps)
        except GameError as refused:
            shown, who = echo(entry.action), "{s%d}" % entry.seat
            reason = Text(
                f"{entry.seq}番目の記録({who}「{shown}」)を再生できません: {refused.reason.ja}",
                f"Entry {entry.seq} ({who}, “{shown}”) cannot be replayed: {refused.reason.en}",
                refused.reason.args,
            )
            raise IllegalLog(reason, entry.seq) from None
        yield entry, step


def _game(game_id: Any) -> Game:
    if not isinstance(game_id, str):
        raise _malformed("game が文字列ではありません", "game is not a string")
    found = registry.games().get(game_id)
    if found is None:
        shown = echo(game_id)
        raise _malformed(f"不明なゲーム「{shown}」です", f"unknown game “{shown}”")
    return found


def _is_int(value: Any) -> bool:
    """JSON integers only: `True` is an int to Python but not a seat number."""
    return isinstance(value, int) and not isinstance(value, bool)


def _integer(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not _is_int(value):
        raise _malformed(f"{key} が整数ではありません", f"{key} is not an integer")
    return value


def _check_seats(seats: Any, players: int) -> None:
    if not isinstance(seats, list) or len(seats) != players:
        raise _malformed(f"seats が{players}席のリストではありません", f"seats is not a list of {players} seats")
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("seat") != index or not _is_int(seat.get("seat")):
            raise _malformed(f"seats の{index + 1}番目の席番号が {index} ではありません",
                             f"seats entry {index + 1} is not seat {index}")
        if not isinstance(seat.get("name"), str):
            raise _malformed(f"席{index}の名前が文字列ではありません", f"seat {index} has no name string")


def _check_final(final: Any) -> None:
    if not isinstance(final, dict) or not _is_int(final.get("version")):
        raise _malformed("final.version が整数ではありません", "final.version is not an integer")
    digest = final.get("state_sha256")
    if not isinstance(digest, str) or not SHA256.fullmatch(digest):
        raise _malformed("final.state_sha256 が SHA-256 の16進表記ではありません",
                         "final.state_sha256 is not a hexadecimal SHA-256")


def _recorded_result(data: Mapping[str, Any]) -> Outcome | None:
    result = data.get("result")
    if result is None:
        return None
    try:
        outcome = Outcome.from_json(result)
    except (AttributeError, KeyError, TypeError, ValueError):
        raise _malformed("result が結果の形式ではありません", "result is not a game result") from None
    if len(outcome.ranks) != data["players"] or not all(map(_is_int, outcome.ranks)):
        raise _malformed("result の順位が席の数と合いません", "result does not rank every seat")
    return outcome


def _result_key(outcome: Outcome | None) -> tuple[Any, ...] | None:
    """What a result must agree on: ranks, reason and scores (the sentence may be reworded between versions)."""
    return None if outcome is None else (outcome.ranks, outcome.reason, outcome.scores)


def _malformed(ja: str, en: str) -> MalformedExport:
    return MalformedExport(T(f"エクスポートの形式が不正です: {ja}。", f"Malformed export: {en}."))
