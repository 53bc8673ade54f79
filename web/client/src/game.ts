// The game page (/games/{id}): the board with its tappable regions, the viewer's decision as a walk
// through its choice tree (targets on the board, everything else a short list), the viewer's private
// view, whose turn it is, the log and the result; kept live by the game's WebSocket.

import "./game.css";
import { Refused, bearerToken, fetchPicture, getJson, postJson } from "./lib/api";
import {
  ChoiceNode, back, childrenAt, chosenAt, descend, isLeaf, isSetLevel, rootAction, setIndex, setMembers, setSizes,
} from "./lib/choices";
import { byId, el, svg, toast } from "./lib/dom";
import { LocalScreen, showHandover } from "./lib/handover";
import { follow } from "./lib/live";
import { refusalBoxes } from "./lib/refusal";
import { bindLangSelect, initTexts, lang, t, translate } from "./lib/texts";
import { initTheme } from "./lib/theme";

interface Region { target: string; box: [number, number, number, number]; polygon?: [number, number][] }
interface Prompt { seat: number; kind: string; prompt: string; deadline: number | null; ai_thinking: boolean; vacation: boolean }
interface Outcome { reason: string; summary: string; ranks: number[]; scores: number[] | null; score_name: string | null }
interface Decision { id: number; kind: string; prompt: string; choices: ChoiceNode[] }
interface Scene {
  game: { id: string; type: string; name: string; status: string };
  version: number;
  locale: string;
  seats: { seat: number; name: string; ai: boolean }[];
  prompts: Prompt[];
  status: string[];
  log: { step: number; seat: number; lines: string[] }[];
  outcome: Outcome | null;
  board: { image: string; width?: number; height?: number; regions: Region[] };
  you: null | { seat: number; decision: Decision | null; lines: { step: number; lines: string[] }[]; image: string | null };
  local?: LocalScreen; // a local game (local mode): pass and play
}

const POLL_WITHOUT_LIVE_MS = 15000;
const root = byId("game") as HTMLElement;
const gameId = root.dataset.gameId ?? "";
let scene: Scene | null = null;
let decisionId: number | null = null;
let path: number[] = [];
let narrowed: string | null = null; // a target several options share: the list shows just those
let picked = new Set<string>(); // a set choice's elements picked so far
let busy = false;
let loading: Promise<void> | null = null;
let again = false;

// ------------------------------------------------------------------ the page's parts

const boardImage = el("img", { class: "board-image", alt: "", decoding: "async" });
const regions = svg("svg", { class: "regions", preserveAspectRatio: "none", role: "group" }) as SVGSVGElement;
const ask = el("p", { id: "ask" });
const backButton = el("button", { id: "choices-back", type: "button", class: "secondary", "data-t": "page.back" });
const chosenPath = el("p", { id: "choices-path" });
const list = el("ol", { id: "choices" });
const turn = el("section", { id: "turn", "aria-live": "polite" }, ask, el("div", { class: "path-row" }, backButton, chosenPath), list);
const privateImage = el("img", { class: "private-image", alt: "", decoding: "async" });
const privateLines = el("ul", { class: "lines" });
const privateSection = el("section", { id: "private" }, el("h2", { "data-t": "page.private" }), privateImage, privateLines);
const outcome = el("section", { id: "outcome", hidden: "" });
const prompts = el("section", { id: "prompts" });
const status = el("section", { id: "status" });
const log = el("section", { id: "log" });
const refusals = refusalBoxes();
const { signIn, message } = refusals;

root.append(signIn, message, el("div", { id: "board" }, boardImage, regions), status, turn, outcome, privateSection, prompts, log);
turn.hidden = true;
privateSection.hidden = true;

// ------------------------------------------------------------------ loading the scene

