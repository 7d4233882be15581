// The room: seats and bots before a match; during a match the table — the other
// players around the top, the game's piles in the middle, your hand and your moves at
// the bottom, scores and the log at the side — and the round and match results.
import type { App } from "./app.js";
import { eventHref } from "./events.js";
import { botLevelSelect } from "./bot_level.js";
import { cardElement } from "./cards.js";
import { button, h } from "./dom.js";
import type { Child } from "./dom.js";
import { GAMES } from "./games/index.js";
import { formatNumber, formatNumberOr, t } from "./i18n.js";
import type { GameUI, TableContext } from "./games/types.js";
import { optionsList } from "./option_words.js";
import type { GameInfo, RoomInfo, SeatInfo } from "./protocol.js";
import { renderSummary } from "./results.js";
import { rulesPanel } from "./rules.js";
import { chatPanel } from "./chat.js";
import { hostPanel } from "./host.js";
import { meldOrder } from "./meld_sort.js";
import { gameTitle, guestMark, phaseText, seatName } from "./game_words.js";

function seatStatus(s: SeatInfo): string {
  if (s.kind === "empty") return t("seat.empty");
  if (s.kind === "bot") return t("seat.bot", { level: s.level ?? "sensible" });
  if (s.bot_plays) return s.connected ? t("seat.here_bot_plays") : t("seat.away_bot_plays");
  return s.connected ? t("seat.here") : t("seat.away");
}

export function remainingMs(app: App, seat: number): number | null {
  const entry = app.timer?.seats.find((s) => s.seat === seat);
  if (!entry) return null;
  return Math.max(0, entry.remaining_ms - (performance.now() - app.timerAt));
}

function timerText(ms: number | null): string {
  return ms === null ? "" : t("table.timer_seconds", { s: Math.ceil(ms / 1000) });
}

/** The link that takes a friend straight to this table: it carries the join code. */
export function inviteLink(code: string): string {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(code)}`;
}

function inviteControls(room: RoomInfo): Child {
  if (!room.code) return null;
  const link = inviteLink(room.code);
  const note = h("span", { class: "note", role: "status", "data-testid": "invite-note" });
  return h("span", { class: "invite" },
    h("a", { href: link, "data-testid": "invite-link", title: t("room.invite_help") }, t("room.invite_link")),
    button(t("room.copy"), () => {
      const done = () => { note.textContent = t("room.link_copied"); };
      void navigator.clipboard?.writeText(link).then(done, () => { note.textContent = link; });
    }, { class: "mini", "data-action": "copy-invite", "aria-label": t("room.copy_label") }),
    note);
}

/** "Rated" or "Casual": whether the room's finished matches change ratings; nothing from a server that does not say. */
export function ratedBadge(room: RoomInfo): HTMLElement | null {
  if (room.rated === undefined) return null;
  return room.rated
    ? h("span", { class: "badge rated", title: t("room.rated_title"), "data-testid": "rated-badge", "data-rated": "true" }, t("room.rated_badge"))
    : h("span", { class: "badge casual", title: t("room.casual_title"), "data-testid": "rated-badge", "data-rated": "false" }, t("room.casual_badge"));
}

function roomHeader(app: App, room: RoomInfo): HTMLElement {
  return h("header", { class: "room-header" },
    h("h2", {}, gameTitle(room.game, room.title), " ", h("small", {}, t("room.id", { id: room.id }))),
    ratedBadge(room),
    room.code ? h("span", { class: "code", "data-testid": "room-code" }, t("room.code"), " ", h("b", {}, room.code)) : null,
    inviteControls(room),
    h("a", { href: `#/rules/${room.game}`, "data-testid": "rules-link", class: "rules-link" }, t("header.rules")),
    room.event ? h("a", { href: eventHref(room.event), "data-testid": "back-to-event", class: "rules-link" }, t("events.back_to_event")) : null,
    h("span", { class: "note" }, t("room.facts", { visibility: room.visibility, seconds: room.turn_seconds, watching: room.spectators })),
    app.mySeat === null ? h("span", { class: "badge", "data-testid": "spectating" }, t("room.watching_badge")) : null,
    button(t("room.leave"), () => app.leave(), { "data-action": "leave" }));
}

