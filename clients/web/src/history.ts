// The match history, a match's record, the leaderboard and a player's page, read from
// the server's history API (persistence spec: /api/matches, /api/matches/ID,
// /api/leaderboard, /api/players/NAME). A server without that API gets a plain "not
// available" note instead of a broken page.
import { button, h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo, Json, JsonObject } from "./protocol.js";
import { optionsList } from "./option_words.js";
import { gameTitle } from "./game_words.js";
import { formatDateTime, formatNumber, language, t } from "./i18n.js";
import { renderSummary } from "./results.js";
import { replaySection } from "./replay.js";
import type { RecordedAction } from "./replay.js";
import { figuresOfPlayer } from "./figures.js";
import type { Figures } from "./figures.js";
import { ratingChart, ratingText } from "./rating_chart.js";
import type { RatingPoint } from "./rating_chart.js";

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
  average_place?: number | null; // servers before ratings: absent
  figures?: Figures | null; // name -> value over the latest matches; servers before figures: absent
}

/** A rated player of one game on the leaderboard (`ratings`): shown rating = mu - 3 sigma. */
interface RatingStanding {
  player: string;
  name: string;
  rating: number;
  mu: number;
  sigma: number;
  matches: number;
  provisional: boolean;
}

/** A player's rating in one game, with its history (oldest first, the last 200 at most). */
interface GameRating {
  rating: number;
  mu: number;
  sigma: number;
  matches: number;
  provisional: boolean;
  history: RatingPoint[];
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
  ratings?: Record<string, GameRating>; // servers before ratings: absent
}

type Reply<T> = { ok: true; data: T } | { ok: false; message: string };


/** A page of the history, as in the location's hash without "#/". */
export function isHistoryRoute(hash: string): boolean {
  return /^#\/(history|leaderboard|match\/.+|player\/.+|player-id\/.+)/.test(hash);
}

async function getJson<T>(path: string): Promise<Reply<T>> {
  try {
    const res = await fetch(path, { headers: { accept: "application/json" } });
    const isJson = (res.headers.get("content-type") ?? "").includes("json");
    if (!isJson) return { ok: false, message: t("history.unavailable") };
    const body = (await res.json()) as T & { error?: string; message?: string };
    // The server's message is English: the reader's language has the status's meaning.
    if (!res.ok) return { ok: false, message: res.status === 404 ? t("history.not_found") : language() === "en" ? body.message ?? body.error ?? `HTTP ${res.status}` : t("history.http_error", { status: res.status }) };
    return { ok: true, data: body };
  } catch {
    return { ok: false, message: t("history.no_answer") };
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
  const text = formatDateTime(date, { year: sameYear ? undefined : "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return h("time", { datetime: iso, title: iso }, text);
}

function percent(rate: number): string {
  return formatNumber(rate, { style: "percent", maximumFractionDigits: 0 });
}

function number(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return formatNumber(value, { maximumFractionDigits: Number.isInteger(value) ? 0 : 1, minimumFractionDigits: Number.isInteger(value) ? 0 : 1 });
}

function statusBadge(status: MatchStatus): HTMLElement {
  return h("span", { class: `badge status-${status}`, "data-testid": "match-status" }, t("history.status", { status }));
}

/** The leaderboard of GAME. */
function leaderboardHref(game: string): string {
  return `#/leaderboard?game=${encodeURIComponent(game)}`;
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
    return gameTitle(game, this.info(game)?.title ?? game);
  }
  /** The game's option schema (its options' words), if this server hosts it. */
  info(game: string): GameInfo | undefined {
    return this.games.find((g) => g.name === game);
  }
}

/** Who sat at the table, with the final score when there is one; the winner marked. */
function seatsLine(seats: SeatRecord[]): HTMLElement {
  return h("span", { class: "seats-line" }, seats.map((s) => h("span", { class: s.winner ? "winner" : "" },
    s.winner ? "★ " : "", playerLink(s), s.kind === "bot" ? h("small", {}, " ", t("history.bot_mark")) : null,
    s.score !== null ? h("small", {}, " ", number(s.score)) : null)));
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
    h("thead", {}, h("tr", {}, h("th", {}, t("history.col.started")), h("th", {}, t("lobby.col.game")), h("th", {}, t("history.col.players")),
      h("th", { class: "num" }, t("history.col.rounds")), h("th", {}, t("lobby.col.status")))), body);
  return { table, body };
}

/** The filters; PERSON: the one player the list is of (by id), whose name stands in the box until changed. */
function filterForm(games: GameInfo[], game: string, player: string, person?: Namesake): HTMLElement {
  const gameSelect = h("select", { id: "history-game", "data-testid": "history-game" },
    h("option", { value: "" }, t("history.all_games")),
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, gameTitle(g.name, g.title))));
  const shown = person?.name ?? player;
  const playerInput = h("input", { id: "history-player", "data-testid": "history-player", value: shown, placeholder: t("history.any_player"), maxlength: 32 });
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
  h("label", { for: "history-game" }, t("lobby.col.game")), gameSelect,
  h("label", { for: "history-player" }, t("results.player")), playerInput,
  h("button", { type: "submit", "data-action": "filter" }, t("history.show")));
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
  return person.name ? t("history.person", { name: person.name, id: person.player }) : t("history.person_id", { id: person.player });
}

