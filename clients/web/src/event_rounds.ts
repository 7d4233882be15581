// An event's rounds and standings, drawn from the `event` answer: each round with its
// tables (players by seat, their place and score once the table's match ended, absent
// seats marked), its byes and, for duplicate events, its deal seed once over; the
// standings (rank, points, Buchholz, wins, matches); the duplicate secret and how to
// check it. Pure drawing: the page (event_page.ts) owns the state and the requests.
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import { formatList, formatNumber, formatNumberOr, t } from "./i18n.js";
import type { EventInfo, EventRound, EventStanding, EventTable } from "./events.js";

/** What a round's drawing needs to know besides the event. */
export interface RoundContext {
  /** This player's id. */
  me: string;
}

const num = (n: number) => formatNumber(n, { maximumFractionDigits: 2 });

/** A column head with its full words as a tooltip (the short one fits 360 px). */
function head(short: string, full: string, cls = "num"): HTMLElement {
  return h("th", { class: cls, title: full, scope: "col" }, h("abbr", { title: full }, short));
}

function dropped(flag: boolean): Child {
  return flag ? h("span", { class: "badge warn", "data-testid": "dropped" }, t("events.dropped")) : null;
}

/** The standings table (every entrant, best first); the final results once finished. */
export function standingsTable(event: EventInfo, me: string): HTMLElement {
  const rows = event.standings ?? [];
  return h("div", { class: "scroll-x" }, h("table", { class: "result-table standings-table", "data-testid": "standings" },
    h("thead", {}, h("tr", {},
      head(t("events.col.rank_short"), t("events.col.rank")),
      h("th", { scope: "col" }, t("results.player")),
      head(t("events.col.points_short"), t("events.col.points")),
      head(t("events.col.buchholz_short"), t("events.col.buchholz")),
      head(t("stats.wins_short"), t("stats.wins")),
      head(t("stats.matches_short"), t("stats.matches")))),
    h("tbody", {}, rows.map((s: EventStanding) => h("tr", { "data-player": s.id, class: s.id === me ? "me" : "" },
      h("td", { class: "num", "data-testid": "standing-rank" }, formatNumber(s.rank)),
      h("th", { scope: "row", "data-testid": "standing-name" }, s.name, " ", dropped(s.dropped)),
      h("td", { class: "num", "data-testid": "standing-points" }, num(s.points)),
      h("td", { class: "num" }, num(s.buchholz)),
      h("td", { class: "num" }, formatNumber(s.wins)),
      h("td", { class: "num" }, formatNumber(s.matches)))))));
}

/**
 * The place and points each seat of a finished table earned in the event, as the server
 * scored them (`points`; server/events/event_rules.hpp): the place is 1 + the seats that
 * earned more, so absent seats come last whatever their bot did and ties share a place.
 * Duplicate tables score matchpoints against the other tables' same seats: their place
 * stays the match's own. Null while the server has not scored the table yet.
 */
export function tablePoints(event: EventInfo, table: EventTable): Map<string, { place: number; points: number }> | null {
  if (!table.finished || table.players.some((p) => typeof p.points !== "number")) return null;
  const points = new Map<string, { place: number; points: number }>();
  for (const p of table.players) {
    const earned = p.points as number;
    const place = event.duplicate ? p.placing ?? 0 : 1 + table.players.filter((o) => (o.points as number) > earned).length;
    points.set(p.id, { place, points: earned });
  }
  return points;
}

function tableCard(event: EventInfo, round: EventRound, table: EventTable, index: number, ctx: RoundContext): HTMLElement {
  const mine = table.players.some((p) => p.id === ctx.me);
  const players = [...table.players].sort((a, b) => a.seat - b.seat);
  const match = table.finished ? table.match ?? null : null;
  const points = tablePoints(event, table);
  return h("div", { class: `event-table${mine ? " mine" : ""}`, "data-testid": "event-table", "data-room": table.room, "data-round": round.round },
    h("h5", {}, t("events.table_n", { n: index + 1 }), " ",
      h("span", { class: `badge ${table.finished ? "" : "live"}` }, table.finished ? t("events.table_over") : t("events.table_playing")),
      mine ? h("span", { class: "badge member" }, t("events.your_table_badge")) : null),
    h("div", { class: "scroll-x" }, h("table", { class: "result-table event-seats" },
      h("thead", {}, h("tr", {}, head(t("events.col.seat_short"), t("history.col.seat")), h("th", { scope: "col" }, t("results.player")),
        table.finished ? head(t("events.col.place_short"), points && !event.duplicate ? t("events.col.event_place") : t("events.col.place")) : null,
        table.finished ? head(t("events.col.score_short"), t("events.col.score")) : null,
        points ? head(t("events.col.points_short"), t("events.col.table_points")) : null)),
      h("tbody", {}, players.map((p) => h("tr", { "data-player": p.id, class: p.id === ctx.me ? "me" : "" },
        h("td", { class: "num" }, formatNumber(p.seat + 1)),
        h("td", { "data-testid": "table-player" }, p.name,
          p.absent ? h("span", { class: "badge warn", title: t("events.absent_title"), "data-testid": "absent" }, t("events.absent")) : null),
        points ? h("td", { class: "num", "data-testid": "table-place" }, formatNumberOr(points.get(p.id)?.place, "—"))
          : table.finished ? h("td", { class: "num", "data-testid": "table-place" }, formatNumberOr(p.placing, "—")) : null,
        table.finished ? h("td", { class: "num", "data-testid": "table-score" }, formatNumberOr(p.score, "—")) : null,
        points ? h("td", { class: "num", "data-testid": "table-points" }, num(points.get(p.id)?.points ?? 0)) : null))))),
    match ? h("p", { class: "note" }, h("a", { href: `#/match/${encodeURIComponent(match)}`, "data-testid": "table-record" }, t("events.match_record"))) : null);
}

/** One round: its tables, its byes and (duplicate, once over) its deal seed. */
export function roundSection(event: EventInfo, round: EventRound, ctx: RoundContext): HTMLElement {
  const current = round.round === event.round && event.status === "running";
  return h("section", { class: "event-round", "data-testid": `round-${round.round}` },
    h("h4", {}, t("events.round_n", { n: round.round }), " ",
      h("span", { class: "badge" }, round.over ? t("events.round_over") : current ? t("events.round_playing") : "")),
    round.byes.length
      ? h("p", { class: "note", "data-testid": "byes" }, t("events.byes", { n: round.byes.length, names: formatList(round.byes.map((b) => b.name)) }))
      : null,
    event.duplicate && round.deal_seed
      ? h("p", { class: "note" }, t("events.deal_seed"), " ", h("code", { class: "hex", "data-testid": "deal-seed" }, round.deal_seed))
      : null,
    h("div", { class: "event-tables" }, round.tables.map((table, i) => tableCard(event, round, table, i, ctx))));
}

/** A duplicate event's proof, once finished: the secret, and how anyone checks the rounds. */
export function duplicateProof(event: EventInfo): HTMLElement | null {
  if (!event.duplicate) return null;
  return h("section", { class: "panel", "data-testid": "duplicate-proof" },
    h("h3", {}, t("events.duplicate_title")),
    h("p", {}, t("events.duplicate_explained")),
    event.deal_secret
      ? [h("p", {}, t("events.deal_secret"), " ", h("code", { class: "hex", "data-testid": "deal-secret" }, event.deal_secret)),
        h("p", { class: "note" }, t("events.verify_note"), " ", h("code", {}, "parlor verify --duplicate RECORD…"))]
      : h("p", { class: "note" }, t("events.secret_later")));
}