/** GAME's option schema, once the server has listed its games. */
function gameInfo(app: App, game: string): GameInfo | undefined {
  return app.games.find((g) => g.name === game);
}

function waitingRoom(app: App, room: RoomInfo): HTMLElement {
  const host = app.isHost;
  const seats = room.seats ?? [];
  const full = seats.every((s) => s.kind !== "empty");
  const level = botLevelSelect("bot-level", t("room.bot_level"));
  return h("main", { class: "waiting-room" },
    roomHeader(app, room),
    h("section", { class: "panel" },
      h("h3", {}, room.status === "finished" ? t("turn.match_over") : t("room.seats")),
      h("ol", { class: "seat-list", "data-testid": "seat-list" }, seats.map((s) => h("li", { "data-kind": s.kind },
        h("b", {}, s.kind === "empty" ? t("seat.numbered", { n: s.seat + 1 }) : seatName(s, "")), guestMark(s), " — ", seatStatus(s),
        room.host === s.player && s.kind === "human" ? h("span", { class: "badge" }, t("room.host_badge")) : null,
        host && s.kind === "bot" ? button(t("room.remove"), () => void app.request({ type: "remove_bot", room: room.id, seat: s.seat }), { class: "mini", "data-action": "remove-bot" }) : null,
        host && s.kind === "empty" ? button(t("room.add_bot"), () => void app.request({ type: "add_bot", room: room.id, seat: s.seat, level: level.value }), { class: "mini", "data-action": "add-bot" }) : null,
        !host && s.kind === "empty" && app.mySeat === null ? button(t("room.sit_here"), () => void app.request({ type: "join_room", room: room.id, code: room.code ?? null, seat: s.seat }), { class: "mini", "data-action": "sit" }) : null))),
      room.event ? h("p", { class: "note", "data-testid": "event-table-note" }, t("events.table_starts_itself"))
      : host ? h("div", { class: "row" }, level,
        button(t("room.fill_bots"), async () => {
          for (const s of seats.filter((x) => x.kind === "empty")) {
            await app.request({ type: "add_bot", room: room.id, seat: s.seat, level: level.value });
          }
        }, { "data-action": "fill-bots", disabled: full }),
        button(room.status === "finished" ? t("room.play_again") : t("room.start"), () => void app.request({ type: "start", room: room.id }),
          { class: "primary", "data-action": "start", disabled: !full }))
        : h("p", { class: "note" }, t("room.host_starts"))),
    hostPanel(app, room),
    chatPanel(app),
    room.options ? h("section", { class: "panel" }, h("h3", {}, t("room.table_options")), optionsList(gameInfo(app, room.game), room.options)) : null);
}