async function fetchScene(): Promise<void> {
  try {
    const fresh = await getJson<Scene>(`/api/games/${encodeURIComponent(gameId)}?lang=${lang()}`);
    if (scene === null || fresh.version >= scene.version || fresh.locale !== scene.locale) show(fresh);
  } catch (error) {
    if (error instanceof Refused && [401, 403, 404].includes(error.status) && scene === null) {
      stopLive(); // nothing to follow: signed out, not allowed, no such game
      byId("title")!.textContent = document.title = t("page.board");
    }
    refusals.show(error);
  }
}

/** Fetches the scene; a call while one is on its way asks for one more after it (never two at once). */
function load(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = fetchScene().finally(() => {
    loading = null;
    if (again) {
      again = false;
      void load();
    }
  });
  return loading;
}

// ------------------------------------------------------------------ showing it

/** A picture's address at `density` (the image routes' ?d=1|2). */
function withDensity(url: string, density = 2): string {
  const address = new URL(url, location.href);
  address.searchParams.set("d", String(density));
  return address.pathname + address.search;
}

/** The scene links its pictures at the density the server draws for the live board (?d=2 by default):
 * then a screen of ordinary density takes the 1x picture Discord shows, and a phone the sharp one. */
function densities(url: string): string {
  const density = Number(new URL(url, location.href).searchParams.get("d") ?? "1");
  return density >= 2 ? `${withDensity(url, 1)} 1x, ${withDensity(url, density)} ${density}x` : "";
}

/** A new position's picture. On a screen of ordinary density, the 1x picture Discord shows. On a phone, that
 * 1x picture first (often drawn already for the thread, and a fifth of the work of the sharp one), then the
 * sharp one as soon as it has loaded: a move shows at once and sharpens a moment later, instead of the old
 * position staying on screen while the 2x picture is drawn (bench live_board: "board picture shown"). */
function showImage(image: HTMLImageElement, url: string): void {
  if (image.dataset.shows === url) return;
  image.dataset.shows = url;
  image.classList.remove("missing");
  if (bearerToken() !== null) {
    void showFetched(image, url);
    return;
  }
  const sharp = densities(url);
  image.srcset = "";
  image.src = withDensity(url, 1);
  if (!sharp || window.devicePixelRatio <= 1) return;
  const next = new Image();
  next.srcset = sharp;
  next.src = url;
  next.decode().then(() => {
    if (image.dataset.shows !== url) return; // a newer position came meanwhile
    image.srcset = sharp;
    image.src = url;
  }, () => undefined); // the 1x picture stays
}

/** The Activity's pictures, fetched with its bearer token (lib/api.ts, fetchPicture): the 1x one first, then
 * on a sharp screen the 2x one, as `showImage` does. */
async function showFetched(image: HTMLImageElement, url: string): Promise<void> {
  const steps = window.devicePixelRatio > 1 && densities(url) ? [withDensity(url, 1), url] : [withDensity(url, 1)];
  for (const step of steps) {
    try {
      const shown = await fetchPicture(step);
      if (image.dataset.shows !== url) {
        URL.revokeObjectURL(shown); // a newer picture was asked for meanwhile
        return;
      }
      if (image.src.startsWith("blob:")) URL.revokeObjectURL(image.src);
      image.src = shown;
    } catch {
      if (step === steps[0]) delete image.dataset.shows; // the next scene tries again
      return;
    }
  }
}

function seatName(seat: number): string {
  return scene?.seats[seat]?.name ?? `#${seat + 1}`;
}

function show(fresh: Scene): void {
  const decision = fresh.you?.decision ?? null;
  if (decision?.id !== decisionId || fresh.you?.seat !== scene?.you?.seat) {
    decisionId = decision?.id ?? null;
    resetWalk(decision);
  }
  scene = fresh;
  signIn.hidden = true;
  message.hidden = true;
  document.title = `${fresh.game.name} #${fresh.game.id}`;
  byId("title")!.textContent = document.title;
  showBoard(fresh);
  showPrivate(fresh);
  showPrompts(fresh);
  showStatus(fresh);
  showLog(fresh);
  showOutcome(fresh);
  showStep();
  root.dataset.seat = fresh.you ? String(fresh.you.seat) : "";
  root.dataset.version = String(fresh.version);
  showHandover(root, gameId, fresh.local, fresh.seats.map((seat) => seat.name), () => void load());
}

