// The match history, a match's record, the leaderboard and a player's page, read from
// the server's history API (persistence spec: /api/matches, /api/matches/ID,
// /api/leaderboard, /api/players/NAME). A server without that API gets a plain "not
// available" note instead of a broken page.
import { button, h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo, Json, JsonObject } from "./protocol.js";
import { optionsList } from "./option_words.js";
import { renderSummary } from "./results.js";
import { replaySection } from "./replay.js";
import type { RecordedAction } from "./replay.js";

export interface SeatRecord {
  seat: number;
  kind: "human" | "bot";
  player: string | null;
  name: string;
  bot_level: string | null;
  score: number | null;
  placing: number | null;
  winner: boolean | null;
}

type MatchStatus = "playing" | "over" | "aborted";

export interface MatchSummary {
  id: string;
  room: string;
  game: string;
  status: MatchStatus;
  started_at: string;
  ended_at: string | null;
  rounds: number;
  seats: SeatRecord[];
}

export interface MatchRecord {
  id: string;
  room: string;
  match_number: number;
  game: string;
  options: JsonObject;
  status: MatchStatus;
  started_at: string;
  ended_at: string | null;
  first_dealer: number;
  lower_score_wins: boolean;
  seats: SeatRecord[];
  rounds: Json[];
  results: { scores: number[]; placings: number[]; round_results?: Json[] } | null;
  commitments: { deal: number; sha256: string }[];
  abort_reason: string | null;
  seed?: string;
  actions?: JsonObject[];
}

interface GameStats {
  matches: number;
  wins: number;
  win_rate: number;
  average_score: number | null;
  best_score: number | null;
  lower_score_wins: boolean | null;
}

interface Standing extends GameStats {
  player: string;
  name: string;
}

interface Namesake {
  player: string;
  name: string;
  last_seen: string;
}

interface PlayerProfile {
  player: string;
  name: string;
  first_seen: string;
  last_seen: string;
  games: Record<string, GameStats>;
  recent: MatchSummary[];
  namesakes?: Namesake[]; // others with the same name (servers before it: absent)
}

type Reply<T> = { ok: true; data: T } | { ok: false; message: string };

const UNAVAILABLE = "This server does not keep a match history (it needs the persistence module).";

/** A page of the history, as in the location's hash without "#/". */
export function isHistoryRoute(hash: string): boolean {
  return /^#\/(history|leaderboard|match\/.+|player\/.+|player-id\/.+)/.test(hash);
}

async function getJson<T>(path: string): Promise<Reply<T>> {
  try {
    const res = await fetch(path, { headers: { accept: "application/json" } });
    const isJson = (res.headers.get("content-type") ?? "").includes("json");
    if (!isJson) return { ok: false, message: UNAVAILABLE };
    const body = (await res.json()) as T & { error?: string; message?: string };
    if (!res.ok) return { ok: false, message: body.message ?? body.error ?? `HTTP ${res.status}` };
    return { ok: true, data: body };
  } catch {
    return { ok: false, message: "The server did not answer; try again." };
  }
}

function note(text: Child | Child[], testid = "history-note"): HTMLElement {
  return h("p", { class: "note", "data-testid": testid }, text);
}

