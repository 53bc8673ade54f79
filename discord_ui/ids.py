"""Every custom id the bot puts on a component, built and matched in one place.

Ids carry what a click needs after a restart: the game id, and for picker items the seat's decision id
and the position in its choice tree. Number groups are bounded so a forged id can never overflow a
database integer or the tree walk.
"""

from __future__ import annotations

from tabletop.presentation.picker import encode

GID = r"(?P<gid>[1-9]\d{0,17})"
DEC = r"(?P<dec>\d{1,9})"
PATH = r"(?P<path>[0-9.]{0,60})"

LOBBY = rf"tt:lobby:(?P<op>join|leave|start|cancel):{GID}"
LOBBY_OPTION = rf"tt:lopt:{GID}:(?P<key>[a-z0-9_]{{1,40}})"
TAKE = rf"tt:take:{GID}"
INFO = rf"tt:info:{GID}"
RESIGN = rf"tt:resign:{GID}"
PICK = rf"tt:pick:{GID}:{DEC}:{PATH}(?P<back>~?)"
PICK_SELECT = rf"tt:psel:{GID}:{DEC}:{PATH}"
PICK_SET = rf"tt:pset:{GID}:{DEC}:{PATH}"
VOTE = rf"tt:vote:{GID}:(?P<seat>\d{{1,2}}):(?P<choice>skip|expel)"
LOG_PAGE = rf"tt:log:{GID}:(?P<page>\d{{1,6}}):(?P<via>[fpcnl])"
REPLAY_STEP = rf"tt:replay:{GID}:(?P<step>\d{{1,6}}):(?P<via>[fpcnlbjo])"
"""History pagers: the page or step to show, and which button leads there (`via`), so two buttons
leading to the same place (⏮ and ◀ on the second page) still have distinct custom ids. `o` (open) is
the final board's Replay button: it opens the replay privately instead of turning a pager's page."""
TAKEBACK_ANSWER = rf"tt:tb:{GID}:(?P<ver>\d{{1,9}}):(?P<seat>\d):(?P<mask>\d{{1,3}}):(?P<op>yes|no)"
"""An answer to a takeback request: the game version it was asked at, the requesting seat, and the seats
that accepted so far as a bitmask (the message is edited as answers come in)."""
REMATCH = rf"tt:rematch:{GID}"
AI_PANEL = rf"tt:ai:panel:{GID}"
AI_ADD = rf"tt:ai:add:{GID}:(?P<level>easy|normal|hard)"
AI_REMOVE = rf"tt:ai:rm:{GID}:(?P<ai>[1-9]\d)"
"""An AI seat of a lobby by its reserved id without the sign (tabletop.play.ai_seats)."""
AI_RETURN = rf"tt:ai:back:{GID}:(?P<seat>\d{{1,2}})"
LIVE = rf"tt:live:{GID}"
"""Open live board: launches the bot's Activity in the channel (discord_ui.live_ui). Only the game id: the
Activity shows the game as it is when it opens, so an old button is never stale."""
RULES = r"tt:rules:(?P<game>[a-z][a-z0-9_]{0,31})"
"""The rules of a game (the button beside a practice game's tips): only the game's id."""
HINT = rf"tt:hint:{GID}:{DEC}"
"""💡 Hint under a decision's menu (discord_ui.hint_ui): refused once that seat's decision changed."""
ALL = (LOBBY, LOBBY_OPTION, TAKE, INFO, RESIGN, PICK, PICK_SELECT, PICK_SET, LOG_PAGE, REPLAY_STEP, VOTE, TAKEBACK_ANSWER, REMATCH,
       AI_PANEL, AI_ADD, AI_REMOVE, AI_RETURN, LIVE, RULES, HINT)


def lobby(op: str, game_id: int) -> str:
    return f"tt:lobby:{op}:{game_id}"


def lobby_option(game_id: int, key: str) -> str:
    return f"tt:lopt:{game_id}:{key}"


def take(game_id: int) -> str:
    return f"tt:take:{game_id}"


def info(game_id: int) -> str:
    return f"tt:info:{game_id}"


def resign(game_id: int) -> str:
    return f"tt:resign:{game_id}"


def pick(game_id: int, decision: int, path: tuple[int, ...], *, back: bool = False) -> str:
    return f"tt:pick:{game_id}:{decision}:{encode(path)}" + ("~" if back else "")


def pick_select(game_id: int, decision: int, path: tuple[int, ...]) -> str:
    return f"tt:psel:{game_id}:{decision}:{encode(path)}"


def pick_set(game_id: int, decision: int, path: tuple[int, ...]) -> str:
    return f"tt:pset:{game_id}:{decision}:{encode(path)}"


def log_page(game_id: int, page: int, via: str) -> str:
    return f"tt:log:{game_id}:{page}:{via}"


def replay_step(game_id: int, step: int, via: str) -> str:
    return f"tt:replay:{game_id}:{step}:{via}"


def replay_open(game_id: int) -> str:
    return replay_step(game_id, 0, "o")


def vote(game_id: int, seat: int, choice: str) -> str:
    return f"tt:vote:{game_id}:{seat}:{choice}"


def takeback_answer(game_id: int, version: int, seat: int, accepted: int, op: str) -> str:
    return f"tt:tb:{game_id}:{version}:{seat}:{accepted}:{op}"


def rematch(game_id: int) -> str:
    return f"tt:rematch:{game_id}"


def ai_panel(game_id: int) -> str:
    return f"tt:ai:panel:{game_id}"


def ai_add(game_id: int, level: str) -> str:
    return f"tt:ai:add:{game_id}:{level}"


def ai_remove(game_id: int, user_id: int) -> str:
    return f"tt:ai:rm:{game_id}:{-user_id}"


def ai_return(game_id: int, seat: int) -> str:
    return f"tt:ai:back:{game_id}:{seat}"


def rules(game_id: str) -> str:
    return f"tt:rules:{game_id}"


def live(game_id: int) -> str:
    return f"tt:live:{game_id}"


def hint(game_id: int, decision: int) -> str:
    return f"tt:hint:{game_id}:{decision}"
