// What the club nights' pages share (protocol/README.md, "Club nights"): the event
// object's shape, the routes (#/events, #/event/ID), the events' errors in words, and
// which rooms this page entered from an event (so that the table can lead back to it:
// the room object does not say it is an event's table).
import type { JsonObject } from "./protocol.js";
import { hasMessage, t } from "./i18n.js";
import type { Params } from "./i18n.js";
import { errorText } from "./words.js";
import { h } from "./dom.js";

export interface EventPerson {
  id: string;
  name: string;
}

export interface EventEntrant extends EventPerson {
  dropped: boolean;
}

export interface EventTablePlayer extends EventPerson {
  seat: number;
  /** Once the table's match has ended (`finished`). */
  placing?: number | null;
  score?: number | null;
  absent?: boolean;
  /** What the seat earned in the event: place points once the table ended (absent seats
   * last whatever their bot's placing), a duplicate round's matchpoints once it is over. */
  points?: number;
}

export interface EventTable {
  room: string;
  code: string;
  finished: boolean;
  /** The finished table's match id (the history API's and the match page's); null otherwise. */
  match?: string | null;
  players: EventTablePlayer[];
}

export interface EventRound {
  round: number;
  over: boolean;
  /** Duplicate events, once the round is over: the seed every table was dealt from. */
  deal_seed: string | null;
  byes: EventPerson[];
  tables: EventTable[];
}

export interface EventStanding extends EventPerson {
  rank: number;
  points: number;
  buchholz: number;
  wins: number;
  matches: number;
  byes: number;
  dropped: boolean;
}

export type EventStatus = "signup" | "running" | "finished";

/** The event object; `events` summaries stop at `entrant_count`. */
export interface EventInfo {
  id: string;
  name: string;
  game: string;
  options: JsonObject;
  seats: number;
  min_seats: number;
  rounds: number;
  pairing: "swiss" | "round_robin" | string;
  duplicate: boolean;
  rated: boolean;
  organiser: EventPerson;
  status: EventStatus;
  round: number;
  entrant_count: number;
  entrants?: EventEntrant[];
  played?: EventRound[];
  standings?: EventStanding[];
  pairing_seed?: string;
  deal_secret?: string | null;
}

/** How often an event page asks again while the event is in sign-up or running (nothing is pushed). */
export const EVENT_POLL_MS = 3000;

/** The events' pages: the list (and the form to make one) and one event. */
export function isEventsRoute(hash: string): boolean {
  return hash === "#/events" || /^#\/event\/[^/?]+$/.test(hash);
}

/** The event an event page's hash names, or null on the list. */
export function eventIdOf(hash: string): string | null {
  const id = /^#\/event\/([^/?]+)$/.exec(hash)?.[1];
  return id ? decodeURIComponent(id) : null;
}

export function eventHref(id: string): string {
  return `#/event/${encodeURIComponent(id)}`;
}

/**
 * An event request's refusal in words: the events' own words first (events.error.<code>:
 * the shared error.signup_closed speaks of accounts, not of an event that started), else
 * the client's usual words for the code. PARAMS fill the message (too_few_entrants: n).
 */
export function eventErrorText(error: unknown, params: Params = {}): string {
  const e = error as { code?: string; message?: string };
  const code = e.code ?? "error";
  if (hasMessage(`events.error.${code}`)) return t(`events.error.${code}`, params);
  return errorText(code, e.message ?? String(error));
}

/** The status badge every event page and list shows. */
export function statusBadge(status: EventStatus | string): HTMLElement {
  return h("span", { class: `badge event-status event-${status}`, "data-testid": "event-status" }, t("events.status", { status }));
}

/** "Round 2 of 4" (or "4 rounds" before the start). */
export function roundText(event: EventInfo): string {
  return event.status === "signup" ? t("events.rounds_planned", { n: event.rounds }) : t("events.round_of", { round: event.round, rounds: event.rounds });
}