function showBoard(fresh: Scene): void {
  const { board } = fresh;
  if (board.width && board.height) {
    boardImage.width = board.width;
    boardImage.height = board.height;
    regions.setAttribute("viewBox", `0 0 ${board.width} ${board.height}`);
  }
  showImage(boardImage, board.image);
  boardImage.alt = fresh.game.name;
  regions.replaceChildren(...board.regions.map((region) => {
    const shape = region.polygon
      ? svg("polygon", { points: region.polygon.map((point) => point.join(",")).join(" ") })
      : svg("rect", { x: String(region.box[0]), y: String(region.box[1]),
        width: String(region.box[2] - region.box[0]), height: String(region.box[3] - region.box[1]) });
    shape.dataset.target = region.target;
    return shape;
  }));
}

function showPrivate(fresh: Scene): void {
  if (!fresh.you) {
    privateSection.remove(); // a spectator's page has no private part at all
    return;
  }
  if (!privateSection.isConnected) outcome.after(privateSection); // pass and play: the next person's view
  privateSection.hidden = !fresh.you.image && fresh.you.lines.length === 0;
  privateImage.hidden = !fresh.you.image;
  if (fresh.you.image) showImage(privateImage, fresh.you.image);
  privateImage.alt = t("page.private");
  privateLines.replaceChildren(...fresh.you.lines.map((step) => el("li", {}, `${step.step}. ${step.lines.join(" ")}`)));
}

function clock(deadline: number): string {
  return new Date(deadline * 1000).toLocaleString(lang(), { weekday: "short", hour: "2-digit", minute: "2-digit" });
}

/** Each awaited seat's clock: its deadline, an AI thinking, a seat on vacation (what the status line,
 * which says who is asked what, leaves to the data); none: the section is hidden. */
function showPrompts(fresh: Scene): void {
  const noted = fresh.prompts.map((prompt) => [prompt, [
    prompt.deadline ? t("page.deadline", { time: clock(prompt.deadline) }) : "",
    prompt.ai_thinking ? t("page.ai_thinking") : "",
    prompt.vacation ? t("page.vacation") : "",
  ].filter(Boolean)] as const).filter(([, notes]) => notes.length > 0);
  prompts.hidden = noted.length === 0;
  prompts.replaceChildren(el("h2", { "data-t": "page.prompts" }, t("page.prompts")), el("ul", {}, ...noted.map(([prompt, notes]) =>
    el("li", fresh.you?.seat === prompt.seat ? { class: "mine" } : {}, el("strong", {}, seatName(prompt.seat)), `: ${notes.join(", ")}`))));
}

/** The thread's status lines (whose turn, asked what) under the board; a finished game's are its result. */
function showStatus(fresh: Scene): void {
  const onlyYou = fresh.you?.decision != null && fresh.prompts.length === 1; // the box below asks it already
  status.hidden = fresh.status.length === 0 || fresh.outcome !== null || onlyYou;
  status.replaceChildren(...fresh.status.map((line) => el("p", {}, line)));
}

function showLog(fresh: Scene): void {
  const steps = fresh.log.filter((step) => step.lines.length > 0);
  log.hidden = steps.length === 0;
  log.replaceChildren(el("h2", { "data-t": "page.log" }, t("page.log")), el("ol", { class: "lines" }, ...steps.map((step) =>
    el("li", { value: String(step.step) }, step.lines.join(" ")))));
}