/** Several people chose that name: each is a choice of their own, told apart as the player pages do. */
function namesakeChoices(people: Namesake[], game: string): HTMLElement {
  const href = (id: string) => {
    const query = new URLSearchParams({ player_id: id });
    if (game) query.set("game", game);
    return `#/history?${query}`;
  };
  return h("div", { class: "panel namesake-choices", "data-testid": "namesake-choices" },
    h("p", {}, t("history.namesakes_choose", { n: people.length, name: people[0].name })),
    h("ul", {}, people.map((p) => h("li", { "data-player": p.player },
      h("a", { href: href(p.player), "data-action": "choose-player" }, t("history.person", { name: p.name, id: p.player })), h("small", { class: "note" }, " ", t("history.last_seen"), " ", when(p.last_seen))))));
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
  const more: HTMLButtonElement = button(t("history.more"), async () => {
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
    person ? note(t("history.only_matches_of", { person: personText(person) }), "player-id-filter") : null,
    empty ? note(player || game || playerId ? t("history.none_fits") : t("history.none_yet")) : scrollBox(table),
    h("div", { class: "row" }, more, status)];
}

function seatTableOf(record: MatchRecord): HTMLElement {
  const over = record.status === "over";
  const seats = [...record.seats].sort((a, b) => (over ? (a.placing ?? 99) - (b.placing ?? 99) : a.seat - b.seat));
  return h("table", { class: "result-table seats-table", "data-testid": "match-seats" },
    h("thead", {}, h("tr", {}, over ? h("th", {}, t("results.place")) : null, h("th", { class: "num" }, t("history.col.seat")), h("th", {}, t("results.player")), h("th", { class: "num" }, t("results.score")))),
    h("tbody", {}, seats.map((s) => h("tr", { class: s.winner ? "winner" : "" },
      over ? h("td", {}, s.placing ?? "") : null,
      h("td", { class: "num" }, s.seat + 1),
      h("td", {}, playerLink(s), s.kind === "bot" ? h("small", { class: "note" }, " ", t("seat.bot", { level: s.bot_level ?? "sensible" })) : null,
        record.first_dealer === s.seat ? h("span", { class: "badge dealer", title: t("history.first_dealer") }, t("seat.dealer_badge")) : null),
      h("td", { class: "num" }, number(s.score))))));
}

function roundsSection(record: MatchRecord, names: string[]): HTMLElement {
  const rounds = record.rounds ?? [];
  return h("section", { class: "panel", "data-testid": "match-rounds" }, h("h3", {}, t("history.rounds", { n: rounds.length })),
    rounds.length === 0 ? note(t("history.no_round")) : rounds.map((round, i) => h("details", { class: "round", open: i === rounds.length - 1 },
      h("summary", {}, t("history.round", { n: i + 1 })),
      scrollBox(round && typeof round === "object" && !Array.isArray(round) ? renderSummary(round as Record<string, unknown>, names) : String(round)))));
}

/** The seed, the commitments and how to check them: what makes the deals verifiable. */
function fairnessSection(record: MatchRecord): HTMLElement {
  const finished = record.seed !== undefined;
  const file = `${record.id}.json`;
  return h("section", { class: "panel fairness", "data-testid": "fairness" }, h("h3", {}, t("history.fair_deals")),
    note(finished
      ? [t("history.fair_over_before"), " ", h("code", {}, `parlor verify ${file}`), " ", t("history.fair_over_after")]
      : t("history.fair_live"), "fairness-note"),
    h("dl", { class: "result" },
      finished ? [h("dt", {}, t("history.seed")), h("dd", { class: "hex", "data-testid": "match-seed" }, record.seed)] : null,
      finished ? [h("dt", {}, t("history.moves")), h("dd", { "data-testid": "match-actions" }, String(record.actions?.length ?? 0))] : null),
    record.commitments.length === 0 ? note(t("history.no_deal")) : h("table", { class: "result-table commitments", "data-testid": "commitments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, t("history.deal")), h("th", {}, t("history.commitment")))),
      h("tbody", {}, record.commitments.map((c) => h("tr", {}, h("td", { class: "num" }, c.deal), h("td", { class: "hex" }, c.sha256))))),
    h("p", {}, h("a", { href: `/api/matches/${encodeURIComponent(record.id)}`, download: file, "data-testid": "download-record" }, t("history.download", { file }))));
}

async function matchPage(id: string, titles: Titles): Promise<{ heading: string; body: Child[] }> {
  const reply = await getJson<MatchRecord>(`/api/matches/${encodeURIComponent(id)}`);
  if (!reply.ok) return { heading: t("history.match", { id }), body: [note(reply.message)] };
  const record = reply.data;
  const names = record.seats.map((s) => s.name);
  const facts = h("dl", { class: "result match-facts" },
    h("dt", {}, t("lobby.col.status")), h("dd", {}, statusBadge(record.status), record.abort_reason ? ` — ${record.abort_reason}` : ""),
    h("dt", {}, t("history.col.started")), h("dd", {}, when(record.started_at)),
    h("dt", {}, t("history.ended")), h("dd", {}, when(record.ended_at)),
    h("dt", {}, t("history.table")), h("dd", {}, t("history.table_match", { room: record.room, n: record.match_number })),
    h("dt", {}, t("history.scoring")), h("dd", {}, record.lower_score_wins ? t("history.lowest_wins") : t("history.highest_wins")));
  return {
    heading: t("history.match_heading", { game: titles.of(record.game), id: record.id }),
    body: [
      facts,
      h("h3", {}, record.status === "over" ? t("history.final_results") : t("history.col.players")), scrollBox(seatTableOf(record)),
      roundsSection(record, names),
      record.actions ? replaySection(record.actions as unknown as RecordedAction[], names, record.options?.deck === "tarot",
        record.status === "over" ? record.id : undefined) : null,
      h("section", { class: "panel" }, h("h3", {}, t("room.table_options")), optionsList(titles.info(record.game), record.options ?? {}, "match-options")),
      fairnessSection(record),
    ],
  };
}

function statsCells(s: GameStats, lowerWins: boolean | null): HTMLElement[] {
  return [
    h("td", { class: "num" }, s.matches), h("td", { class: "num" }, s.wins), h("td", { class: "num" }, percent(s.win_rate)),
    h("td", { class: "num" }, number(s.average_score)),
    h("td", { class: "num", title: lowerWins ? t("stats.lowest_final") : t("stats.highest_final") }, number(s.best_score)),
  ];
}

/** A column head with a short form for narrow screens. */
function statHead(long: string, short: string): HTMLElement {
  return h("th", { class: "num", title: long }, h("span", { class: "long" }, long), h("span", { class: "short", "aria-hidden": "true" }, short));
}

function statHeads(lowerWins: boolean | null, count = 5): HTMLElement[] {
  return [statHead(t("stats.matches"), t("stats.matches_short")), statHead(t("stats.wins"), t("stats.wins_short")),
    statHead(t("stats.win_rate"), t("stats.win_rate_short")), statHead(t("stats.average"), t("stats.average_short")),
    statHead(lowerWins ? t("stats.best_lowest") : t("stats.best"), lowerWins ? t("stats.best_lowest_short") : t("stats.best_short"))].slice(0, count);
}

function gameTabs(games: GameInfo[], current: string): HTMLElement {
  return h("nav", { class: "row tabs", "aria-label": t("lobby.col.game") },
    h("a", { href: "#/leaderboard", class: current ? "" : "current" }, t("history.all_games_tab")),
    games.map((g) => h("a", { href: `#/leaderboard?game=${encodeURIComponent(g.name)}`, class: current === g.name ? "current" : "" }, gameTitle(g.name, g.title))));
}

/** "Ana", and her player id when others share her name (COUNT: how many have each name). */
function nameCell(p: { player: string; name: string }, count: Map<string, number>): HTMLElement {
  return h("td", {}, h("a", { href: playerHref(p.player) }, p.name),
    (count.get(p.name.toLowerCase()) ?? 0) > 1 ? h("small", { class: "note", "data-testid": "player-id" }, " ", t("history.player_id_mark", { id: p.player })) : null);
}

function nameCount(people: { name: string }[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name.toLowerCase(), (count.get(p.name.toLowerCase()) ?? 0) + 1);
  return count;
}

function ratingTable(rows: RatingStanding[], count: Map<string, number>, testid: string): HTMLElement {
  return scrollBox(h("table", { class: "result-table history-table ratings-table", "data-testid": testid },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("results.player")),
      h("th", { class: "num" }, t("rating.rating")), statHead(t("stats.matches"), t("stats.matches_short")))),
    h("tbody", {}, rows.map((r, i) => h("tr", { "data-player": r.player, class: r.provisional ? "provisional" : "" },
      h("td", { class: "num" }, i + 1), nameCell(r, count),
      h("td", { class: "num rating", title: t("rating.mu_sigma", { mu: ratingText(r.mu), sigma: ratingText(r.sigma) }) }, ratingText(r.rating)),
      h("td", { class: "num" }, r.matches))))));
}

