// The live board as a Discord Activity (/activity, framed by Discord): signs in through the Embedded App
// SDK (ready, authorize, the code to /auth/activity, authenticate), asks which game the channel it was
// launched in shows (/api/activity/game), and shows it with the game page's own view (./game), in the
// viewer's Discord language.
//
// Under test it runs on the SDK's DiscordSDKMock instead of Discord: `?mock=1`, with `mock_code` (what the
// mock's authorize answers: a code the fake Discord's OAuth2 issued), `channel_id` and `guild_id` (where it
// was "launched") and `mock_locale` (the viewer's Discord locale). The mock only stands in for the Discord
// client; every request to the server is the real one.

import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
import { Refused, getJson, useBearer } from "./lib/api";
import { byId, el } from "./lib/dom";
import { initTexts, t, translate } from "./lib/texts";
import { initTheme } from "./lib/theme";

type Sdk = DiscordSDK | DiscordSDKMock;
interface SignedIn { access_token: string; session: string }
interface Found { game: string; status: string }

const root = byId("game") as HTMLElement;
const query = new URLSearchParams(location.search);
const clientId = root.dataset.clientId ?? "";
const status = el("p", { id: "activity-status", role: "status" });

/** The Discord client's SDK; the mock under test; null when the page is not inside Discord at all. */
function connect(): Sdk | null {
  if (query.get("mock") === "1") {
    const mock = new DiscordSDKMock(clientId, query.get("guild_id"), query.get("channel_id"), null);
    const code = query.get("mock_code") ?? "";
    const locale = query.get("mock_locale") ?? "";
    mock._updateCommandMocks({
      authorize: () => Promise.resolve({ code }),
      userSettingsGetLocale: () => Promise.resolve({ locale }),
    });
    return mock;
  }
  return query.get("frame_id") && query.get("instance_id") ? new DiscordSDK(clientId) : null;
}

function say(text: string): void {
  status.textContent = text;
}

async function signIn(discord: Sdk): Promise<void> {
  await discord.ready();
  const { code } = await discord.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  const response = await fetch("/auth/activity", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ code }),
    cache: "no-store",
  });
  const said = (await response.json().catch(() => ({}))) as Partial<SignedIn> & { message?: string };
  if (!response.ok || !said.session || !said.access_token) throw new Refused(response.status, "", said.message ?? t("page.activity_failed"));
  useBearer(said.session);
  await discord.commands.authenticate({ access_token: said.access_token });
}

/** The viewer's Discord language for the game view (its ?lang=), unless the address already names one. */
async function followDiscordLanguage(discord: Sdk): Promise<void> {
  if (query.get("lang")) return;
  try {
    const { locale } = await discord.commands.userSettingsGetLocale();
    const language = locale.toLowerCase().startsWith("ja") ? "ja" : locale ? "en" : null;
    if (language === null) return;
    query.set("lang", language);
    history.replaceState(null, "", `${location.pathname}?${query.toString()}`);
    initTexts(language);
    translate();
  } catch {
    // the browser's language then
  }
}

async function start(): Promise<void> {
  initTexts();
  initTheme();
  translate();
  root.append(status);
  const discord = connect();
  if (discord === null) {
    say(t("page.activity_outside"));
    return;
  }
  say(t("page.activity_signing_in"));
  try {
    await signIn(discord);
    await followDiscordLanguage(discord);
    const found = await getJson<Found>(`/api/activity/game?channel_id=${encodeURIComponent(discord.channelId ?? "")}`);
    root.dataset.gameId = found.game;
    status.remove();
    await import("./game");
  } catch (error) {
    say(error instanceof Refused ? error.message : t("page.activity_failed"));
  }
}

void start();
