// The live channel of a game: a WebSocket that says each new version ({"version": n}). It reconnects
// with a growing, jittered delay after a drop, and not at all when the server says the viewer may no
// longer watch (close code 4403). The page's root gets data-live="open|closed". A socket carries no
// Authorization header: the Activity offers its bearer token as a subprotocol (web/sessions.py).

import { bearerToken } from "./api";

const GONE = 4403;
const FIRST_DELAY = 500;
const MAX_DELAY = 15000;

export function follow(gameId: string, root: HTMLElement, changed: (version: number) => void): () => void {
  let delay = FIRST_DELAY;
  let socket: WebSocket | null = null;
  let stopped = false;
  let timer: number | undefined;
  const open = (): void => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const token = bearerToken();
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/live`,
      token ? ["tabletop.bearer", token] : undefined);
    socket.addEventListener("open", () => {
      delay = FIRST_DELAY;
      root.dataset.live = "open";
    });
    socket.addEventListener("message", (event) => {
      try {
        const said = JSON.parse(String(event.data)) as { version?: unknown };
        if (typeof said.version === "number") changed(said.version);
      } catch {
        // not ours: ignored
      }
    });
    socket.addEventListener("close", (event) => {
      root.dataset.live = "closed";
      socket = null;
      if (stopped || event.code === GONE) return;
      timer = window.setTimeout(open, delay * (0.75 + Math.random() / 2));
      delay = Math.min(delay * 2, MAX_DELAY);
    });
  };
  const wake = (): void => {
    // a phone back from sleep: try at once rather than after the backoff
    if (!stopped && socket === null && document.visibilityState === "visible") {
      window.clearTimeout(timer);
      delay = FIRST_DELAY;
      open();
    }
  };
  document.addEventListener("visibilitychange", wake);
  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    document.removeEventListener("visibilitychange", wake);
    socket?.close();
  };
}