function seatBox(app: App, ui: GameUI, ctx: TableContext, seat: number): HTMLElement {
  const view = ctx.view;
  const info = app.room?.seats?.[seat];
  // During the pause between rounds nobody is to act yet.
  const waiting = !app.update?.paused && (view.waiting?.seats?.includes(seat) ?? false);
  const classes = ["seat"];
  if (waiting) classes.push("to-act");
  if (seat === ctx.seat) classes.push("me");
  const player = view.players?.[seat] ?? {};
  // Loc counts the card chosen face down with the hand; the box shows them apart.
  const faceDown = player.chosen === true ? 1 : 0;
  const held = Number(player.cards ?? 0) - faceDown;
  return h("div", { class: classes.join(" "), role: "group", "data-seat": seat, "data-testid": `seat-${seat}`,
    "aria-label": t("seat.label", { name: ctx.names[seat], you: seat === ctx.seat ? "yes" : "no", n: held, score: view.scores?.[seat] ?? 0, acting: waiting ? "yes" : "no" }) },
    h("div", { class: "seat-name" },
      h("b", {}, ctx.names[seat]), guestMark(info), seat === ctx.seat ? " " + t("seat.you") : "",
      view.dealer === seat ? h("span", { class: "badge dealer", title: t("seat.dealer") }, t("seat.dealer_badge")) : null,
      info?.kind === "bot" ? h("span", { class: "badge muted" }, t("seat.bot_badge")) : null,
      info?.kind === "human" && !info.connected ? h("span", { class: "badge warn" }, info.bot_plays ? t("seat.away_bot_plays") : t("seat.away")) : null),
    h("div", { class: "seat-facts" },
      h("span", { "data-testid": "card-count" }, faceDown ? t("seat.cards_face_down", { n: held }) : t("seat.cards", { n: held })),
      h("span", {}, t("seat.score", { score: view.scores?.[seat] ?? 0 })),
      ui.seatExtras?.(ctx, seat)),
    waiting ? h("div", { class: "turn-flag" }, t("seat.to_act"), " ", h("span", { class: "time", "data-timer-seat": seat }, timerText(remainingMs(app, seat)))) : null);
}

// The visible turn line; screen readers hear it from the page's one live region
// (main.ts), which is updated in place rather than rebuilt with the table.
function turnLine(app: App, ctx: TableContext): HTMLElement {
  const text = app.turnText();
  const mine = app.myTurn();
  return h("div", { class: mine ? "turn-line mine" : "turn-line", "data-testid": "turn-indicator", tabindex: -1, "data-key": "turn-line" },
    text, mine ? h("span", { class: "time", "data-timer-seat": ctx.seat ?? -1 }, timerText(remainingMs(app, ctx.seat ?? -1))) : null);
}

type HandSort = "dealt" | "suit" | "rank" | "melds";
const SORT_KEY = "parlor.handSort";
const RANK_ORDER = "23456789TJQKA";

/** The sorts a game offers: "by melds" is Carioca's (trios and straights). */
function sortsFor(game: string): HandSort[] {
  return game === "carioca" ? ["dealt", "suit", "rank", "melds"] : ["dealt", "suit", "rank"];
}

function handSort(game: string): HandSort {
  const stored = localStorage.getItem(SORT_KEY) as HandSort | null;
  return stored && sortsFor(game).includes(stored) ? stored : "dealt";
}

/**
 * The order the hand is shown in: as dealt, by suit then rank, or by rank then suit
 * (jokers last). Only the display changes: a card keeps its index in the view's hand.
 */
export function sortedOrder(hand: string[], sort: HandSort): number[] {
  const indices = hand.map((_, i) => i);
  if (sort === "dealt") return indices;
  const rank = (c: string) => (c === "JK" || c === "FOOL" ? 99 : /^T\d+$/.test(c) ? 50 + Number(c.slice(1)) : RANK_ORDER.indexOf(c.slice(0, -1)));
  const suit = (c: string) => (c.length > 1 && !/^T\d+$/.test(c) && c !== "JK" ? c.slice(-1) : "~");
  return indices.sort((a, b) => {
    const [x, y] = [hand[a], hand[b]];
    const bySuit = suit(x).localeCompare(suit(y));
    const byRank = rank(x) - rank(y);
    return (sort === "suit" ? bySuit || byRank : byRank || bySuit) || a - b;
  });
}

function sortControl(ctx: TableContext): HTMLElement {
  const current = handSort(ctx.view.game);
  const select = h("select", { class: "hand-sort", "aria-label": t("hand.sort_label"), "data-testid": "hand-sort", "data-key": "hand-sort" },
    sortsFor(ctx.view.game).map((s) => h("option", { value: s, selected: s === current }, t(`hand.sort.${s}`))));
  select.addEventListener("change", () => {
    localStorage.setItem(SORT_KEY, select.value);
    ctx.redraw();
  });
  return h("label", { class: "sort-label" }, " ", t("hand.sort"), " ", select);
}