function showOutcome(fresh: Scene): void {
  const result = fresh.outcome;
  outcome.hidden = result === null;
  if (!result) return;
  const order = fresh.seats.map((seat) => seat.seat).sort((a, b) => result.ranks[a] - result.ranks[b]);
  const ranked = result.scores !== null || new Set(result.ranks).size > 1; // else the summary says it all (a draw, a cancel)
  outcome.replaceChildren(el("h2", { "data-t": "page.outcome" }, t("page.outcome")), el("p", {}, result.summary),
    el("ol", { class: "ranks", ...(ranked ? {} : { hidden: "" }) }, ...order.map((seat) => el("li", {},
      `${t("page.rank", { rank: result.ranks[seat] })} ${seatName(seat)}`,
      result.scores ? ` — ${result.scores[seat]}${result.score_name ? ` ${result.score_name}` : ""}` : ""))),
    ...(fresh.game.status === "finished" ? [el("a", { id: "open-replay", class: "button", // the replay stepper (replay.ts)
      href: `/games/${encodeURIComponent(gameId)}/replay` }, t("page.open_replay"))] : []));
}

// ------------------------------------------------------------------ the decision

function tree(): ChoiceNode[] {
  return scene?.you?.decision?.choices ?? [];
}

function resetWalk(decision: Decision | null): void {
  path = decision && !rootAction(decision.choices) ? descend(decision.choices, []) : [];
  narrowed = null;
  picked = new Set();
}

function regionTargets(): Set<string> {
  return new Set((scene?.board.regions ?? []).map((region) => region.target));
}

function button(label: string, attributes: Record<string, string>, onClick: () => void): HTMLLIElement {
  const item = el("li", {}, el("button", { type: "button", ...attributes }, label));
  item.firstElementChild!.addEventListener("click", onClick);
  return item;
}

function markRegions(legal: Map<string, string>, chosen: ReadonlySet<string> = new Set()): void {
  regions.querySelectorAll<SVGElement>("[data-target]").forEach((shape) => {
    const target = shape.dataset.target as string;
    const label = legal.get(target);
    shape.classList.toggle("legal", label !== undefined);
    shape.classList.toggle("picked", chosen.has(target));
    if (label !== undefined) {
      shape.setAttribute("tabindex", "0");
      shape.setAttribute("role", "button");
      shape.setAttribute("aria-label", label);
      if (chosen.size || picked.size) shape.setAttribute("aria-pressed", String(chosen.has(target)));
    } else {
      for (const name of ["tabindex", "role", "aria-label", "aria-pressed"]) shape.removeAttribute(name);
    }
  });
}

function showStep(): void {
  const decision = scene?.you?.decision ?? null;
  turn.hidden = decision === null;
  root.classList.toggle("busy", busy);
  if (!decision) {
    markRegions(new Map());
    list.replaceChildren();
    return;
  }
  const choices = decision.choices;
  const children = rootAction(choices) ? choices : childrenAt(choices, path) ?? [];
  const chosen = rootAction(choices) ? [] : chosenAt(choices, path);
  chosenPath.textContent = chosen.map((node) => node.label).join(" › ");
  backButton.hidden = narrowed === null && (rootAction(choices) || back(choices, path) === null);
  if (isSetLevel(children)) return showSetStep(decision, children);
  ask.textContent = decision.prompt;
  const onBoard = regionTargets();
  const legal = new Map<string, string>();
  const listed: HTMLLIElement[] = [];
  children.forEach((child, index) => {
    const placed = child.target !== null && onBoard.has(child.target);
    if (placed) {
      const target = child.target as string;
      legal.set(target, legal.has(target) ? `${legal.get(target)} / ${child.label}` : child.label);
    }
    if (narrowed !== null ? child.target === narrowed : !placed) {
      listed.push(button(child.label, { "data-key": child.key, "data-index": String(index), class: isLeaf(child) ? "leaf" : "branch" },
        () => pick(index)));
    }
  });
  markRegions(legal);
  list.replaceChildren(...listed);
}

