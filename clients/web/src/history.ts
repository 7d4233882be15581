// Match history and leaderboard pages, read from the server's history API
// (/api/matches, /api/matches/ID, /api/leaderboard: the persistence issue). A server
// without that API gets a plain "not available" note instead of a broken page.
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo } from "./protocol.js";
import { renderSummary, renderValue } from "./results.js";

type Row = Record<string, unknown>;

async function getJson(path: string): Promise<unknown | null> {
  try {
    const res = await fetch(path, { headers: { accept: "application/json" } });
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json")) return null;
    return await res.json();
  } catch {
    return null;
  }
}

/** The list in a reply: the reply itself, or its first list-valued field. */
function rowsOf(reply: unknown): Row[] | null {
  if (Array.isArray(reply)) return reply as Row[];
  if (reply && typeof reply === "object") {
    const list = Object.values(reply).find(Array.isArray);
    if (list) return list as Row[];
  }
  return null;
}

function table(rows: Row[], link?: (row: Row) => string | null): HTMLElement {
  if (rows.length === 0) return h("p", { class: "note" }, "Nothing yet.");
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))]
    .filter((k) => rows.some((r) => r[k] === null || typeof r[k] !== "object" || Array.isArray(r[k])));
  return h("table", { class: "result-table history-table" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, c.replace(/_/g, " "))))),
    h("tbody", {}, rows.map((r) => {
      const href = link?.(r) ?? null;
      return h("tr", {}, columns.map((c, i) => h("td", {},
        i === 0 && href ? h("a", { href }, String(r[c])) : renderValue(r[c], [], c))));
    })));
}

function gameFilter(games: GameInfo[], current: string, page: string): HTMLElement {
  return h("nav", { class: "row" }, h("span", { class: "note" }, "Game:"),
    h("a", { href: `#/${page}`, class: current ? "" : "current" }, "all"),
    games.map((g) => h("a", { href: `#/${page}?game=${g.name}`, class: current === g.name ? "current" : "" }, g.title)));
}

const UNAVAILABLE = "This server does not keep a match history yet (it needs the persistence module).";

export async function historyPage(route: string, games: GameInfo[]): Promise<HTMLElement> {
  const [path, query = ""] = route.split("?");
  const game = new URLSearchParams(query).get("game") ?? "";
  const suffix = game ? `?game=${encodeURIComponent(game)}` : "";
  let body: Child | Child[];
  let heading: string;
  if (path.startsWith("match/")) {
    const id = decodeURIComponent(path.slice("match/".length));
    heading = `Match ${id}`;
    const reply = await getJson(`/api/matches/${encodeURIComponent(id)}`);
    body = reply && typeof reply === "object" ? renderSummary(reply as Row, []) : h("p", { class: "note" }, UNAVAILABLE);
  } else if (path === "leaderboard") {
    heading = "Leaderboard";
    const rows = rowsOf(await getJson(`/api/leaderboard${suffix}`));
    body = [gameFilter(games, game, "leaderboard"), rows ? table(rows) : h("p", { class: "note" }, UNAVAILABLE)];
  } else {
    heading = "Match history";
    const rows = rowsOf(await getJson(`/api/matches${suffix}${suffix ? "&" : "?"}limit=50`));
    body = [gameFilter(games, game, "history"),
      rows ? table(rows, (r) => (r.id !== undefined ? `#/match/${encodeURIComponent(String(r.id))}` : null)) : h("p", { class: "note" }, UNAVAILABLE)];
  }
  return h("main", { class: "history", "data-testid": "history" }, h("section", { class: "panel" }, h("h2", {}, heading), body));
}
