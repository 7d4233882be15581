// What the history's pages share (history.ts: the match list and a match's page;
// players_pages.ts: the leaderboard and a player's page): the history API's records, its
// reader, and the small pieces every page draws (dates, numbers, links, match tables).
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo, Json, JsonObject } from "./protocol.js";
import { gameTitle } from "./game_words.js";
import { formatDateTime, formatNumber, language, t } from "./i18n.js";
import type { Figures } from "./figures.js";
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

export type MatchStatus = "playing" | "over" | "aborted";

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

export interface GameStats {
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
export interface RatingStanding {
  player: string;
  name: string;
  rating: number;
  mu: number;
  sigma: number;
  matches: number;
  provisional: boolean;
}

/** A player's rating in one game, with its history (oldest first, the last 200 at most). */
export interface GameRating {
  rating: number;
  mu: number;
  sigma: number;
  matches: number;
  provisional: boolean;
  history: RatingPoint[];
}

export interface Standing extends GameStats {
  player: string;
  name: string;
}

export interface PlayerProfile {
  player: string;
  name: string;
  first_seen: string;
  last_seen: string;
  games: Record<string, GameStats>;
  recent: MatchSummary[];
  namesakes?: Namesake[]; // others with the same name (servers before it: absent)
  ratings?: Record<string, GameRating>; // servers before ratings: absent
}

export interface Namesake {
  player: string;
  name: string;
  last_seen: string;
}
export type Reply<T> = { ok: true; data: T } | { ok: false; message: string };

export async function getJson<T>(path: string): Promise<Reply<T>> {
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

export function note(text: Child | Child[], testid = "history-note"): HTMLElement {
  return h("p", { class: "note", "data-testid": testid }, text);
}

/** "22 Nov 2026, 08:10" in the reader's time zone; the exact UTC time as a tooltip. */
export function when(iso: string | null): HTMLElement | string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === new Date().getFullYear();
  const text = formatDateTime(date, { year: sameYear ? undefined : "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return h("time", { datetime: iso, title: iso }, text);
}

export function percent(rate: number): string {
  return formatNumber(rate, { style: "percent", maximumFractionDigits: 0 });
}

export function number(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return formatNumber(value, { maximumFractionDigits: Number.isInteger(value) ? 0 : 1, minimumFractionDigits: Number.isInteger(value) ? 0 : 1 });
}

export function statusBadge(status: MatchStatus): HTMLElement {
  return h("span", { class: `badge status-${status}`, "data-testid": "match-status" }, t("history.status", { status }));
}

/** The leaderboard of GAME. */
export function leaderboardHref(game: string): string {
  return `#/leaderboard?game=${encodeURIComponent(game)}`;
}

/** A player's page by id: names are not unique (two people may both be "Sam"). */
export function playerHref(playerId: string): string {
  return `#/player-id/${encodeURIComponent(playerId)}`;
}

export function playerLink(seat: SeatRecord): Child {
  if (seat.kind !== "human") return seat.name;
  if (seat.player) return h("a", { href: playerHref(seat.player) }, seat.name);
  return h("a", { href: `#/player/${encodeURIComponent(seat.name)}` }, seat.name);
}

export function scrollBox(...children: Child[]): HTMLElement {
  return h("div", { class: "scroll-x" }, children);
}

export class Titles {
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
export function seatsLine(seats: SeatRecord[]): HTMLElement {
  return h("span", { class: "seats-line" }, seats.map((s) => h("span", { class: s.winner ? "winner" : "" },
    s.winner ? "★ " : "", playerLink(s), s.kind === "bot" ? h("small", {}, " ", t("history.bot_mark")) : null,
    s.score !== null ? h("small", {}, " ", number(s.score)) : null)));
}

export function matchRows(matches: MatchSummary[], titles: Titles): HTMLElement[] {
  return matches.map((m) => h("tr", { "data-match": m.id },
    h("td", { class: "started" }, h("a", { href: `#/match/${encodeURIComponent(m.id)}`, "data-action": "open-match" }, when(m.started_at))),
    h("td", { class: "game" }, titles.of(m.game)),
    h("td", { class: "players" }, seatsLine(m.seats)),
    h("td", { class: "num rounds" }, formatNumber(m.rounds)),
    h("td", { class: "status" }, statusBadge(m.status))));
}

export function matchTable(matches: MatchSummary[], titles: Titles): { table: HTMLElement; body: HTMLElement } {
  const body = h("tbody", {}, matchRows(matches, titles));
  const table = h("table", { class: "result-table history-table match-table", "data-testid": "match-list" },
    h("thead", {}, h("tr", {}, h("th", {}, t("history.col.started")), h("th", {}, t("lobby.col.game")), h("th", {}, t("history.col.players")),
      h("th", { class: "num" }, t("history.col.rounds")), h("th", {}, t("lobby.col.status")))), body);
  return { table, body };
}

/** The filters; PERSON: the one player the list is of (by id), whose name stands in the box until changed. */