// One club night's page (#/event/ID): what it is (game, options, tables, rounds,
// pairing, organiser), sign up and withdraw (or drop out once it runs), start for the
// organiser, "Go to your table" when the current round seats this player, the rounds
// with their tables, the standings and, once finished, the final results. Nothing is
// pushed about events (protocol/README.md, "Club nights"): the page asks `event` again
// every few seconds while the event is in sign-up or running (main.ts calls refresh()
// while this page is shown, and stops when it is left).
import type { App } from "./app.js";
import { append, button, clear, h } from "./dom.js";
import type { Child } from "./dom.js";
import { formatList, formatNumber, t } from "./i18n.js";
import { gameTitle } from "./game_words.js";
import { optionsList } from "./option_words.js";
import type { JsonObject, RoomInfo } from "./protocol.js";
import { ratedBadge } from "./table.js";
import { eventErrorText, roundText, statusBadge } from "./events.js";
import type { EventInfo, EventTable } from "./events.js";
import { duplicateProof, roundSection, standingsTable } from "./event_rounds.js";

/** "Winner: Ana", "Winners: Ana and Bea": the event's first place, shared or not. */
function winnerLine(names: string[]): string {
  return t("events.winner", { count: names.length, names: formatList(names) });
}

export class EventPage {
  readonly element: HTMLElement;
  private event: EventInfo | null = null;
  private shown = "";
  private readonly body = h("div", { class: "event-body" });
  private readonly errorBox = h("p", { class: "error", role: "alert", "data-testid": "event-error", hidden: true });

  constructor(private readonly app: App, readonly id: string) {
    this.element = h("main", { class: "event-page", "data-testid": "event-page", "data-event": id },
      h("p", { class: "note" }, h("a", { href: "#/events", "data-testid": "all-events" }, t("events.all"))),
      this.errorBox, this.body);
  }

  /** Whether the page should keep asking: until the event is finished (or gone). */
  get polling(): boolean {
    return this.event === null || this.event.status !== "finished";
  }

  async refresh(): Promise<void> {
    try {
      const reply = await this.app.conn.request({ type: "event", event: this.id });
      this.take(reply.event as unknown as EventInfo);
    } catch (error) {
      this.showError(error);
    }
  }

  private take(event: EventInfo): void {
    // A refusal is about the event as it was: once it changes (someone signed up, a
    // round began), the words would be stale.
    if (this.event && JSON.stringify(event) !== JSON.stringify(this.event)) this.errorBox.hidden = true;
    this.event = event;
    this.render();
  }

  private showError(error: unknown): void {
    this.errorBox.textContent = eventErrorText(error, { n: this.event?.min_seats ?? 2 });
    this.errorBox.hidden = false;
  }

  /** join_event, leave_event, start_event: each answers the event as it is after it. */
  private async act(type: string): Promise<void> {
    this.errorBox.hidden = true;
    try {
      const reply = await this.app.conn.request({ type, event: this.id });
      this.take(reply.event as unknown as EventInfo);
    } catch (error) {
      this.showError(error);
    }
  }

  /**
   * Enters this player's table as the protocol says: join_room with its code. The seat is
   * held for them, so the server answers with a `room` push (not a reply to the request),
   * which the app takes as any room entered (app.ts, enterRoom) and shows the table.
   */
  private goToTable(table: EventTable): void {
    const room = this.app.room;
    // A finished table (or one only watched) is left for the new one; a seat in a match
    // still being played is never given up from here.
    if (room && room.id !== table.room && !(room.status === "playing" && this.app.mySeat !== null)) this.app.leave();
    this.enter({ type: "join_room", code: table.code });
  }

  private watch(table: EventTable): void {
    this.enter({ type: "spectate", code: table.code });
  }

  /** Sends a room entry through the app (which shows the room); a refusal is said here. */
  private enter(body: JsonObject): void {
    this.errorBox.hidden = true;
    void this.app.request(body).then((reply) => {
      if (reply !== null || !this.app.error) return;
      this.errorBox.textContent = this.app.error;
      this.errorBox.hidden = false;
    });
  }

  private render(): void {
    const event = this.event;
    if (!event) return;
    // Asked every few seconds: redraw only what changed, keeping focus on the same button.
    const key = JSON.stringify([event, this.app.room?.id ?? "", this.app.room?.status ?? ""]);
    if (key === this.shown) return;
    this.shown = key;
    const focused = document.activeElement?.getAttribute("data-action");
    clear(this.body);
    append(this.body, this.page(event));
    if (focused) this.body.querySelector<HTMLElement>(`[data-action="${focused}"]`)?.focus();
  }

  private page(event: EventInfo): Child[] {
    const me = this.app.playerId;
    const played = [...(event.played ?? [])].sort((a, b) => b.round - a.round);
    const finished = event.status === "finished";
    return [
      h("section", { class: "panel event-head" },
        h("h2", { "data-testid": "event-name" }, event.name, " ", statusBadge(event.status),
          ratedBadge({ rated: event.rated } as RoomInfo), event.duplicate ? h("span", { class: "badge" }, t("events.duplicate_badge")) : null),
        this.facts(event),
        this.actions(event)),
      this.yourTable(event),
      event.status === "signup" ? this.entrants(event) : null,
      (event.standings ?? []).length && event.round > 0
        ? h("section", { class: "panel", "data-testid": finished ? "final-results" : "live-standings" },
          h("h3", {}, finished ? t("events.final_results") : t("events.standings")),
          finished && event.standings?.[0] ? h("p", { class: "event-winner", "data-testid": "event-winner" },
            winnerLine(event.standings.filter((s) => s.rank === 1).map((s) => s.name))) : null,
          standingsTable(event, me),
          h("p", { class: "note" }, t("events.standings_note")))
        : null,
      played.length
        ? h("section", { class: "panel", "data-testid": "rounds" }, h("h3", {}, t("events.rounds_title")),
          played.map((r) => roundSection(event, r, { me })),
          this.watchButtons(event))
        : null,
      duplicateProof(event),
    ];
  }