/** "22 Nov 2026, 08:10" in the reader's time zone; the exact UTC time as a tooltip. */
function when(iso: string | null): HTMLElement | string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === new Date().getFullYear();
  const text = date.toLocaleString(undefined, { year: sameYear ? undefined : "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return h("time", { datetime: iso, title: iso }, text);
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function number(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

const STATUS_WORDS: Record<MatchStatus, string> = { playing: "in play", over: "finished", aborted: "aborted" };

function statusBadge(status: MatchStatus): HTMLElement {
  return h("span", { class: `badge status-${status}`, "data-testid": "match-status" }, STATUS_WORDS[status] ?? status);
}

/** A player's page by id: names are not unique (two people may both be "Sam"). */
export function playerHref(playerId: string): string {
  return `#/player-id/${encodeURIComponent(playerId)}`;
}

function playerLink(seat: SeatRecord): Child {
  if (seat.kind !== "human") return seat.name;
  if (seat.player) return h("a", { href: playerHref(seat.player) }, seat.name);
  return h("a", { href: `#/player/${encodeURIComponent(seat.name)}` }, seat.name);
}

function scrollBox(...children: Child[]): HTMLElement {
  return h("div", { class: "scroll-x" }, children);
}

class Titles {
  constructor(private readonly games: GameInfo[]) {}
  of(game: string): string {
    return this.info(game)?.title ?? game;
  }
  /** The game's option schema (its options' words), if this server hosts it. */
  info(game: string): GameInfo | undefined {
    return this.games.find((g) => g.name === game);
  }
}

/** Who sat at the table, with the final score when there is one; the winner marked. */
function seatsLine(seats: SeatRecord[]): HTMLElement {
  return h("span", { class: "seats-line" }, seats.map((s) => h("span", { class: s.winner ? "winner" : "" },
    s.winner ? "★ " : "", playerLink(s), s.kind === "bot" ? h("small", {}, " (bot)") : null,
    s.score !== null ? h("small", {}, ` ${number(s.score)}`) : null)));
}

function matchRows(matches: MatchSummary[], titles: Titles): HTMLElement[] {
  return matches.map((m) => h("tr", { "data-match": m.id },
    h("td", { class: "started" }, h("a", { href: `#/match/${encodeURIComponent(m.id)}`, "data-action": "open-match" }, when(m.started_at))),
    h("td", { class: "game" }, titles.of(m.game)),
    h("td", { class: "players" }, seatsLine(m.seats)),
    h("td", { class: "num rounds" }, m.rounds),
    h("td", { class: "status" }, statusBadge(m.status))));
}

function matchTable(matches: MatchSummary[], titles: Titles): { table: HTMLElement; body: HTMLElement } {
  const body = h("tbody", {}, matchRows(matches, titles));
  const table = h("table", { class: "result-table history-table match-table", "data-testid": "match-list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Started"), h("th", {}, "Game"), h("th", {}, "Players"), h("th", { class: "num" }, "Rounds"), h("th", {}, "Status"))), body);
  return { table, body };
}

/** The filters; PERSON: the one player the list is of (by id), whose name stands in the box until changed. */
function filterForm(games: GameInfo[], game: string, player: string, person?: Namesake): HTMLElement {
  const gameSelect = h("select", { id: "history-game", "data-testid": "history-game" },
    h("option", { value: "" }, "all games"),
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, g.title)));
  const shown = person?.name ?? player;
  const playerInput = h("input", { id: "history-player", "data-testid": "history-player", value: shown, placeholder: "any player", maxlength: 32 });
  return h("form", { class: "row filters", onsubmit: (e: Event) => {
    e.preventDefault();
    const query = new URLSearchParams();
    if (gameSelect.value) query.set("game", gameSelect.value);
    const typed = playerInput.value.trim();
    if (person && typed === shown) query.set("player_id", person.player); // still that one person
    else if (typed) query.set("player", typed);
    const text = query.toString();
    location.hash = `#/history${text ? "?" + text : ""}`;
  } },
  h("label", { for: "history-game" }, "Game"), gameSelect,
  h("label", { for: "history-player" }, "Player"), playerInput,
  h("button", { type: "submit", "data-action": "filter" }, "Show"));
}

/** Everyone who chose the name NAME (case aside), most recently seen first; none if nobody has. */
async function playersNamed(name: string): Promise<Namesake[]> {
  const reply = await getJson<PlayerProfile>(`/api/players/${encodeURIComponent(name)}`);
  if (!reply.ok) return [];
  const p = reply.data;
  return [{ player: p.player, name: p.name, last_seen: p.last_seen }, ...(p.namesakes ?? [])];
}

/** The player PLAYER_ID (KNOWN if the page has it already); the name is empty if the server does not say. */
async function personOf(playerId: string, known?: Namesake): Promise<Namesake> {
  if (known) return known;
  const reply = await getJson<PlayerProfile>(`/api/players/by-id/${encodeURIComponent(playerId)}`);
  return { player: playerId, name: reply.ok ? reply.data.name : "", last_seen: reply.ok ? reply.data.last_seen : "" };
}

/** "Sam (player p3)", or "player p3" when the name is not known. */
function personText(person: Namesake): string {
  return person.name ? `${person.name} (player ${person.player})` : `player ${person.player}`;
}

/** Several people chose that name: each is a choice of their own, told apart as the player pages do. */
function namesakeChoices(people: Namesake[], game: string): HTMLElement {
  const href = (id: string) => {
    const query = new URLSearchParams({ player_id: id });
    if (game) query.set("game", game);
    return `#/history?${query}`;
  };
  return h("div", { class: "panel namesake-choices", "data-testid": "namesake-choices" },
    h("p", {}, `${people.length} players chose the name ${people[0].name}. Whose matches?`),
    h("ul", {}, people.map((p) => h("li", { "data-player": p.player },
      h("a", { href: href(p.player), "data-action": "choose-player" }, `${p.name} (player ${p.player})`), h("small", { class: "note" }, " last seen ", when(p.last_seen))))));
}

