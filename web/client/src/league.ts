// A league's page (/leagues/{id}): its standings (place, name, points, W-D-L, the league's tie-breaks and
// each member's rating on the server) and every round's tables with their results, or a link to watch a
// game still being played or replay a finished one — what /league standings and /league results show.

import "./league.css";
import { getJson } from "./lib/api";
import { byId, el } from "./lib/dom";
import { refusalBoxes } from "./lib/refusal";
import { bindLangSelect, initTexts, lang, t, translate } from "./lib/texts";
import { initTheme } from "./lib/theme";

interface Named { name: string; you: boolean }
interface Row {
  place: number; name: string; you: boolean; points: string; record: string; tiebreaks: string[];
  withdrawn: boolean; rating: null | { display: number; provisional: boolean; shown: string; games: number };
}
interface Table {
  table: number; status: string; game_id: string | null; link: string | null; players: Named[];
  places: { name: string; rank: number }[] | null; void: boolean; result: string | null;
}
interface Round { round: number; deadline: number; status: string; byes: Named[]; tables: Table[] }
interface League {
  league: {
    id: string; name: string; status: string; status_text: string; game: { type: string; name: string };
    format: string; format_text: string; round: number; rounds: number | null; season: number; subtitle: string;
  };
  columns: { name: string; points: string; record: string; tiebreaks: string[] };
  standings: Row[];
  schedule: Round[];
}

const root = byId("league") as HTMLElement;
const leagueId = root.dataset.leagueId ?? "";
const title = byId("title") as HTMLElement;
const info = el("p", { id: "league-info" });
const standings = el("section", { id: "standings" });
const schedule = el("section", { id: "schedule" });
const refusals = refusalBoxes();
const { signIn, message } = refusals;
root.append(signIn, message, info, standings, schedule);

function when(deadline: number): string {
  return new Date(deadline * 1000).toLocaleString(lang(), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function showStandings(shown: League): void {
  const head = el("tr", {}, el("th", {}, "#"), el("th", { class: "name" }, shown.columns.name),
    el("th", {}, shown.columns.points), el("th", {}, shown.columns.record),
    ...shown.columns.tiebreaks.map((label) => el("th", {}, label)), el("th", {}, t("page.league_rating")));
  const rows = shown.standings.map((row) => el("tr", { class: [row.you ? "you" : "", row.withdrawn ? "withdrawn" : ""].join(" ").trim() },
    el("td", {}, String(row.place)),
    el("td", { class: "name" }, row.name, ...(row.you ? [" ", el("small", {}, t("page.league_you"))] : []),
      ...(row.withdrawn ? [" ", el("small", {}, t("page.league_withdrawn"))] : [])),
    el("td", {}, row.points), el("td", {}, row.record), ...row.tiebreaks.map((value) => el("td", {}, value)),
    el("td", {}, row.rating ? row.rating.shown : "-")));
  standings.replaceChildren(el("h2", {}, t("page.league_standings")),
    el("div", { class: "scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))));
}

function showTable(table: Table): HTMLElement {
  const players = table.players.map((player) => player.name).join(" / ");
  const result = table.void ? table.result ?? "" : table.places
    ? table.places.map((place) => `${t("page.rank", { rank: place.rank })} ${place.name}`).join(", ")
    : t("page.league_in_play");
  const link = table.link
    ? [el("a", { class: "button", href: table.link }, t(table.status === "open" ? "page.league_watch" : "page.league_replay"))]
    : [];
  return el("li", table.players.some((player) => player.you) ? { class: "you" } : {},
    el("span", { class: "who" }, el("strong", {}, t("page.league_table", { table: table.table })), ` ${players}`,
      el("br"), el("small", {}, result)), ...link);
}

function showSchedule(shown: League): void {
  const rounds = [...shown.schedule].reverse().map((round) => el("section", { class: "round" },
    el("h3", {}, t("page.league_round", { round: round.round })),
    el("small", {}, round.status === "open" ? t("page.deadline", { time: when(round.deadline) }) : t("page.league_closed")),
    ...(round.byes.length ? [el("p", {}, t("page.league_bye", { names: round.byes.map((bye) => bye.name).join(", ") }))] : []),
    el("ol", {}, ...round.tables.map(showTable))));
  schedule.replaceChildren(el("h2", {}, t("page.league_schedule")),
    ...(rounds.length ? rounds : [el("p", {}, t("page.league_none"))]));
}

async function load(): Promise<void> {
  try {
    const shown = await getJson<League>(`/api/leagues/${encodeURIComponent(leagueId)}?lang=${lang()}`);
    const name = `${shown.league.name} — ${shown.league.game.name}`;
    title.textContent = name;
    title.removeAttribute("data-t");
    document.title = name;
    info.textContent = [shown.league.status_text, shown.league.format_text, shown.league.subtitle].join(" · ");
    showStandings(shown);
    showSchedule(shown);
  } catch (error) {
    refusals.show(error);
  }
}

initTexts();
initTheme();
translate();
bindLangSelect(() => {
  void load();
});
void load();