  private facts(event: EventInfo): HTMLElement {
    const game = this.app.games.find((g) => g.name === event.game);
    const sizes = event.min_seats === event.seats ? t("events.table_size", { seats: event.seats })
      : t("events.table_sizes", { min: event.min_seats, seats: event.seats });
    return h("dl", { class: "result event-facts" },
      h("dt", {}, t("lobby.col.game")), h("dd", { "data-testid": "event-game" }, gameTitle(event.game, game?.title ?? event.game)),
      h("dt", {}, t("events.tables")), h("dd", {}, sizes),
      h("dt", {}, t("events.form.rounds")), h("dd", { "data-testid": "event-round" }, roundText(event)),
      h("dt", {}, t("events.form.pairing")), h("dd", {}, t("events.pairing", { pairing: event.pairing })),
      h("dt", {}, t("events.organiser")), h("dd", { "data-testid": "event-organiser" }, event.organiser?.name ?? "—"),
      h("dt", {}, t("events.entrants")), h("dd", { "data-testid": "entrant-count" }, formatNumber(event.entrant_count)),
      // The options are a list of their own, the width of the panel: nested in a grid
      // cell they would be squeezed to a letter a line at 360 px.
      Object.keys(event.options ?? {}).length
        ? h("div", { class: "event-options" }, h("dt", {}, t("room.table_options")), h("dd", {}, optionsList(game, event.options, "event-options"))) : null);
  }

  private actions(event: EventInfo): HTMLElement {
    const me = this.app.playerId;
    const entrant = (event.entrants ?? []).find((e) => e.id === me);
    const organises = event.organiser?.id === me;
    const controls: Child[] = [];
    if (event.status === "signup") {
      controls.push(entrant
        ? button(t("events.withdraw"), () => void this.act("leave_event"), { "data-action": "leave-event" })
        : button(t("events.join"), () => void this.act("join_event"), { class: "primary", "data-action": "join-event" }));
      if (organises || this.app.isOperator) {
        const enough = event.entrant_count >= event.min_seats;
        controls.push(button(t("events.start"), () => void this.act("start_event"), { class: enough ? "primary" : "", "data-action": "start-event" }),
          h("span", { class: "note" }, enough ? t("events.start_note") : t("events.start_needs", { n: event.min_seats })));
      }
    } else if (event.status === "running" && entrant && !entrant.dropped) {
      controls.push(button(t("events.drop_out"), () => {
        if (confirm(t("events.drop_out_confirm"))) void this.act("leave_event");
      }, { "data-action": "drop-event" }));
    }
    // A player who dropped out is marked as the standings mark them (a warning, not the
    // signed-up badge's green): they are seated no more.
    if (entrant) {
      controls.push(h("span", { class: entrant.dropped ? "badge warn" : "badge member", "data-testid": "entered" },
        entrant.dropped ? t("events.dropped") : t("events.entered")));
    }
    return h("div", { class: "row event-actions" }, controls);
  }

  /** The prominent way to this player's table in the current round, or what happens next. */
  private yourTable(event: EventInfo): HTMLElement | null {
    if (event.status !== "running") return null;
    const me = this.app.playerId;
    const round = (event.played ?? []).find((r) => r.round === event.round);
    const table = round?.tables.find((tb) => tb.players.some((p) => p.id === me));
    const bye = round?.byes.some((b) => b.id === me);
    if (!round) return null;
    let inside: Child[];
    if (table && !table.finished) {
      inside = this.app.room?.id === table.room
        ? [button(t("events.back_to_table"), () => { location.hash = `#/room/${table.room}`; }, { class: "primary go-table", "data-action": "back-to-my-table" })]
        : [button(t("events.go_to_table"), () => this.goToTable(table), { class: "primary go-table", "data-action": "go-to-table" }),
          h("span", { class: "note" }, t("events.go_note"))];
    } else if (table || bye || round.over) {
      inside = [h("p", {}, bye && !table ? t("events.you_have_bye") : round.over ? t("events.next_round_soon") : t("events.table_done"))];
    } else {
      return null;
    }
    return h("section", { class: "panel your-table", "data-testid": "your-table" }, h("h3", {}, t("events.round_n", { n: round.round })),
      h("div", { class: "row" }, inside));
  }

  /** Watch buttons for the current round's tables still playing. */
  private watchButtons(event: EventInfo): HTMLElement | null {
    if (event.status !== "running") return null;
    const me = this.app.playerId;
    const round = (event.played ?? []).find((r) => r.round === event.round);
    const tables = (round?.tables ?? []).map((tb, i) => ({ tb, i })).filter(({ tb }) => !tb.finished && !tb.players.some((p) => p.id === me));
    if (tables.length === 0) return null;
    return h("div", { class: "row" }, h("span", { class: "note" }, t("events.watch_label")),
      tables.map(({ tb, i }) => button(t("events.table_n", { n: i + 1 }), () => this.watch(tb), { class: "mini", "data-action": "watch-table" })));
  }

  private entrants(event: EventInfo): HTMLElement {
    const list = event.entrants ?? [];
    return h("section", { class: "panel", "data-testid": "entrants" }, h("h3", {}, t("events.entrants"), " ", h("span", { class: "badge" }, formatNumber(list.length))),
      list.length ? h("ol", { class: "entrant-list" }, list.map((e) => h("li", { "data-player": e.id }, e.name)))
        : h("p", { class: "note" }, t("events.no_entrants")));
  }
}