async function matchListPage(query: URLSearchParams, games: GameInfo[]): Promise<Child[]> {
  const game = query.get("game") ?? "";
  const player = query.get("player") ?? "";
  // One person among namesakes (a player page's "Every match of …"): by id, not name.
  let playerId = query.get("player_id") ?? "";
  // A name may be several people's: ask who they are, and filter by one person's id.
  let named: Namesake | undefined;
  if (player && !playerId) {
    const people = await playersNamed(player);
    if (people.length > 1) return [filterForm(games, game, player), namesakeChoices(people, game)];
    named = people[0];
    playerId = named?.player ?? "";  // nobody of that name now: the seats' names, as before
  }
  const api = new URLSearchParams({ limit: query.get("limit") ?? "20" });
  if (game) api.set("game", game);
  if (playerId) api.set("player_id", playerId);
  else if (player) api.set("player", player);
  const titles = new Titles(games);
  const person = playerId ? await personOf(playerId, named) : undefined;
  const form = filterForm(games, game, player, person?.name ? person : undefined);
  const reply = await getJson<{ matches: MatchSummary[]; next: string | null }>(`/api/matches?${api}`);
  if (!reply.ok) return [form, note(reply.message)];
  const { table, body } = matchTable(reply.data.matches, titles);
  let next = reply.data.next;
  const status = h("span", { class: "note", role: "status" });
  const more: HTMLButtonElement = button("More", async () => {
    if (!next) return;
    more.disabled = true;
    api.set("before", next);
    const page = await getJson<{ matches: MatchSummary[]; next: string | null }>(`/api/matches?${api}`);
    more.disabled = false;
    if (!page.ok) {
      status.textContent = page.message;
      return;
    }
    body.append(...matchRows(page.data.matches, titles));
    next = page.data.next;
    more.hidden = !next;
  }, { "data-action": "more", hidden: !next });
  const empty = reply.data.matches.length === 0;
  return [form,
    person ? note(`Only the matches of ${personText(person)}.`, "player-id-filter") : null,
    empty ? note(player || game || playerId ? "No match fits these filters." : "No match has been played yet.") : scrollBox(table),
    h("div", { class: "row" }, more, status)];
}

function seatTableOf(record: MatchRecord): HTMLElement {
  const over = record.status === "over";
  const seats = [...record.seats].sort((a, b) => (over ? (a.placing ?? 99) - (b.placing ?? 99) : a.seat - b.seat));
  return h("table", { class: "result-table seats-table", "data-testid": "match-seats" },
    h("thead", {}, h("tr", {}, over ? h("th", {}, "Place") : null, h("th", { class: "num" }, "Seat"), h("th", {}, "Player"), h("th", { class: "num" }, "Score"))),
    h("tbody", {}, seats.map((s) => h("tr", { class: s.winner ? "winner" : "" },
      over ? h("td", {}, s.placing ?? "") : null,
      h("td", { class: "num" }, s.seat + 1),
      h("td", {}, playerLink(s), s.kind === "bot" ? h("small", { class: "note" }, ` bot (${s.bot_level ?? "sensible"})`) : null,
        record.first_dealer === s.seat ? h("span", { class: "badge dealer", title: "first dealer" }, "D") : null),
      h("td", { class: "num" }, number(s.score))))));
}

function roundsSection(record: MatchRecord, names: string[]): HTMLElement {
  const rounds = record.rounds ?? [];
  return h("section", { class: "panel", "data-testid": "match-rounds" }, h("h3", {}, `Rounds (${rounds.length})`),
    rounds.length === 0 ? note("No round has finished yet.") : rounds.map((round, i) => h("details", { class: "round", open: i === rounds.length - 1 },
      h("summary", {}, `Round ${i + 1}`),
      scrollBox(round && typeof round === "object" && !Array.isArray(round) ? renderSummary(round as Record<string, unknown>, names) : String(round)))));
}

