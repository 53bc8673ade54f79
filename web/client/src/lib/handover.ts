// Pass and play on one screen (local mode): while the scene says the screen is covered, a full-page
// cover asks to hand the device to the next person and shows their view only when they tap; while a
// person's view is shown and others share the screen, a button covers it again (web/local_screen.py).

import "./handover.css";
import { Refused, postJson } from "./api";
import { byId, el, toast } from "./dom";
import { lang, t } from "./texts";

export interface LocalScreen { on_screen: number | null; next: number | null; people: number[] }

let cover: HTMLElement | null = null;
let hide: HTMLElement | null = null;

async function reveal(gameId: string, seat: number | null, changed: () => void): Promise<void> {
  try {
    await postJson(`/api/local/games/${encodeURIComponent(gameId)}/screen?lang=${lang()}`, { seat });
  } catch (error) {
    toast(error instanceof Refused ? error.message : t("page.offline"));
  }
  changed();
}

function seatButton(label: string, attributes: Record<string, string>, onClick: () => void): HTMLButtonElement {
  const button = el("button", { type: "button", ...attributes }, label);
  button.addEventListener("click", onClick);
  return button;
}

/** Shows the cover, or the hide button, for the scene's `local` part (absent: not a local game). */
export function showHandover(root: HTMLElement, gameId: string, local: LocalScreen | null | undefined,
  names: string[], changed: () => void): void {
  const shared = local !== null && local !== undefined && local.people.length > 1;
  const covered = shared && local.on_screen === null;
  cover?.remove();
  cover = null;
  if (covered) {
    const next = local.next;
    const choices = next === null
      ? [el("p", {}, t("page.local_pick_seat")), ...local.people.map((seat) =>
        seatButton(names[seat] ?? `#${seat + 1}`, { class: "primary", "data-seat": String(seat) },
          () => void reveal(gameId, seat, changed)))]
      : [el("p", { class: "handover-to" }, t("page.local_hand_to", { name: names[next] ?? `#${next + 1}` })),
        seatButton(t("page.local_tap_to_show"), { id: "handover-show", class: "primary", "data-seat": String(next) },
          () => void reveal(gameId, next, changed))];
    cover = el("section", { id: "handover", role: "dialog", "aria-modal": "true" }, ...choices,
      el("a", { href: "/", class: "handover-home" }, t("page.local_home")));
    root.append(cover);
    (byId("handover-show") ?? cover.querySelector("button"))?.focus();
  }
  if (shared && !covered) {
    if (!hide) {
      hide = seatButton(t("page.local_hide"), { id: "handover-hide", class: "secondary" },
        () => void reveal(gameId, null, changed));
      root.append(hide);
    }
  } else {
    hide?.remove();
    hide = null;
  }
}
