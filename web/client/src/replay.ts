// The replay page (/games/{id}/replay): a game stepped through from its first position, as /game replay
// shows it in Discord — the public board of each step, who acted and the step's public lines — with
// « ◀ step ▶ » under the thumb, a slider, the arrow keys, and the whole log (folded) to jump from. The step is
// kept in the address (?step=k), so a reload or a shared link opens the same position.

import "./replay.css";
import { getJson } from "./lib/api";
import { byId, el } from "./lib/dom";
import { refusalBoxes } from "./lib/refusal";
import { bindLangSelect, initTexts, lang, t, translate } from "./lib/texts";
import { initTheme } from "./lib/theme";

interface StepLines { step: number; seat: number | null; lines: string[] }
interface Overview {
  game: { id: string; type: string; name: string; status: string };
  locale: string;
  last: number;
  seats: { seat: number; name: string }[];
  steps: StepLines[];
}
interface Step extends StepLines {
  game: Overview["game"];
  last: number;
  board: { image: string };
  private: { seat: number; image: string }[];
  waiting: { seat: number; prompt: string }[];
  result: string[] | null;
}

const root = byId("replay") as HTMLElement;
const gameId = root.dataset.gameId ?? "";
const base = `/api/games/${encodeURIComponent(gameId)}/replay`;
let overview: Overview | null = null;
let current = Math.max(0, Number.parseInt(new URLSearchParams(location.search).get("step") ?? "0", 10) || 0);
const cache = new Map<string, Step>();
let asked = 0; // the latest step asked for: an older answer arriving late is not shown

// ------------------------------------------------------------------ the page's parts

const title = byId("title") as HTMLElement;
const live = el("p", { id: "replay-live", hidden: "" }, el("span", { "data-t": "page.replay_live" }), " ",
  el("a", { href: `/games/${encodeURIComponent(gameId)}`, "data-t": "page.open_live" }));
const boardImage = el("img", { class: "board-image", alt: "", decoding: "async" });
const privateViews = el("div", { id: "replay-private" });
const button = (id: string, label: string, mark: string): HTMLButtonElement =>
  el("button", { id, type: "button", "data-t-label": label }, mark);
const first = button("step-first", "page.first", "«"); // ⏮ and ⏭ are missing from many phones' fonts
const prev = button("step-prev", "page.prev", "◀");
const next = button("step-next", "page.next", "▶");
const last = button("step-last", "page.last", "»");
const position = el("output", { id: "step", "aria-live": "polite" });
const slider = el("input", { id: "step-range", type: "range", min: "0", max: "0", value: "0", "data-t-label": "page.step_slider" });
const stepper = el("nav", { class: "stepper" }, first, prev, position, next, last);
const acted = el("section", { id: "lines", "aria-live": "polite" });
const waiting = el("section", { id: "prompts", hidden: "" });
const outcome = el("section", { id: "outcome", hidden: "" });
const log = el("details", { id: "log" }); // closed: a long game's log would push everything else away
const refusals = refusalBoxes();
const { signIn, message } = refusals;

root.append(signIn, message, live, el("div", { id: "board" }, boardImage), privateViews, stepper, slider, acted,
  waiting, outcome, log);

// ------------------------------------------------------------------ loading

async function fetchStep(step: number): Promise<Step> {
  const key = `${lang()}:${step}`;
  const known = cache.get(key);
  if (known) return known;
  const fresh = await getJson<Step>(`${base}/${step}?lang=${lang()}`);
  cache.set(key, fresh);
  return fresh;
}

async function loadOverview(): Promise<void> {
  try {
    overview = await getJson<Overview>(`${base}?lang=${lang()}`);
  } catch (error) {
    refusals.show(error);
    return;
  }
  const name = t("page.replay_title", { game: overview.game.name, id: overview.game.id });
  title.textContent = name;
  title.removeAttribute("data-t");
  document.title = name;
  live.hidden = overview.game.status !== "active";
  slider.max = String(overview.last);
  showLog(overview);
  await go(Math.min(current, overview.last));
}

// ------------------------------------------------------------------ showing a step

function seatName(seat: number): string {
  return overview?.seats[seat]?.name ?? `#${seat + 1}`;
}