/** The seed, the commitments and how to check them: what makes the deals verifiable. */
function fairnessSection(record: MatchRecord): HTMLElement {
  const finished = record.seed !== undefined;
  const file = `${record.id}.json`;
  return h("section", { class: "panel fairness", "data-testid": "fairness" }, h("h3", {}, "Fair deals"),
    note(finished
      ? ["Before each deal the server published the SHA-256 of the secret seed and the deal's number. The match is over, so the seed is revealed: download the record and run ",
        h("code", {}, `parlor verify ${file}`), " to check every commitment and replay every move to these results."]
      : "Before each deal the server publishes the SHA-256 of the secret seed and the deal's number; the seed is revealed when the match ends.", "fairness-note"),
    h("dl", { class: "result" },
      finished ? [h("dt", {}, "Seed"), h("dd", { class: "hex", "data-testid": "match-seed" }, record.seed)] : null,
      finished ? [h("dt", {}, "Moves"), h("dd", { "data-testid": "match-actions" }, String(record.actions?.length ?? 0))] : null),
    record.commitments.length === 0 ? note("No deal yet.") : h("table", { class: "result-table commitments", "data-testid": "commitments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "Deal"), h("th", {}, "SHA-256 commitment"))),
      h("tbody", {}, record.commitments.map((c) => h("tr", {}, h("td", { class: "num" }, c.deal), h("td", { class: "hex" }, c.sha256))))),
    h("p", {}, h("a", { href: `/api/matches/${encodeURIComponent(record.id)}`, download: file, "data-testid": "download-record" }, `Download the record (${file})`)));
}

async function matchPage(id: string, titles: Titles): Promise<{ heading: string; body: Child[] }> {
  const reply = await getJson<MatchRecord>(`/api/matches/${encodeURIComponent(id)}`);
  if (!reply.ok) return { heading: `Match ${id}`, body: [note(reply.message)] };
  const record = reply.data;
  const names = record.seats.map((s) => s.name);
  const facts = h("dl", { class: "result match-facts" },
    h("dt", {}, "Status"), h("dd", {}, statusBadge(record.status), record.abort_reason ? ` — ${record.abort_reason}` : ""),
    h("dt", {}, "Started"), h("dd", {}, when(record.started_at)),
    h("dt", {}, "Ended"), h("dd", {}, when(record.ended_at)),
    h("dt", {}, "Table"), h("dd", {}, `room ${record.room}, match ${record.match_number}`),
    h("dt", {}, "Scoring"), h("dd", {}, record.lower_score_wins ? "the lowest score wins" : "the highest score wins"));
  return {
    heading: `${titles.of(record.game)} · match ${record.id}`,
    body: [
      facts,
      h("h3", {}, record.status === "over" ? "Final results" : "Players"), scrollBox(seatTableOf(record)),
      roundsSection(record, names),
      record.actions ? replaySection(record.actions as unknown as RecordedAction[], names, record.options?.deck === "tarot",
        record.status === "over" ? record.id : undefined) : null,
      h("section", { class: "panel" }, h("h3", {}, "Table options"), optionsList(titles.info(record.game), record.options ?? {}, "match-options")),
      fairnessSection(record),
    ],
  };
}

function statsCells(s: GameStats, lowerWins: boolean | null): HTMLElement[] {
  return [
    h("td", { class: "num" }, s.matches), h("td", { class: "num" }, s.wins), h("td", { class: "num" }, percent(s.win_rate)),
    h("td", { class: "num" }, number(s.average_score)),
    h("td", { class: "num", title: lowerWins ? "lowest final score" : "highest final score" }, number(s.best_score)),
  ];
}

/** A column head with a short form for narrow screens. */
function statHead(long: string, short: string): HTMLElement {
  return h("th", { class: "num", title: long }, h("span", { class: "long" }, long), h("span", { class: "short", "aria-hidden": "true" }, short));
}

function statHeads(lowerWins: boolean | null, count = 5): HTMLElement[] {
  return [statHead("Matches", "Pl."), statHead("Wins", "W"), statHead("Win rate", "W%"), statHead("Average score", "Avg"),
    statHead(lowerWins ? "Best (lowest)" : "Best score", lowerWins ? "Best↓" : "Best")].slice(0, count);
}

function gameTabs(games: GameInfo[], current: string): HTMLElement {
  return h("nav", { class: "row tabs", "aria-label": "Game" },
    h("a", { href: "#/leaderboard", class: current ? "" : "current" }, "All games"),
    games.map((g) => h("a", { href: `#/leaderboard?game=${encodeURIComponent(g.name)}`, class: current === g.name ? "current" : "" }, g.title)));
}

async function leaderboardPage(game: string, games: GameInfo[]): Promise<Child[]> {
  const reply = await getJson<{ game: string | null; players: Standing[] }>(`/api/leaderboard${game ? `?game=${encodeURIComponent(game)}` : ""}`);
  if (!reply.ok) return [gameTabs(games, game), note(reply.message)];
  const players = reply.data.players;
  const perGame = reply.data.game !== null;
  const lowerWins = players[0]?.lower_score_wins ?? null;
  if (players.length === 0) return [gameTabs(games, game), note("No finished match with a person at the table yet.")];
  // Different people may share a name (each browser is its own player): tell them apart
  // by their player id, and say that the name's page shows the most recent of them.
  const count = new Map<string, number>();
  for (const p of players) count.set(p.name.toLowerCase(), (count.get(p.name.toLowerCase()) ?? 0) + 1);
  const shared = players.some((p) => (count.get(p.name.toLowerCase()) ?? 0) > 1);
  return [gameTabs(games, game),
    perGame ? note(lowerWins ? "In this game the lowest score wins." : "In this game the highest score wins.") : note("Wins over every game; scores are compared per game."),
    shared ? note("Some names belong to more than one player: they are told apart by their player id, and each links to that player's own page.", "shared-names") : null,
    scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "leaderboard" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Player"), statHeads(lowerWins, perGame ? 5 : 3))),
      h("tbody", {}, players.map((p, i) => h("tr", { "data-player": p.player },
        h("td", { class: "num" }, i + 1),
        h("td", {}, h("a", { href: playerHref(p.player) }, p.name),
          (count.get(p.name.toLowerCase()) ?? 0) > 1 ? h("small", { class: "note", "data-testid": "player-id" }, ` (player ${p.player})`) : null),
        statsCells(p, p.lower_score_wins).slice(0, perGame ? 5 : 3)))))),
  ];
}

