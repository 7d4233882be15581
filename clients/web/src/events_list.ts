// The club nights' page (#/events): the events in sign-up, those being played and the
// latest finished (the `events` request, asked again every few seconds while shown), each
// a link to its page; below, the form to create one.
import type { App } from "./app.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./game_words.js";
import { eventForm } from "./event_form.js";
import { eventErrorText, eventHref, roundText, statusBadge } from "./events.js";
import type { EventInfo, EventStatus } from "./events.js";
import type { RoomInfo } from "./protocol.js";
import { ratedBadge } from "./table.js";

function titleOf(app: App, game: string): string {
  return gameTitle(game, app.games.find((g) => g.name === game)?.title ?? game);
}

export class EventsList {
  readonly element: HTMLElement;
  private readonly listBox = h("div", { class: "event-lists", "data-testid": "event-lists" });
  private readonly errorBox = h("p", { class: "error", role: "alert", "data-testid": "events-error", hidden: true });
  private shown = "";

  constructor(private readonly app: App) {
    this.element = h("main", { class: "events-page", "data-testid": "events-page" },
      h("section", { class: "panel" }, h("h2", {}, t("events.title")), h("p", { class: "note" }, t("events.intro")), this.errorBox, this.listBox),
      h("section", { class: "panel" }, h("h2", {}, t("events.form.title")), eventForm(app, app.games)));
  }

  /** Asks for the list again and redraws it when it changed. */
  async refresh(): Promise<void> {
    try {
      const reply = await this.app.conn.request({ type: "events" });
      this.errorBox.hidden = true;
      this.render((reply.events ?? []) as unknown as EventInfo[]);
    } catch (error) {
      this.errorBox.textContent = eventErrorText(error);
      this.errorBox.hidden = false;
    }
  }

  private render(events: EventInfo[]): void {
    const key = JSON.stringify(events);
    if (key === this.shown) return;
    this.shown = key;
    clear(this.listBox);
    const groups: [EventStatus, string][] = [["signup", "events.group.signup"], ["running", "events.group.running"], ["finished", "events.group.finished"]];
    for (const [status, heading] of groups) {
      const these = events.filter((e) => e.status === status);
      this.listBox.append(h("section", { class: "event-group", "data-testid": `events-${status}` },
        h("h3", {}, t(heading)),
        these.length === 0 ? h("p", { class: "note" }, t("events.none", { status }))
          : h("ul", { class: "event-list" }, these.map((e) => this.item(e)))));
    }
  }

  private item(e: EventInfo): HTMLElement {
    return h("li", { class: "event-item", "data-event": e.id },
      h("a", { href: eventHref(e.id), class: "event-name", "data-action": "open-event" }, e.name), " ", statusBadge(e.status),
      ratedBadge({ rated: e.rated } as RoomInfo),
      e.duplicate ? h("span", { class: "badge" }, t("events.duplicate_badge")) : null,
      h("div", { class: "event-line note" },
        t("events.summary_line", { game: titleOf(this.app, e.game), seats: e.seats, entrants: e.entrant_count, organiser: e.organiser?.name ?? "" }),
        " · ", roundText(e)));
  }
}