/** The game's ratings: the established players ranked, then the provisional ones apart. */
function ratingsSection(ratings: RatingStanding[], count: Map<string, number>): HTMLElement {
  const settled = ratings.filter((r) => !r.provisional);
  const provisional = ratings.filter((r) => r.provisional);
  return h("section", { class: "ratings", "data-testid": "ratings-section" },
    h("h3", {}, t("rating.heading")),
    note(t("rating.explained"), "ratings-note"),
    settled.length > 0 ? ratingTable(settled, count, "ratings") : note(t("rating.none_settled"), "ratings-none"),
    provisional.length > 0 ? [h("h3", {}, t("rating.provisional_heading")), note(t("rating.provisional_note"), "provisional-note"),
      ratingTable(provisional, count, "ratings-provisional")] : null);
}

async function leaderboardPage(game: string, games: GameInfo[]): Promise<Child[]> {
  const reply = await getJson<{ game: string | null; players: Standing[]; ratings?: RatingStanding[] }>(`/api/leaderboard${game ? `?game=${encodeURIComponent(game)}` : ""}`);
  if (!reply.ok) return [gameTabs(games, game), note(reply.message)];
  const players = reply.data.players;
  const perGame = reply.data.game !== null;
  const ratings = perGame ? reply.data.ratings ?? [] : [];
  const lowerWins = players[0]?.lower_score_wins ?? null;
  if (players.length === 0 && ratings.length === 0) return [gameTabs(games, game), note(t("stats.none"))];
  // Different people may share a name (each browser is its own player): tell them apart
  // by their player id, and say that the name's page shows the most recent of them.
  const count = nameCount(players);
  const ratedCount = nameCount(ratings);
  const shared = [...count.values(), ...ratedCount.values()].some((n) => n > 1);
  return [gameTabs(games, game),
    ratings.length > 0 ? ratingsSection(ratings, ratedCount) : null,
    ratings.length > 0 ? h("h3", {}, t("rating.wins_heading")) : null,
    perGame ? note(lowerWins ? t("stats.lowest_wins_here") : t("stats.highest_wins_here")) : note(t("stats.all_games_note")),
    shared ? note(t("stats.shared_names"), "shared-names") : null,
    players.length === 0 ? note(t("stats.none")) : scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "leaderboard" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("results.player")), statHeads(lowerWins, perGame ? 5 : 3))),
      h("tbody", {}, players.map((p, i) => h("tr", { "data-player": p.player },
        h("td", { class: "num" }, i + 1),
        nameCell(p, count),
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
    links.push(h("a", { href: playerHref(o.player) }, t("history.person", { name: o.name, id: o.player })), " ", t("history.last_seen"), " ", when(o.last_seen));
  });
  return note([t("history.namesakes", { id: p.player, name: p.name }), " ", ...links, "."], "namesakes");
}