/** Others who chose the same name, each a link to their own page. */
function namesakesNote(p: PlayerProfile): HTMLElement | null {
  const others = p.namesakes ?? [];
  if (others.length === 0) return null;
  const links: Child[] = [];
  others.forEach((o, i) => {
    if (i > 0) links.push(", ");
    links.push(h("a", { href: playerHref(o.player) }, `${o.name} (player ${o.player})`), " last seen ", when(o.last_seen));
  });
  return note([`This is player ${p.player}. Other players also called ${p.name}: `, ...links, "."], "namesakes");
}

/** A player's page; KEY is a name (the most recently seen of that name) or, BY_ID, a player id. */
async function playerPage(key: string, byId: boolean, titles: Titles): Promise<{ heading: string; body: Child[] }> {
  const path = byId ? `/api/players/by-id/${encodeURIComponent(key)}` : `/api/players/${encodeURIComponent(key)}`;
  const reply = await getJson<PlayerProfile>(path);
  if (!reply.ok) return { heading: key, body: [note(reply.message)] };
  const p = reply.data;
  const games = Object.entries(p.games ?? {});
  return {
    heading: p.name,
    body: [
      note(["First seen ", when(p.first_seen), " · last seen ", when(p.last_seen)]),
      namesakesNote(p),
      games.length === 0 ? note("No finished match yet.") : scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "player-games" },
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), statHeads(null))),
        h("tbody", {}, games.map(([game, stats]) => h("tr", {},
          h("td", {}, h("a", { href: `#/leaderboard?game=${encodeURIComponent(game)}` }, titles.of(game))),
          statsCells(stats, stats.lower_score_wins)))))),
      h("h3", {}, "Recent matches"),
      p.recent.length === 0 ? note("None yet.") : scrollBox(matchTable(p.recent, titles).table),
      h("p", {}, h("a", { href: `#/history?player_id=${encodeURIComponent(p.player)}` }, `Every match of ${p.name}`)),
    ],
  };
}

/** Builds the page for ROUTE (the hash without "#/"). */
export async function historyPage(route: string, games: GameInfo[]): Promise<HTMLElement> {
  const [path, queryText = ""] = route.split("?");
  const query = new URLSearchParams(queryText);
  const titles = new Titles(games);
  let heading: string;
  let body: Child[];
  if (path.startsWith("match/")) {
    ({ heading, body } = await matchPage(decodeURIComponent(path.slice("match/".length)), titles));
  } else if (path.startsWith("player/")) {
    ({ heading, body } = await playerPage(decodeURIComponent(path.slice("player/".length)), false, titles));
  } else if (path.startsWith("player-id/")) {
    ({ heading, body } = await playerPage(decodeURIComponent(path.slice("player-id/".length)), true, titles));
  } else if (path === "leaderboard") {
    const game = query.get("game") ?? "";
    heading = game ? `Leaderboard · ${titles.of(game)}` : "Leaderboard";
    body = await leaderboardPage(game, games);
  } else {
    heading = "Match history";
    body = await matchListPage(query, games);
  }
  return h("main", { class: "history", "data-testid": "history", "data-route": route }, h("section", { class: "panel" }, h("h2", {}, heading), body));
}