function withDensity(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}d=2`;
}

function picture(image: HTMLImageElement, url: string): void {
  if (image.getAttribute("src") === url) return;
  image.src = url;
  image.srcset = `${url} 1x, ${withDensity(url)} 2x`;
}

function showControls(step: number, steps: number): void {
  root.dataset.step = String(step);
  position.value = t("page.step_of", { step, steps });
  position.textContent = position.value;
  position.dataset.step = String(step);
  slider.value = String(step);
  first.disabled = prev.disabled = step <= 0;
  next.disabled = last.disabled = step >= steps;
  const url = new URL(location.href);
  url.searchParams.set("step", String(step));
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  log.querySelectorAll("li[aria-current]").forEach((item) => item.removeAttribute("aria-current"));
  log.querySelector(`li[data-step="${step}"]`)?.setAttribute("aria-current", "step");
}

function show(step: Step): void {
  picture(boardImage, step.board.image);
  boardImage.alt = t("page.step_of", { step: step.step, steps: step.last });
  privateViews.replaceChildren(...step.private.map((view) => {
    const image = el("img", { class: "private-image", alt: seatName(view.seat), decoding: "async" });
    picture(image, view.image);
    return el("figure", {}, el("figcaption", {}, seatName(view.seat)), image);
  }));
  acted.replaceChildren(
    ...(step.seat === null ? [] : [el("h2", {}, `${step.step}. ${seatName(step.seat)}`)]),
    el("ul", { class: "lines" }, ...step.lines.map((line) => el("li", {}, line))));
  waiting.hidden = step.waiting.length === 0;
  waiting.replaceChildren(el("h2", { "data-t": "page.prompts" }, t("page.prompts")), el("ul", { class: "lines" },
    ...step.waiting.map((asked) => el("li", {}, el("strong", {}, seatName(asked.seat)), `: ${asked.prompt}`))));
  outcome.hidden = step.result === null;
  outcome.replaceChildren(el("h2", { "data-t": "page.outcome" }, t("page.outcome")),
    el("ul", { class: "lines" }, ...(step.result ?? []).map((line) => el("li", {}, line))));
}

function showLog(shown: Overview): void {
  log.replaceChildren(el("summary", { "data-t": "page.log" }, t("page.log")), el("ol", { class: "lines jump" },
    ...shown.steps.map((step) => el("li", { "data-step": String(step.step), value: String(step.step) },
      el("button", { type: "button", class: "link", "data-step": String(step.step) },
        ...(step.seat === null ? [] : [el("strong", {}, seatName(step.seat)), " "]), step.lines.join(" "))))));
}

/** Shows step `step` at once (the controls), then its board and lines once they arrive; the next step's
 * picture is fetched ahead, so stepping forward shows it without a wait. */
async function go(step: number): Promise<void> {
  if (!overview) return;
  const target = Math.max(0, Math.min(step, overview.last));
  current = target;
  asked = target;
  showControls(target, overview.last);
  try {
    const fresh = await fetchStep(target);
    if (asked !== target) return;
    show(fresh);
    if (target < overview.last) {
      void fetchStep(target + 1).then((ahead) => {
        new Image().src = ahead.board.image;
      }).catch(() => undefined);
    }
  } catch (error) {
    refusals.show(error);
  }
}

// ------------------------------------------------------------------ wiring

first.addEventListener("click", () => void go(0));
prev.addEventListener("click", () => void go(current - 1));
next.addEventListener("click", () => void go(current + 1));
last.addEventListener("click", () => void go(overview?.last ?? current));
slider.addEventListener("input", () => void go(Number(slider.value)));
log.addEventListener("click", (event) => {
  const jump = (event.target as Element).closest<HTMLElement>("button[data-step]");
  if (jump) void go(Number(jump.dataset.step));
});
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === "ArrowLeft") void go(current - 1);
  if (event.key === "ArrowRight") void go(current + 1);
  if (event.key === "Home") void go(0);
  if (event.key === "End") void go(overview?.last ?? current);
});

initTexts();
initTheme();
translate();
bindLangSelect(() => {
  void loadOverview();
});
void loadOverview();