function handArea(app: App, ui: GameUI, ctx: TableContext): HTMLElement | null {
  if (ctx.seat === null) return null;
  const rules = ui.hand(ctx);
  const toggle = (i: number) => {
    const at = app.selection.indexOf(i);
    if (at >= 0) app.selection.splice(at, 1);
    else if (rules.max === 1) app.selection = [i];
    else if (app.selection.length < rules.max) app.selection.push(i);
    ctx.redraw();
  };
  const sort = handSort(ctx.view.game);
  const melds = sort === "melds" ? meldOrder(ctx.hand) : null;
  const order = melds ? melds.order : sortedOrder(ctx.hand, sort === "melds" ? "dealt" : sort);
  const cards = order.map((i, position) => {
    const card = ctx.hand[i];
    const selected = app.selection.includes(i);
    const usable = rules.max > 0 && (selected || rules.selectable(i));
    const el = cardElement(card, {
      tarot: ctx.tarot, selected, onClick: () => toggle(i),
      disabled: rules.max === 0 ? false : !usable,
      order: rules.ordered && selected ? app.selection.indexOf(i) + 1 : undefined,
    });
    el.setAttribute("data-key", `hand-${i}`);
    if (melds?.groupStarts.has(position)) el.classList.add("group-start"); // a gap before each group
    if (rules.max === 0) el.setAttribute("aria-disabled", "true");
    return el;
  });
  return h("section", { class: "my-hand", "aria-label": t("hand.label") },
    h("div", { class: "hand-head" }, h("b", {}, t("hand.head", { n: ctx.hand.length })), rules.hint ? h("span", { class: "note" }, " — ", rules.hint) : null,
      sortControl(ctx)),
    h("div", { class: "hand", "data-testid": "hand", role: "group", "aria-label": t("hand.group_label", { n: ctx.hand.length }) }, cards));
}

function resultsPanel(app: App, ui: GameUI, ctx: TableContext): HTMLElement | null {
  const last = ctx.view.last_round;
  if (!last || typeof last !== "object") return null;
  const key = `${app.update?.match}:${JSON.stringify(last).length}:${ctx.view.round}`;
  if (app.dismissedRound === key && !app.update?.paused) return null;
  return h("section", { class: "panel results", "data-testid": "round-results", "aria-label": t("results.last_round_label") },
    h("div", { class: "row" }, h("h3", {}, t("results.last_round")),
      button(t("results.hide"), () => { app.dismissedRound = key; ctx.redraw(); }, { class: "mini", "data-action": "hide-results" })),
    ui.results?.(last as Record<string, unknown>, ctx) ?? renderSummary(last as Record<string, unknown>, ctx.names, ctx.tarot));
}

function matchPanel(app: App, ctx: TableContext): HTMLElement | null {
  const over = app.matchOver;
  if (!over && !ctx.view.over) return null;
  const scores = over?.results.scores ?? ctx.view.scores;
  const placings = over?.results.placings ?? [];
  const order = scores.map((_, s) => s).sort((a, b) => (placings[a] ?? 0) - (placings[b] ?? 0));
  const room = app.room!;
  return h("section", { class: "panel match-over", "data-testid": "match-over", role: "dialog", "aria-label": t("results.match_label") },
    h("h3", {}, t("results.match_over")),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("results.place")), h("th", {}, t("results.player")), h("th", {}, t("results.score")))),
      h("tbody", {}, order.map((s) => h("tr", { class: placings[s] === 1 ? "winner" : "" },
        h("td", {}, formatNumberOr(placings[s], "")), h("td", {}, ctx.names[s]), h("td", {}, formatNumberOr(scores[s], "")))))),
    over ? h("p", { class: "note" }, t("results.moves_seed", { n: over.actions, seed: over.seed.slice(0, 12) })) : null,
    over?.match_id ? h("p", {}, h("a", { href: `#/match/${encodeURIComponent(over.match_id)}`, "data-testid": "match-record" }, t("results.match_record")),
      " — ", t("results.match_record_note")) : null,
    h("div", { class: "row" },
      // An event's table plays one match (start is refused there): the night goes on at the event.
      room.event ? button(t("events.back_to_event"), () => { location.hash = eventHref(room.event!); }, { class: "primary", "data-action": "event-next" })
        : app.isHost ? button(t("room.play_again"), () => void app.request({ type: "start", room: room.id }), { class: "primary", "data-action": "play-again" })
          : h("span", { class: "note" }, t("results.host_can_restart")),
      button(t("results.back_to_lobby"), () => app.leave(), { "data-action": "lobby" })));
}

