// The local page (/ in local mode, web/local.py): the local games, and a form to start one — a game, its
// rules (each game declares its options), and its seats: you, a person at this screen (pass and play, by
// name) or the AI at a level. Playing is the game page (/games/{id}).

import "./local.css";
import { Refused, getJson, postJson } from "./lib/api";
import { byId, el, toast } from "./lib/dom";
import { bindLangSelect, initTexts, lang, t, translate } from "./lib/texts";
import { initTheme } from "./lib/theme";

interface OptionChoice { key: string; label: string; players: number[] }
interface GameOption { key: string; label: string; default: string; choices: OptionChoice[] }
interface CatalogueGame { id: string; name: string; players: number[]; options: GameOption[] }
interface Catalogue { games: CatalogueGame[]; levels: { key: string; label: string }[]; max_name: number }
interface ListedGame {
  id: string; name: string; status: string; url: string; updated_at: number;
  seats: { seat: number; name: string; ai: boolean; asked: boolean }[];
}
type SeatKind = "you" | "player" | "ai";
interface SeatChoice { kind: SeatKind; name: string; level: string }

const root = byId("local") as HTMLElement;
let catalogue: Catalogue | null = null;
let seats: SeatChoice[] = [];
const chosenOptions = new Map<string, string>();

const gameSelect = el("select", { id: "local-game", name: "game" });
const countSelect = el("select", { id: "local-players", name: "players" });
const seatList = el("ol", { id: "local-seats" });
const optionList = el("div", { id: "local-options" });
const start = el("button", { id: "local-start", type: "submit", class: "primary", "data-t": "page.local_start" });
const form = el("form", { id: "local-new" },
  el("h2", { "data-t": "page.local_new" }),
  el("label", {}, el("span", { "data-t": "page.local_game" }), gameSelect),
  el("label", {}, el("span", { "data-t": "page.local_players" }), countSelect),
  seatList, optionList, start);
const games = el("ol", { id: "local-games" });
const listSection = el("section", { id: "local-list" }, el("h2", { "data-t": "page.local_games" }), games);

root.append(el("p", { class: "intro", "data-t": "page.local_intro" }), form, listSection);

function game(): CatalogueGame | undefined {
  return catalogue?.games.find((candidate) => candidate.id === gameSelect.value);
}

function option(value: string, label: string, selected: boolean): HTMLOptionElement {
  const item = el("option", { value }, label);
  item.selected = selected;
  return item;
}

function showCounts(): void {
  const chosen = game();
  if (!chosen) return;
  const previous = Number(countSelect.value);
  const count = chosen.players.includes(previous) ? previous : chosen.players[0];
  countSelect.replaceChildren(...chosen.players.map((players) =>
    option(String(players), t("page.local_count", { count: players }), players === count)));
  showSeats();
  showOptions();
}

function showSeats(): void {
  const count = Number(countSelect.value);
  seats = Array.from({ length: count }, (_, index) => seats[index] ?? { kind: index === 0 ? "you" : "ai", name: "", level: "normal" });
  seatList.replaceChildren(...seats.map((seat, index) => seatRow(seat, index)));
}

function seatRow(seat: SeatChoice, index: number): HTMLLIElement {
  const kind = el("select", { "data-seat": String(index), class: "seat-kind", "aria-label": t("page.local_seat", { seat: index + 1 }) },
    ...(["you", "player", "ai"] as SeatKind[]).map((value) => option(value, t(`page.local_${value}`), seat.kind === value)));
  const name = el("input", { type: "text", class: "seat-name", maxlength: String(catalogue?.max_name ?? 32),
    placeholder: t("page.local_name"), "aria-label": t("page.local_name"), value: seat.name });
  const level = el("select", { class: "seat-level", "aria-label": t("page.local_level") },
    ...(catalogue?.levels ?? []).map((choice) => option(choice.key, choice.label, seat.level === choice.key)));
  name.hidden = seat.kind === "ai";
  level.hidden = seat.kind !== "ai";
  kind.addEventListener("change", () => {
    const wanted = kind.value as SeatKind;
    if (wanted === "you") seats.forEach((other) => { if (other.kind === "you") other.kind = "player"; });
    seat.kind = wanted;
    showSeats();
  });
  name.addEventListener("input", () => { seat.name = name.value; });
  level.addEventListener("change", () => { seat.level = level.value; });
  return el("li", { class: "seat" }, el("span", { class: "seat-number" }, String(index + 1)), kind, name, level);
}

