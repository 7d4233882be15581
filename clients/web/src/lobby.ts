// The lobby: your name, the public rooms (refreshed every few seconds), joining by
// code, and the form to create a room with every option the game offers.
import type { App } from "./app.js";
import { botLevelSelect } from "./bot_level.js";
import { storedName, storeName } from "./connection.js";
import { button, clear, h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { IdentityPanel } from "./identity.js";
import { optionLabel, valueLabel } from "./option_words.js";
import type { GameInfo, JsonObject, OptionSpec, RoomInfo } from "./protocol.js";
import { ratedBadge } from "./table.js";
import { gameSummary, gameTitle, optionDescription, personName } from "./game_words.js";
import { eventHref, roundText, statusBadge } from "./events.js";
import type { EventInfo } from "./events.js";

const isBool = (o: OptionSpec) => o.type === "bool" || o.type === "boolean";
const isInt = (o: OptionSpec) => o.type === "int" || o.type === "integer";

export function optionInput(option: OptionSpec, id: string, game: string): HTMLElement {
  if (isBool(option)) {
    return h("input", { type: "checkbox", id, name: option.name, checked: option.default === true, "data-option": option.name });
  }
  if (option.type === "choice") {
    return h("select", { id, name: option.name, "data-option": option.name },
      (option.choices ?? []).map((c) => h("option", { value: String(c), selected: c === option.default }, valueLabel(option, c, game))));
  }
  return h("input", { type: "number", id, name: option.name, value: option.default === null ? "" : String(option.default),
    min: option.min, max: option.max, placeholder: option.default === null ? t("lobby.default") : undefined, "data-option": option.name });
}

export function readOptions(form: HTMLElement, game: GameInfo): JsonObject {
  const options: JsonObject = {};
  for (const option of game.options) {
    const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-option="${option.name}"]`);
    if (!el) continue;
    if (isBool(option)) options[option.name] = (el as HTMLInputElement).checked;
    else if (isInt(option)) {
      if (el.value.trim() !== "") options[option.name] = Number(el.value);
    } else {
      // Choices keep their JSON type (Poker's deck is 52, not "52").
      const choice = (option.choices ?? []).find((c) => String(c) === el.value);
      options[option.name] = choice ?? el.value;
    }
  }
  return options;
}

export class Lobby {
  readonly element: HTMLElement;
  private readonly roomsBox = h("div", { class: "rooms", "data-testid": "rooms" });
  private readonly formBox = h("div", { class: "create" });
  private readonly quickBox = h("div", { class: "quick" });
  /** The club nights in sign-up or being played (asked every few seconds with the rooms). */
  private readonly eventsBox = h("div", { class: "lobby-events", "data-testid": "lobby-event-list" });
  private readonly eventsPanel: HTMLElement;
  private eventsShown: string | null = null;
  private readonly errorBox = h("div", { class: "error", role: "alert", "data-testid": "error", hidden: true });
  private readonly historyLink = h("a", { "data-testid": "my-history" }, t("lobby.your_matches"));
  private formGames = "";
  private readonly identity: IdentityPanel;

  constructor(private readonly app: App) {
    const nameInput = h("input", { id: "player-name", value: storedName(), maxlength: 32, autocomplete: "nickname", placeholder: t("lobby.name_placeholder") });
    this.identity = new IdentityPanel(app, (name) => { nameInput.value = name; });
    const codeInput = h("input", { id: "join-code", placeholder: t("lobby.code_placeholder"), maxlength: 16, autocapitalize: "characters" });
    this.element = h("main", { class: "lobby" },
      this.errorBox,
      h("section", { class: "panel" },
        h("h2", {}, t("lobby.you")),
        h("form", { class: "row", onsubmit: (e: Event) => {
          e.preventDefault();
          storeName(nameInput.value.trim());
          app.conn.drop(); // say hello again with the new name
        } }, h("label", { for: "player-name" }, t("lobby.name"), " "), nameInput, h("button", { type: "submit", "data-action": "save-name" }, t("lobby.save_name"))),
        h("form", { class: "row", onsubmit: (e: Event) => {
          e.preventDefault();
          void app.request({ type: "join_room", code: codeInput.value.trim().toUpperCase() });
        } }, h("label", { for: "join-code" }, t("lobby.join_by_code"), " "), codeInput,
          h("button", { type: "submit", "data-action": "join-code" }, t("lobby.join")),
          button(t("lobby.watch"), () => void app.request({ type: "spectate", code: codeInput.value.trim().toUpperCase() }), { "data-action": "watch-code" })),
        h("p", { class: "row note" }, this.historyLink, " · ", h("a", { href: "#/history" }, t("lobby.every_match")), " · ",
          h("a", { href: "#/leaderboard" }, t("header.leaderboard")), " · ",
          h("a", { href: "#/events", "data-testid": "lobby-events" }, t("lobby.events")))),
      h("section", { class: "panel" }, h("h2", {}, t("lobby.quick_play")), this.quickBox),
      h("section", { class: "panel" }, h("h2", {}, t("lobby.open_rooms")), this.roomsBox),
      this.eventsPanel = h("section", { class: "panel", hidden: true }, h("h2", {}, t("lobby.events")), this.eventsBox,
        h("p", { class: "note" }, h("a", { href: "#/events", "data-testid": "lobby-all-events" }, t("lobby.all_events")))),
      h("section", { class: "panel" }, h("h2", {}, t("lobby.new_room")), this.formBox),
      this.identity.element);
    this.clearErrorOnEdit();
  }

  /**
   * Asks for the events and lists those open to sign-up or being played; a server
   * without events (no_events, or older than them) keeps the panel hidden.
   */
  async refreshEvents(): Promise<void> {
    let events: EventInfo[];
    try {
      const reply = await this.app.conn.request({ type: "events" });
      events = ((reply.events ?? []) as unknown as EventInfo[]).filter((e) => e.status !== "finished");
    } catch {
      this.eventsPanel.hidden = true;
      return;
    }
    this.eventsPanel.hidden = false;
    const key = JSON.stringify(events);
    if (key === this.eventsShown) return;
    this.eventsShown = key;
    clear(this.eventsBox);
    this.eventsBox.append(events.length === 0 ? h("p", { class: "note" }, t("lobby.no_events"))
      : h("ul", { class: "event-list" }, events.map((e) => h("li", { class: "event-item", "data-event": e.id },
        h("a", { href: eventHref(e.id), class: "event-name" }, e.name), " ", statusBadge(e.status),
        h("div", { class: "event-line note" }, gameTitle(e.game, this.app.games.find((g) => g.name === e.game)?.title ?? e.game), " · ",
          t("lobby.event_entrants", { n: e.entrant_count }), " · ", roundText(e))))));
  }

  /** An error is about the last thing tried: changing any field clears it. */
  private clearErrorOnEdit(): void {
    const clearError = () => {
      if (!this.app.error) return;
      this.app.error = "";
      this.render();
    };
    this.element.addEventListener("input", clearError);
    this.element.addEventListener("change", clearError);
  }

  render(): void {
    this.errorBox.hidden = !this.app.error;
    this.errorBox.textContent = this.app.error;
    // By id: others may have chosen the same name; this player's devices share the id.
    const id = this.app.playerId;
    this.historyLink.setAttribute("href", id ? `#/history?player_id=${encodeURIComponent(id)}` : "#/history");
    this.renderRooms();
    if (this.eventsShown === null && this.app.connection === "online") {
      this.eventsShown = "";
      void this.refreshEvents();
    }
    this.identity.render();
    const names = this.app.games.map((g) => g.name).join();
    if (names !== this.formGames) {
      this.formGames = names;
      this.renderForm();
      this.renderQuick();
    }
  }

  private renderRooms(): void {
    clear(this.roomsBox);
    // A finished room waits only for its host's "Play again": it is not open to anyone.
    const rooms = this.app.publicRooms.filter((r) => r.status !== "finished");
    if (rooms.length === 0) {
      this.roomsBox.append(h("p", { class: "note" }, t("lobby.no_rooms")));
      return;
    }
    this.roomsBox.append(h("table", { class: "rooms-table" },
      h("thead", {}, h("tr", {}, ["lobby.col.game", "lobby.col.host", "lobby.col.seats", "lobby.col.status", "lobby.col.watching"].map((key) => h("th", {}, t(key))), h("th", {}))),
      h("tbody", {}, rooms.map((r: RoomInfo) => h("tr", { "data-room": r.id },
        h("td", {}, gameTitle(r.game, r.title), " ", ratedBadge(r)), h("td", {}, r.host_name ? personName(r.host_name, r.host_guest) : "—"), h("td", {}, t("lobby.seats_taken", { taken: r.seats_taken ?? 0, seats: r.seat_count })),
        h("td", {}, t("lobby.status", { status: r.status })), h("td", {}, formatNumber(r.spectators)),
        h("td", {},
          r.status !== "playing" && (r.seats_taken ?? 0) < r.seat_count
            ? button(t("lobby.join"), () => void this.app.request({ type: "join_room", room: r.id }), { "data-action": "join" }) : null,
          r.spectators_allowed === false ? h("span", { class: "note", title: t("error.spectators_refused") }, t("lobby.no_spectators"))
            : button(t("lobby.watch"), () => void this.app.request({ type: "spectate", room: r.id }), { "data-action": "watch" })))))));
  }

  private renderQuick(): void {
    clear(this.quickBox);
    const games = this.app.games;
    if (games.length === 0) return;
    const select = h("select", { id: "quick-game", "aria-label": t("lobby.quick_game_label") }, games.map((g) => h("option", { value: g.name }, gameTitle(g.name, g.title))));
    const level = botLevelSelect("quick-bot-level", t("bot.quick_level"));
    this.quickBox.append(h("p", { class: "note" }, t("lobby.quick_note")),
      h("div", { class: "row" }, select, level, button(t("lobby.quick_play"), () => void this.quickPlay(select.value), { class: "primary", "data-action": "quick-play" })));
  }

  /** Joins the fullest public table of the game still waiting for players, else opens one. */
  private async quickPlay(game: string): Promise<void> {
    await this.app.refreshRooms();
    const open = this.app.publicRooms
      .filter((r) => r.game === game && r.status === "waiting" && (r.seats_taken ?? 0) < r.seat_count)
      .sort((a, b) => (b.seats_taken ?? 0) - (a.seats_taken ?? 0));
    for (const room of open) {
      if (await this.app.request({ type: "join_room", room: room.id })) return;
    }
    const info = this.app.games.find((g) => g.name === game);
    const seats = Math.min(info?.seats.max ?? 4, Math.max(info?.seats.min ?? 2, 4));
    await this.app.request({ type: "create_room", game, seats, options: {}, visibility: "public", rated: true });
  }

  private renderForm(): void {
    clear(this.formBox);
    const games = this.app.games;
    if (games.length === 0) {
      this.formBox.append(h("p", { class: "note" }, t("lobby.loading_games")));
      return;
    }
    const gameSelect = h("select", { id: "game", "data-testid": "game-select" }, games.map((g) => h("option", { value: g.name }, gameTitle(g.name, g.title))));
    const optionsBox = h("div", { class: "options" });
    const seats = h("input", { id: "seats", type: "number" });
    const timer = h("input", { id: "turn-seconds", type: "number", min: 0, max: 86400, value: 60 });
    const privacy = h("select", { id: "visibility" }, h("option", { value: "public" }, t("lobby.public")), h("option", { value: "private" }, t("lobby.private")));
    const sit = h("input", { id: "sit", type: "checkbox", checked: true });
    const rated = h("input", { id: "rated", type: "checkbox", checked: true, "data-testid": "rated" });
    const summary = h("p", { class: "note" });
    const current = () => games.find((g) => g.name === gameSelect.value) ?? games[0];
    const fill = () => {
      const game = current();
      summary.textContent = gameSummary(game);
      seats.min = String(game.seats.min);
      seats.max = String(game.seats.max);
      seats.value = String(Math.min(game.seats.max, Math.max(game.seats.min, 4)));
      clear(optionsBox);
      for (const option of game.options) {
        const id = `opt-${option.name}`;
        optionsBox.append(h("div", { class: "option" },
          h("label", { for: id }, optionLabel(option, option.name, game.name)), optionInput(option, id, game.name),
          h("small", {}, t("lobby.option_help", { description: optionDescription(game.name, option), usual: valueLabel(option, option.default, game.name) }))));
      }
    };
    gameSelect.addEventListener("change", fill);
    fill();
    const form = h("form", { class: "create-form", onsubmit: (e: Event) => {
      e.preventDefault();
      const game = current();
      void this.app.request({
        type: "create_room", game: game.name, seats: Number(seats.value), options: readOptions(optionsBox, game),
        visibility: privacy.value, turn_seconds: Number(timer.value), sit: sit.checked, rated: rated.checked,
      });
    } },
    h("div", { class: "option" }, h("label", { for: "game" }, t("lobby.col.game")), gameSelect), summary,
    h("div", { class: "option" }, h("label", { for: "seats" }, t("lobby.col.seats")), seats, h("small", {}, t("lobby.seats_help"))),
    optionsBox,
    h("div", { class: "option" }, h("label", { for: "turn-seconds" }, t("lobby.timer")), timer, h("small", {}, t("lobby.timer_help"))),
    h("div", { class: "option" }, h("label", { for: "visibility" }, t("lobby.privacy")), privacy),
    h("div", { class: "option" }, h("label", { for: "rated" }, t("lobby.rated")), rated, h("small", {}, t("lobby.rated_help"))),
    h("div", { class: "option" }, h("label", { for: "sit" }, t("lobby.sit")), sit, h("small", {}, t("lobby.sit_help"))),
    h("button", { type: "submit", class: "primary", "data-action": "create" }, t("lobby.create")));
    this.formBox.append(form);
  }
}
