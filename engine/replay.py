"""`python -m engine.replay FILE [--lang ja|en] [--steps]`: replay an exported game and check it.

For reviewing a finished asynchronous game, or a bug report's attachment, without the bot: the file is
what `engine.core.export.export_match` wrote. `--steps` lists every logged entry; the result (or who is
awaited, for a game still in progress) is always printed, in the chosen language.

Exit status: 0 when the replay reaches the recorded final state; 1 when it does not (a logged entry is
refused, or the final version, state or result differ); 2 when the file cannot be read as an export
(missing, not JSON, malformed fields). Expected failures print one line to stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Mapping, TextIO

from engine.core.errors import ExportError, MalformedExport
from engine.core.export import check_final, entries, replay_entries, start
from engine.core.match import Match
from engine.core.types import T, Text

READ_FAILED = 2
MISMATCH = 1

RESULT = T("結果: {summary}", "Result: {summary}")
PLACE = T("{rank}位 {name}", "{rank}. {name}")
SCORE = T(" 得点{score}", ", score {score}")
NAMED_SCORE = T("({label}: {score})", " ({label}: {score})")
IN_PROGRESS = T("ゲームは進行中です。待っている席: {names}", "The game is in progress; waiting for: {names}")
SEAT = T("席{seat}({name})", "seat {seat} ({name})")
VERIFIED = T("記録された最終局面と一致しました。", "The replay matches the recorded final state.")
ERROR = T("エラー: {reason}", "Error: {reason}")
UNREADABLE = T("ファイルを読めません: {detail}", "Cannot read the file: {detail}")
NOT_JSON = T("JSON として読めません: {detail}", "Not valid JSON: {detail}")


def main(argv: list[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--lang", choices=("ja", "en"), default="en")
    parser.add_argument("--steps", action="store_true", help="print one line per logged entry")
    args = parser.parse_args(argv)
    lang: str = args.lang
    try:
        data = json.loads(args.file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        return fail(err, lang, UNREADABLE.with_args(detail=error), READ_FAILED)
    except json.JSONDecodeError as error:
        return fail(err, lang, NOT_JSON.with_args(detail=error), READ_FAILED)
    try:
        match = start(data)
        log = entries(data, match.players)
    except MalformedExport as refused:
        return fail(err, lang, refused.reason, READ_FAILED)
    names = {seat["seat"]: seat["name"] for seat in data["seats"]}
    try:
        for entry, step in replay_entries(match, log):
            if args.steps:
                print(f"{entry.seq:>5}  {seat_label(lang, entry.seat, names)}  {entry.action}", file=out)
            match = step.match
    except ExportError as refused:
        return fail(err, lang, refused.reason, MISMATCH, names)
    print_result(out, lang, match, names)
    try:
        check_final(data, match)
    except ExportError as refused:
        return fail(err, lang, refused.reason, MISMATCH, names)
    print(VERIFIED.render(lang), file=out)
    return 0


def seat_label(lang: str, seat: int, names: Mapping[int, str]) -> str:
    """"seat 1 (Alice)": the number keeps lines aligned with the file, the name makes them readable."""
    return SEAT.with_args(seat=seat, name=names[seat]).render(lang)


def print_result(out: TextIO, lang: str, match: Match, names: Mapping[int, str]) -> None:
    """The outcome's sentence and every seat by place, or who the game still waits for."""
    outcome = match.outcome
    if outcome is None:
        waiting = ", ".join(seat_label(lang, seat, names) for seat in match.awaited_seats())
        print(IN_PROGRESS.with_args(names=waiting).render(lang), file=out)
        return
    print(RESULT.with_args(summary=outcome.summary.render(lang, names)).render(lang), file=out)
    for seat in sorted(range(match.players), key=lambda seat: (outcome.ranks[seat], seat)):
        line = PLACE.with_args(rank=outcome.ranks[seat], name=seat_label(lang, seat, names)).render(lang)
        if outcome.scores is not None:
            score = _number(outcome.scores[seat])
            label = outcome.score_name.get(lang) if outcome.score_name else None
            line += (NAMED_SCORE.with_args(label=label, score=score) if label else SCORE.with_args(score=score)).render(lang)
        print(line, file=out)


def _number(value: Any) -> str:
    """Scores are floats in the contract; whole ones print without a trailing ".0"."""
    return str(int(value)) if float(value).is_integer() else str(value)


def fail(err: TextIO, lang: str, reason: Text, status: int, names: Mapping[int, str] | None = None) -> int:
    print(ERROR.with_args(reason=reason.render(lang, names)).render(lang), file=err)
    return status


if __name__ == "__main__":
    sys.exit(main())
