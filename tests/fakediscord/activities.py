"""The application's Activity, as Discord treats it: the LAUNCH_ACTIVITY interaction response and the
Entry Point command.

    world.activities.enable()          # Activities turned on in the developer portal: Discord then
                                       # creates the global Entry Point command "launch" (type 4, handler 2)
    rec = await world.click(alice, board, "tt:live:7")
    rec.response_type == 12; world.activities.launches[-1].channel_id

- LAUNCH_ACTIVITY (callback type 12) answers an application command, a component or a modal submit, and
  only for an application with Activities ("Only available for apps with Activities enabled"); otherwise
  Discord refuses the callback, and the interaction stays unanswered.
- A global bulk overwrite (PUT /applications/{id}/commands) that leaves out the existing Entry Point
  command is refused whole: 400 / 50240 "You cannot remove this app's Entry Point command in a bulk update
  operation". An Entry Point command cannot be a guild command, there is at most one, and `handler` is only
  for it and only with Activities.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .http import Request

if TYPE_CHECKING:
    from .records import InteractionRecord
    from .world import FakeDiscord

LAUNCH_ACTIVITY = 12
PRIMARY_ENTRY_POINT = 4
DISCORD_LAUNCH_ACTIVITY = 2
LAUNCH_ANSWERS = (2, 3, 5)
"""Interaction types a LAUNCH_ACTIVITY may answer: application command, component, modal submit."""
ENTRY_POINT_REMOVED = (400, 50240, "You cannot remove this app's Entry Point command in a bulk update operation. "
                                   "Please include the Entry Point command in your update request or delete it separately.")


@dataclass(frozen=True)
class ActivityLaunch:
    """One Activity Discord launched for a user, in the channel of the interaction it answered."""

    interaction_id: int
    user_id: int
    channel_id: int
    guild_id: int | None
    instance_id: str


class Activities:
    def __init__(self, world: "FakeDiscord") -> None:
        self.world = world
        self.enabled = False
        self.launches: list[ActivityLaunch] = []

    def enable(self) -> dict[str, Any]:
        """Turn Activities on, as the developer portal does: the default Entry Point command appears among
        the global commands (a sync must keep it). Returns it."""
        self.enabled = True
        commands = self.world.synced_commands.setdefault(None, [])
        existing = next((cmd for cmd in commands if cmd.get("type") == PRIMARY_ENTRY_POINT), None)
        if existing is not None:
            return existing
        entry = {"id": str(self.world._command_id("launch", None)), "application_id": str(self.world.bot_user.id),
                 "version": str(self.world.ids.next()), "type": PRIMARY_ENTRY_POINT, "name": "launch",
                 "description": f"Launch {self.world.bot_user.name}", "handler": DISCORD_LAUNCH_ACTIVITY,
                 "integration_types": [0, 1], "contexts": [0, 1, 2]}
        commands.append(entry)
        return entry

    def launch(self, rec: "InteractionRecord", req: Request) -> dict[str, Any]:
        """A LAUNCH_ACTIVITY callback: the resource Discord answers with, or its refusal raised."""
        if rec.type not in LAUNCH_ANSWERS:
            self.world._error("callback", f"LAUNCH_ACTIVITY is invalid for interaction type {rec.type}")
            raise self.world.reject(req.method, req.path, 400, 50035, "Invalid callback type 12")
        if not self.enabled:
            raise self.world.reject(req.method, req.path, 400, 50035,
                                    "Invalid Form Body: LAUNCH_ACTIVITY needs an application with Activities enabled")
        launched = ActivityLaunch(rec.id, rec.user.id, rec.channel_id, rec.guild_id, f"i-{self.world.ids.next()}")
        self.launches.append(launched)
        return {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": launched.instance_id}}

    def check_overwrite(self, req: Request, scope: int | None, payload: list[dict[str, Any]]) -> None:
        """Refuse a bulk overwrite as Discord does when it breaks the Entry Point command's rules."""
        entries = [cmd for cmd in payload if int(cmd.get("type") or 1) == PRIMARY_ENTRY_POINT]
        if any("handler" in cmd and cmd.get("handler") is not None for cmd in payload if cmd not in entries):
            raise self._refused(req, "handler is only for PRIMARY_ENTRY_POINT commands")
        if entries and scope is not None:
            raise self._refused(req, "an Entry Point command cannot be a guild command")
        if len(entries) > 1:
            raise self._refused(req, "an application has at most one Entry Point command")
        if entries and not self.enabled:
            raise self._refused(req, "an Entry Point command needs an application with Activities enabled")
        existing = any(cmd.get("type") == PRIMARY_ENTRY_POINT for cmd in self.world.synced_commands.get(scope, []))
        if scope is None and existing and not entries:
            status, code, message = ENTRY_POINT_REMOVED
            raise self.world.reject(req.method, req.path, status, code, message, req.body)

    def _refused(self, req: Request, problem: str) -> Exception:
        return self.world.reject(req.method, req.path, 400, 50035, f"Invalid Form Body: {problem}", req.body)