function showSetStep(decision: Decision, children: ChoiceNode[]): void {
  const [fewest, most] = setSizes(children);
  ask.textContent = `${decision.prompt} ${t("page.pick_set", { min: fewest, max: most })}`;
  const onBoard = regionTargets();
  const members = setMembers(children);
  const legal = new Map<string, string>();
  const chosenTargets = new Set<string>();
  const listed: HTMLLIElement[] = [];
  for (const member of members) {
    if (member.target !== null && onBoard.has(member.target)) {
      legal.set(member.target, member.label);
      if (picked.has(member.key)) chosenTargets.add(member.target);
    } else {
      listed.push(button(member.label, { "data-member": member.key, "aria-pressed": String(picked.has(member.key)) },
        () => toggle(member.key)));
    }
  }
  children.forEach((child, index) => {
    if ((child.members ?? []).length === 0) {
      listed.push(button(child.label, { "data-key": child.key, "data-index": String(index), class: "leaf" }, () => pick(index)));
    }
  });
  const complete = setIndex(children, picked);
  const confirm = button(t("page.confirm"), { id: "choices-confirm", class: "primary" }, () => {
    if (complete >= 0) pick(complete);
  });
  (confirm.firstElementChild as HTMLButtonElement).disabled = complete < 0;
  listed.push(confirm);
  markRegions(legal, chosenTargets);
  list.replaceChildren(...listed);
}

function toggle(key: string): void {
  if (busy) return;
  if (!picked.delete(key)) picked.add(key);
  showStep();
}

function pick(index: number): void {
  const choices = tree();
  if (busy || decisionId === null) return;
  if (rootAction(choices)) return void send([]);
  const child = (childrenAt(choices, path) ?? [])[index];
  if (!child) return;
  narrowed = null;
  picked = new Set();
  if (isLeaf(child)) return void send([...path, index]);
  path = descend(choices, [...path, index]);
  showStep();
}

function tapTarget(target: string): void {
  const choices = tree();
  const children = rootAction(choices) ? choices : childrenAt(choices, path) ?? [];
  if (isSetLevel(children)) {
    const member = setMembers(children).find((candidate) => candidate.target === target);
    if (member) toggle(member.key);
    return;
  }
  const matching = children.map((child, index) => [child, index] as const).filter(([child]) => child.target === target);
  if (matching.length === 1) {
    pick(matching[0][1]);
  } else if (matching.length > 1) {
    narrowed = target;
    showStep();
  }
}

async function send(leaf: number[]): Promise<void> {
  busy = true;
  showStep();
  try {
    await postJson(`/api/games/${encodeURIComponent(gameId)}/move?lang=${lang()}`, { decision: decisionId, path: leaf });
    decisionId = null; // the next scene starts its decision afresh
  } catch (error) {
    toast(error instanceof Refused ? error.message : t("page.offline"));
    resetWalk(scene?.you?.decision ?? null);
  } finally {
    busy = false;
  }
  await load();
  showStep();
}

// ------------------------------------------------------------------ wiring

backButton.addEventListener("click", () => {
  if (narrowed !== null) {
    narrowed = null;
  } else {
    path = back(tree(), path) ?? path;
    picked = new Set();
  }
  showStep();
});

function activate(event: Event): void {
  const shape = (event.target as Element).closest<SVGElement>("[data-target].legal");
  if (shape) {
    event.preventDefault();
    tapTarget(shape.dataset.target as string);
  }
}

for (const image of [boardImage, privateImage]) {
  // a picture of a version that moved on meanwhile (the next scene names the new one) or none at all
  image.addEventListener("error", () => image.classList.add("missing"));
}
regions.addEventListener("click", activate);
regions.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") activate(event);
});

initTexts();
initTheme();
translate();
bindLangSelect(() => {
  void load();
});
const stopLive = follow(gameId, root, (version) => {
  if (scene === null || version > scene.version) void load();
});
// Without the live channel (a proxy that drops WebSockets, a long reconnect) the page still catches up.
window.setInterval(() => {
  if (root.dataset.live !== "open" && document.visibilityState === "visible" && scene !== null) void load();
}, POLL_WITHOUT_LIVE_MS);
void load();
