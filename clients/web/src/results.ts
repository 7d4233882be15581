// Renders a game's round or match results (the view's "last_round", match_over's
// results) without knowing the game: per-seat lists become a table with the players'
// names, card lists become cards, seat fields become names.
import { cardRow } from "./cards.js";
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import { termHelp } from "./rules.js";
import { formatNumber, formatNumberOr, hasMessage, t } from "./i18n.js";
import { contractText } from "./games/carioca.js";
import { suitText } from "./cards.js";

/**
 * A word of the results (a code such as "took_pot" or "full_house") in the reader's words:
 * hand.<code>, else result.value.<code>, else the code with spaces; with its explanation
 * as a tooltip when the rules define it.
 */
function term(code: string): Child {
  const help = termHelp(code);
  const text = hasMessage(`hand.${code}`) ? t(`hand.${code}`) : hasMessage(`result.value.${code}`) ? t(`result.value.${code}`) : code.replace(/_/g, " ");
  return help ? h("abbr", { class: "term", title: help }, text) : text;
}

const SEAT_KEYS = new Set(["seat", "winner", "winners", "eligible", "dealer", "declarer", "went_out", "knocker", "opener", "discarder", "by", "high_bidder", "leader"]);
// Left out of the results panel: the table's log already tells the moves.
const SKIPPED = new Set(["actions"]);

function isCard(value: unknown): boolean {
  return typeof value === "string" && /^([2-9TJQKA][CDHS]|JK|FOOL|T\d{1,2}|[2-9TJQKCA][SCDB])$/.test(value);
}

function isCardList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every(isCard);
}

/** A field of the results as a heading: result.field.<key>, else the key with spaces and a capital. */
function title(key: string): string {
  if (hasMessage(`result.field.${key}`)) return t(`result.field.${key}`);
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A Carioca contract the results give as the server's English ("2 trios + 1 straight"), in the reader's words. */
function contractFromText(text: string): string {
  const trios = /(\d+) trios?/.exec(text)?.[1];
  const straights = /(\d+) straights?/.exec(text)?.[1];
  if (!trios && !straights) return text;
  return contractText({ text, trios: Number(trios ?? 0), straights: Number(straights ?? 0) });
}

export function renderValue(value: unknown, names: string[], key = "", tarot = false, depth = 0): Child {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("result.yes") : t("result.no");
  if (typeof value === "number") return SEAT_KEYS.has(key) && names[value] !== undefined ? names[value] : formatNumber(value);
  if (typeof value === "string") {
    if (key === "trump" && /^[CDHS]$/.test(value)) return suitText(value);
    if (key === "contract") return contractFromText(value);
    return isCard(value) ? cardRow([value], { tarot }) : term(value);
  }
  if (isCardList(value)) return cardRow(value, { tarot });
  if (isSeatObjectList(value)) return seatTable(value, names, tarot);
  if (Array.isArray(value)) {
    if (value.length === names.length && value.length > 0 && !value.every((x) => x && typeof x === "object" && !Array.isArray(x) && "seat" in x)) {
      return h("span", { class: "per-seat" }, value.map((x, s) => h("span", {}, h("b", {}, names[s] + ": "), renderValue(x, names, key, tarot, depth + 1))));
    }
    if (value.length === 0) return "—";
    return h("div", { class: "result-list" }, value.map((x) => h("div", {}, renderValue(x, names, key, tarot, depth + 1))));
  }
  if (typeof value === "object" && depth < 4) {
    return renderObject(value as Record<string, unknown>, names, tarot, depth + 1);
  }
  return JSON.stringify(value);
}

function isSeatObjectList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 &&
    value.every((x) => x !== null && typeof x === "object" && !Array.isArray(x) && typeof (x as Record<string, unknown>).seat === "number");
}

function isPerSeat(value: unknown, seats: number): value is unknown[] {
  return Array.isArray(value) && seats > 0 && value.length === seats && !isCardList(value) && !isSeatObjectList(value);
}

export function seatTable(rows: Record<string, unknown>[], names: string[], tarot: boolean): HTMLElement {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== "seat");
  return h("table", { class: "result-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("results.player")), columns.map((c) => h("th", { title: termHelp(c) }, title(c))))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", {}, names[r.seat as number] ?? formatNumberOr(r.seat, String(r.seat))),
      columns.map((c) => h("td", {}, renderValue(r[c], names, c, tarot, 2)))))));
}

/**
 * A round's results: plain facts first, then one table with a row per player for every
 * per-seat list (hands, points, scores...), then lists of per-seat records as tables.
 */
export function renderSummary(obj: Record<string, unknown>, names: string[], tarot = false): HTMLElement {
  const seats = names.length;
  const perSeat = Object.keys(obj).filter((k) => isPerSeat(obj[k], seats));
  const records = Object.keys(obj).filter((k) => isSeatObjectList(obj[k]));
  const facts = Object.fromEntries(Object.entries(obj).filter(([k]) => !perSeat.includes(k) && !records.includes(k) && !SKIPPED.has(k)));
  const rows = names.map((_, s) => ({ seat: s, ...Object.fromEntries(perSeat.map((k) => [k, (obj[k] as unknown[])[s]])) }));
  return h("div", { class: "summary" },
    Object.keys(facts).length ? renderObject(facts, names, tarot) : null,
    perSeat.length ? seatTable(rows, names, tarot) : null,
    records.filter((k) => !SKIPPED.has(k)).map((k) => h("div", {}, h("h4", {}, title(k)), seatTable(obj[k] as Record<string, unknown>[], names, tarot))));
}

export function renderObject(obj: Record<string, unknown>, names: string[], tarot = false, depth = 0): HTMLElement {
  return h("dl", { class: "result" }, Object.entries(obj).flatMap(([k, v]) => [
    h("dt", {}, title(k)), h("dd", {}, renderValue(v, names, k, tarot, depth)),
  ]));
}