function showOptions(): void {
  const chosen = game();
  const count = Number(countSelect.value);
  optionList.replaceChildren(...(chosen?.options.length ? [el("h3", { "data-t": "page.local_options" }, t("page.local_options"))] : []),
    ...(chosen?.options ?? []).map((spec) => {
      const allowed = spec.choices.filter((choice) => choice.players.includes(count));
      const current = chosenOptions.get(spec.key);
      const value = allowed.some((choice) => choice.key === current) ? current : spec.default;
      const select = el("select", { "data-option": spec.key },
        ...allowed.map((choice) => option(choice.key, choice.label, choice.key === value)));
      select.addEventListener("change", () => chosenOptions.set(spec.key, select.value));
      return el("label", {}, el("span", {}, spec.label), select);
    }));
}

function chosenOptionValues(): Record<string, string> {
  const values: Record<string, string> = {};
  optionList.querySelectorAll<HTMLSelectElement>("select[data-option]").forEach((select) => {
    values[select.dataset.option as string] = select.value;
  });
  return values;
}

async function create(event: Event): Promise<void> {
  event.preventDefault();
  start.disabled = true;
  try {
    const body = {
      game: gameSelect.value,
      options: chosenOptionValues(),
      seats: seats.map((seat) => seat.kind === "ai" ? { kind: "ai", level: seat.level }
        : seat.kind === "player" ? { kind: "player", name: seat.name }
          : seat.name.trim() ? { kind: "you", name: seat.name } : { kind: "you" }),
    };
    const made = await postJson<{ id: string; url: string }>(`/api/local/games?lang=${lang()}`, body);
    location.assign(made.url);
  } catch (error) {
    toast(error instanceof Refused ? error.message : t("page.offline"));
    start.disabled = false;
  }
}

function statusText(listed: ListedGame): string {
  if (listed.status === "finished") return t("page.local_finished");
  if (listed.status === "cancelled") return t("page.local_cancelled");
  const asked = listed.seats.filter((seat) => seat.asked && !seat.ai).map((seat) => seat.name);
  return asked.length ? `${asked.join(", ")}: ${t("page.local_your_turn")}` : "";
}

async function showGames(): Promise<void> {
  const listed = (await getJson<{ games: ListedGame[] }>(`/api/local/games?lang=${lang()}`)).games;
  games.replaceChildren(...(listed.length ? listed.map((item) => el("li", { "data-game-id": item.id },
    el("a", { href: item.url }, `${item.name} #${item.id}`),
    el("span", { class: "seats" }, item.seats.map((seat) => seat.name).join(" · ")),
    el("small", {}, statusText(item)))) : [el("li", { class: "none" }, t("page.local_none"))]));
}

async function load(): Promise<void> {
  try {
    catalogue = await getJson<Catalogue>(`/api/local/catalogue?lang=${lang()}`);
    const previous = gameSelect.value;
    gameSelect.replaceChildren(...catalogue.games.map((item) => option(item.id, item.name, item.id === previous)));
    showCounts();
    await showGames();
  } catch (error) {
    toast(error instanceof Refused ? error.message : t("page.offline"));
  }
}

gameSelect.addEventListener("change", () => {
  chosenOptions.clear();
  showCounts();
});
countSelect.addEventListener("change", () => {
  showSeats();
  showOptions();
});
form.addEventListener("submit", (event) => void create(event));

initTexts();
initTheme();
byId("title")!.dataset.t = "page.local_title";
translate();
document.title = t("page.local_title");
bindLangSelect(() => {
  document.title = t("page.local_title");
  void load();
});
void load();
