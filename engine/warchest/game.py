"""War Chest as a Game: the contract's methods wired to the rule modules of this package."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.errors import IllegalAction
from engine.core.game import Game, OptionSpec, choice
from engine.core.rng import Rng
from engine.core.types import Action, Choice, Decision, Event, Outcome, T, Text
from engine.warchest import actions, explain, moves, resolve, setup, views
from engine.warchest.flow import ROUND_LIMIT, who
from engine.warchest.units import SETUPS

State = Mapping[str, Any]

PROMPTS: dict[str, Text] = {
    "draft": T("ドラフト: ユニットカードを1枚選んでください。", "Draft: pick a unit card."),
    "turn": T("手元のコインを1枚使ってください。", "Use one coin from your hand."),
    "guard": T("近衛隊が攻撃されました。供給とユニットのどちらからコインを失いますか?",
               "Your Royal Guard is attacked: lose the coin from your supply or from the unit?"),
    "priest": T("戦僧の効果で引いたコインを今すぐ使ってください。", "Use the coin the Warrior Priest drew, now."),
    "swordsman": T("剣士: 1マス移動できます(しなくてもよい)。", "Swordsman: you may move one hex, or skip."),
    "berserker": T("狂戦士: コインを1枚捨ててもう一度作戦できます(しなくてもよい)。",
                   "Berserker: discard one of its coins to maneuver again, or skip."),
    "mercenary": T("傭兵: 作戦を1回できます(しなくてもよい)。", "Mercenary: you may make one maneuver, or skip."),
    "footman": T("歩兵の戦術: 作戦する歩兵と作戦を選んでください。", "Footman tactic: choose a Footman and its maneuver."),
}

PUBLIC_FOLLOWUPS = frozenset({"guard", "swordsman", "berserker", "mercenary", "footman"})
"""Follow-ups whose options the board alone decides (the Royal Guard's pair is fixed), so a forced one
reveals nothing when taken at once. The Warrior Priest's follow-up is not among them: its options come
from the coin it drew, which only its owner has seen."""

PLACED = T("置いた占領マーカー", "control markers placed")
"""What War Chest's outcome scores count (each seat shows its side's markers)."""


def deciding(state: State) -> int | None:
    """The one seat `pending` awaits, without building its Decision (asked at every listing)."""
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "draft":
        return state["draft"]["order"][0]
    if state["followups"]:
        return state["followups"][-1]["seat"]
    return state["turn"]


class WarChest(Game):
    """Stateless rules object; every rule lives in the package's modules, this class only routes to them."""

    id = "warchest"
    name = T("ウォーチェスト", "War Chest")
    player_counts = (2, 4)
    options = (
        OptionSpec(
            "mode",
            T("ユニットの決め方", "Unit selection"),
            (
                choice("random", "ランダムに配る", "Random deal"),
                choice("draft", "ドラフト", "Draft"),
                *(Choice(key, fixed.name) for key, fixed in SETUPS.items()),
            ),
            "random",
            tuple((key, (2,)) for key in SETUPS),
        ),
        OptionSpec(
            "royal_guard",
            T("近衛隊の戦術", "Royal Guard tactic"),
            (
                choice("revised", "改訂版(2マスまで・自分の拠点へ)", "Revised (up to 2 hexes, to your location)"),
                choice("2018", "2018年版(1マス移動)", "2018 printing (move 1 hex)"),
            ),
            "revised",
        ),
    )
    summary = T(
        "コインを袋から引いて部隊を動かし、拠点を占領する陣取りゲーム。2人、または2人ずつ2チームの4人。",
        "Draw coins from your bag to command units and seize control points. 2 players, or 4 in two teams.",
    )

    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        return setup.new_state(players, seed, options)

    def pending(self, state: State) -> tuple[Decision, ...]:
        """Draft picks come from the open pool and are public; a turn's options come from the hidden hand.
        Each decision's topic is its key in `PROMPTS`."""
        phase = state["phase"]
        if phase == "over":
            return ()
        if phase == "draft":
            return (Decision(state["draft"]["order"][0], PROMPTS["draft"], "setup", public=True, topic="draft"),)
        if state["followups"]:
            frame = state["followups"][-1]
            kind = "turn" if frame["seat"] == state["turn"] else "reaction"
            public = frame["kind"] in PUBLIC_FOLLOWUPS
            return (Decision(frame["seat"], PROMPTS[frame["kind"]], kind, public=public, topic=frame["kind"]),)
        return (Decision(state["turn"], PROMPTS["turn"], "turn"),)

    def legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        if deciding(state) != seat:
            return ()
        if state["phase"] == "draft":
            return tuple(actions.draft_actions(state))
        if state["followups"]:
            return tuple(actions.frame_actions(state, state["followups"][-1]))
        return tuple(actions.turn_actions(state, seat))

    def parse(self, state: State, seat: int, notation: str) -> Action:
        """Case-insensitive: players type "Archer:move:e1-e2" as readily as "archer:move:E1-E2"."""
        wanted = notation.strip().lower()
        for action in self.legal_actions(state, seat):
            if action.notation.lower() == wanted:
                return action
        raise IllegalAction(self.explain_illegal(state, seat, notation.strip()))

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        return resolve.apply(state, seat, action.notation)

    def explain_illegal(self, state: State, seat: int, notation: str) -> Text:
        decisions = self.pending(state)
        if not decisions:
            return T("このゲームは終了しています。", "This game is over.")
        deciding = decisions[0].seat
        if deciding != seat:
            return T(f"今は{who(deciding)}の決定を待っています。", f"Waiting for {who(deciding)} to decide.")
        return explain.why(state, seat, notation, [action.notation for action in self.legal_actions(state, seat)])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def resample(self, state: State, seat: int | None, rng: Rng) -> dict[str, Any]:
        return views.resample(state, seat, rng)

    def seat_teams(self, state: State) -> list[int]:
        return [moves.team(seat) for seat in range(state["players"])]

    def standings(self, state: State) -> list[tuple]:
        """Markers placed by the seat's team, then the coins the team still has in the game."""
        placed = [setup.MARKERS[state["players"]] - left for left in state["markers"]]
        coins = [0, 0]
        for seat, purse in enumerate(state["seats"]):
            held = sum(len(purse[key]) for key in ("hand", "drawn", "bag", "up", "down")) + sum(purse["supply"].values())
            coins[moves.team(seat)] += held
        for stack in state["board"].values():
            coins[moves.team(stack["seat"])] += stack["height"]
        return [(placed[moves.team(seat)], coins[moves.team(seat)]) for seat in range(state["players"])]

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        players = state["players"]
        placed = tuple(float(setup.MARKERS[players] - state["markers"][moves.team(s)]) for s in range(players))
        winner = result["winner"]
        if winner is None:
            if result["reason"] == "rounds":
                summary = T(
                    f"{ROUND_LIMIT}ラウンドの上限(このプロジェクトの規則)に達し、どのチームも占領マーカーを"
                    "置き切れなかったため引き分けです。",
                    f"Drawn: the {ROUND_LIMIT}-round limit (this project's rule) was reached before any side "
                    "placed all its control markers.",
                )
            else:
                summary = T("誰もコインを引けなくなったため引き分けです。", "Drawn: nobody could draw a coin.")
            return Outcome(tuple(1 for _ in range(players)), "draw", summary, placed, PLACED)
        seats = [s for s in range(players) if moves.team(s) == winner]
        names = "、".join(who(s) for s in seats), " and ".join(who(s) for s in seats)
        summary = T(f"{names[0]}が全ての占領マーカーを置いて勝利しました。", f"{names[1]} placed every control marker and won.")
        ranks = tuple(1 if moves.team(s) == winner else 2 for s in range(players))
        return Outcome(ranks, "control", summary, placed, PLACED)
