// What every page shows when the server will not give it what it asked for: a sign-in prompt (401), the
// server's own short refusal, or "offline" when no answer came at all.

import { Refused, signInUrl } from "./api";
import { el, toast } from "./dom";
import { t } from "./texts";

export interface RefusalBoxes {
  /** #signin: the sign-in hint and its button, hidden until a 401. */
  signIn: HTMLElement;
  /** #message: the server's refusal (not allowed, no such game…), hidden until one comes. */
  message: HTMLElement;
  /** Show `error` in the right box; anything that is no refusal means the server was not reached. */
  show(error: unknown): void;
}

export function refusalBoxes(): RefusalBoxes {
  const signIn = el("p", { id: "signin", hidden: "" },
    el("span", { "data-t": "page.sign_in_hint" }), " ", el("a", { class: "button", href: signInUrl(), "data-t": "page.sign_in" }));
  const message = el("p", { id: "message", hidden: "" });
  return {
    signIn,
    message,
    show(error: unknown): void {
      if (error instanceof Refused && error.status === 401) {
        signIn.hidden = false;
      } else if (error instanceof Refused) {
        message.textContent = error.message;
        message.hidden = false;
      } else {
        toast(t("page.offline"));
      }
    },
  };
}