/** "2.3": the average place over the player's finished matches of a game; "—" when not known. */
function placeText(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return formatNumber(value, { minimumFractionDigits: Number.isInteger(value) ? 0 : 1, maximumFractionDigits: 1 });
}

/** Each game the player has a rating in: the rating, matches, average place and its chart. */
function ratingsOfPlayer(p: PlayerProfile, titles: Titles): HTMLElement | null {
  const rated = Object.entries(p.ratings ?? {});
  if (rated.length === 0) return null;
  return h("section", { class: "player-ratings", "data-testid": "player-ratings" },
    h("h3", {}, t("rating.heading")),
    rated.map(([game, r], i) => {
      const history = r.history ?? [];
      const before = Math.max(0, r.matches - history.length);
      return h("section", { class: "panel rating-game", "data-game": game, "data-testid": `rating-${game}` },
        h("h4", {}, h("a", { href: leaderboardHref(game) }, titles.of(game))),
        h("dl", { class: "result rating-facts" },
          h("dt", {}, t("rating.rating")),
          h("dd", { "data-testid": "player-rating", title: t("rating.mu_sigma", { mu: ratingText(r.mu), sigma: ratingText(r.sigma) }) },
            h("b", { class: "rating-value" }, ratingText(r.rating)),
            r.provisional ? h("span", { class: "badge provisional", title: t("rating.provisional_note"), "data-testid": "provisional" }, t("rating.provisional")) : null),
          h("dt", {}, t("stats.matches")), h("dd", { "data-testid": "player-rating-matches" }, r.matches),
          h("dt", {}, t("rating.average_place")), h("dd", { "data-testid": "player-average-place" }, placeText(p.games?.[game]?.average_place))),
        history.length > 0 ? h("div", { class: "chart-box" }, ratingChart(history, titles.of(game), `rating-chart-${i}`, before))
          : note(t("rating.no_history")),
        history.length > 0 && before > 0 ? note(t("rating.history_last", { n: history.length })) : null);
    }));
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
      note([t("history.first_seen"), " ", when(p.first_seen), " · ", t("history.last_seen"), " ", when(p.last_seen)]),
      namesakesNote(p),
      games.length === 0 ? note(t("history.no_finished")) : scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "player-games" },
        h("thead", {}, h("tr", {}, h("th", {}, t("lobby.col.game")), statHeads(null))),
        h("tbody", {}, games.map(([game, stats]) => h("tr", {},
          h("td", {}, h("a", { href: leaderboardHref(game) }, titles.of(game))),
          statsCells(stats, stats.lower_score_wins)))))),
      figuresOfPlayer(games, (game) => titles.of(game), leaderboardHref),
      ratingsOfPlayer(p, titles),
      h("h3", {}, t("history.recent")),
      p.recent.length === 0 ? note(t("history.none")) : scrollBox(matchTable(p.recent, titles).table),
      h("p", {}, h("a", { href: `#/history?player_id=${encodeURIComponent(p.player)}` }, t("history.every_match_of", { name: p.name }))),
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
    heading = game ? t("stats.leaderboard_game", { game: titles.of(game) }) : t("header.leaderboard");
    body = await leaderboardPage(game, games);
  } else {
    heading = t("history.title");
    body = await matchListPage(query, games);
  }
  return h("main", { class: "history", "data-testid": "history", "data-route": route }, h("section", { class: "panel" }, h("h2", {}, heading), body));
}