export function renderRoom(app: App, redraw: () => void): HTMLElement {
  const room = app.room!;
  const update = app.update;
  if (!update || (room.status !== "playing" && !app.matchOver && update.match !== room.match)) return waitingRoom(app, room);
  const view = update.view;
  const ui = GAMES[view.game];
  if (!ui) return h("main", {}, roomHeader(app, room), h("p", {}, t("table.unknown_game", { game: view.game })));
  const seat = update.seat;
  const ctx: TableContext = {
    view, seat, names: app.names(), hand: view.hand ?? [], legal: view.legal ?? {},
    selection: app.selection, local: app.local, tarot: ui.tarot?.(view) ?? false,
    send: (action) => app.act(action),
    clearSelection: () => { app.selection = []; redraw(); },
    redraw,
  };
  const count = view.players?.length ?? room.seat_count;
  const others: number[] = [];
  const base = seat ?? 0;
  for (let k = seat === null ? 0 : 1; k < count; k++) others.push((base + k) % count);
  const controls = ui.controls(ctx);
  const log = app.log.slice(-40);
  return h("main", { class: `table-page game-${view.game}` },
    roomHeader(app, room),
    h("div", { class: "table-layout" },
      h("div", { class: seat === null ? "felt watching" : "felt" },
        h("div", { class: "opponents" }, others.map((s) => seatBox(app, ui, ctx, s))),
        h("div", { class: "center", "data-testid": "center" },
          h("div", { class: "phase" }, t("table.round_phase", { round: view.round, phase: phaseText(view.game, String(view.phase)) })), ui.center(ctx)),
        turnLine(app, ctx),
        app.error ? h("div", { class: "error", role: "alert", "data-testid": "error" }, app.error,
          button("×", () => { app.error = ""; redraw(); }, { class: "mini", "aria-label": t("table.dismiss_error") })) : null,
        seat !== null ? seatBox(app, ui, ctx, seat) : h("p", { class: "watch-note" }, t("table.watch_note")),
        handArea(app, ui, ctx),
        seat !== null ? h("div", { class: "controls", "data-testid": "controls", role: "toolbar", "aria-label": t("table.moves_label") },
          ([] as Child[]).concat(controls as Child[])) : null,
        resultsPanel(app, ui, ctx)),
      h("aside", { class: "side" },
        matchPanel(app, ctx),
        chatPanel(app),
        hostPanel(app, room),
        h("section", { class: "panel" }, h("h3", {}, t("table.scores")),
          h("table", { class: "scores", "data-testid": "scores" }, h("tbody", {}, ctx.names.map((n, s) =>
            h("tr", { class: s === seat ? "me" : "" }, h("td", {}, n), h("td", {}, formatNumber(view.scores?.[s] ?? 0))))))),
        h("section", { class: "panel log", "aria-label": t("table.log_label") }, h("h3", {}, t("table.log")),
          h("ol", { "data-testid": "log", "aria-live": "off" }, log.map((l) => h("li", { class: l.kind, title: l.title }, l.text)))),
        rulesPanel(room.game, room.options ?? {}, gameInfo(app, room.game)))));
}
