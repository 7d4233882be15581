// The form that creates a club night (`create_event`): its name, the game and the game's
// own options (the lobby's option inputs), the table sizes, the rounds, the pairing,
// duplicate and rated. The server checks everything again (the engine checks the game,
// its options and every table size from min_seats to seats); a refusal is shown above
// the button in words.
import type { App } from "./app.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { optionInput, readOptions } from "./lobby.js";
import { optionLabel, valueLabel } from "./option_words.js";
import type { GameInfo } from "./protocol.js";
import { gameSummary, gameTitle, optionDescription } from "./game_words.js";
import { eventErrorText, eventHref } from "./events.js";
import type { EventInfo } from "./events.js";

/**
 * Whether this player may create events here (the protocol's rule): anyone on an open
 * server that takes guests, else moderators and admins. A server that says nothing of
 * access (older than accounts) is open.
 */
export function mayCreateEvents(app: App): boolean {
  if (app.isOperator) return true;
  const access = app.access;
  return !access || (access.mode === "open" && access.guests !== false);
}

function field(id: string, label: string, input: HTMLElement, help?: string): HTMLElement {
  return h("div", { class: "option" }, h("label", { for: id }, label), input, help ? h("small", {}, help) : null);
}

/** The create form; GAMES is the server's games list (the lobby's). */
export function eventForm(app: App, games: GameInfo[]): HTMLElement {
  const box = h("div", { class: "event-form-box", "data-testid": "event-form" });
  if (games.length === 0) {
    box.append(h("p", { class: "note" }, t("lobby.loading_games")));
    return box;
  }
  if (!mayCreateEvents(app)) {
    box.append(h("p", { class: "note", "data-testid": "event-create-refused" }, t("events.form.operators_only")));
    return box;
  }
  const name = h("input", { id: "event-name", maxlength: 80, required: true, placeholder: t("events.form.name_placeholder"), "data-testid": "event-name" });
  const gameSelect = h("select", { id: "event-game", "data-testid": "event-game" }, games.map((g) => h("option", { value: g.name }, gameTitle(g.name, g.title))));
  const summary = h("p", { class: "note" });
  const seats = h("input", { id: "event-seats", type: "number", "data-testid": "event-seats" });
  const minSeats = h("input", { id: "event-min-seats", type: "number", "data-testid": "event-min-seats" });
  const rounds = h("input", { id: "event-rounds", type: "number", min: 1, max: 50, value: 4, "data-testid": "event-rounds" });
  const pairing = h("select", { id: "event-pairing", "data-testid": "event-pairing" },
    h("option", { value: "swiss" }, t("events.pairing", { pairing: "swiss" })),
    h("option", { value: "round_robin" }, t("events.pairing", { pairing: "round_robin" })));
  const duplicate = h("input", { id: "event-duplicate", type: "checkbox", "data-testid": "event-duplicate" });
  const rated = h("input", { id: "event-rated", type: "checkbox", checked: true, "data-testid": "event-rated" });
  const optionsBox = h("div", { class: "options" });
  const status = h("p", { class: "error", role: "alert", "data-testid": "event-form-error", hidden: true });
  const current = () => games.find((g) => g.name === gameSelect.value) ?? games[0];
  const fill = () => {
    const game = current();
    summary.textContent = gameSummary(game);
    for (const input of [seats, minSeats]) {
      input.min = String(Math.max(2, game.seats.min));
      input.max = String(Math.min(16, game.seats.max));
    }
    seats.value = String(Math.min(game.seats.max, Math.max(game.seats.min, 4)));
    // Empty: the server's default (seats - 1 when the game plays it, else seats).
    minSeats.value = "";
    clear(optionsBox);
    for (const option of game.options) {
      const id = `event-opt-${option.name}`;
      optionsBox.append(h("div", { class: "option" },
        h("label", { for: id }, optionLabel(option, option.name, game.name)), optionInput(option, id, game.name),
        h("small", {}, t("lobby.option_help", { description: optionDescription(game.name, option), usual: valueLabel(option, option.default, game.name) }))));
    }
  };
  gameSelect.addEventListener("change", fill);
  fill();
  const submit = h("button", { type: "submit", class: "primary", "data-action": "create-event" }, t("events.form.create"));
  const form = h("form", { class: "create-form event-form", onsubmit: (e: Event) => {
    e.preventDefault();
    const game = current();
    const body = {
      type: "create_event", name: name.value.trim(), game: game.name, options: readOptions(optionsBox, game),
      seats: Number(seats.value), rounds: Number(rounds.value), pairing: pairing.value, duplicate: duplicate.checked, rated: rated.checked,
      ...(minSeats.value.trim() !== "" ? { min_seats: Number(minSeats.value) } : {}),
    };
    submit.disabled = true;
    status.hidden = true;
    app.conn.request(body).then((reply) => {
      const event = reply.event as unknown as EventInfo | undefined;
      if (event?.id) location.hash = eventHref(event.id);
    }).catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      status.textContent = code === "forbidden" ? t("events.form.operators_only") : eventErrorText(error);
      status.hidden = false;
    }).finally(() => { submit.disabled = false; });
  } },
  field("event-name", t("events.form.name"), name),
  field("event-game", t("lobby.col.game"), gameSelect), summary,
  field("event-seats", t("events.form.seats"), seats, t("events.form.seats_help")),
  field("event-min-seats", t("events.form.min_seats"), minSeats, t("events.form.min_seats_help")),
  field("event-rounds", t("events.form.rounds"), rounds, t("events.form.rounds_help")),
  field("event-pairing", t("events.form.pairing"), pairing, t("events.form.pairing_help")),
  field("event-duplicate", t("events.form.duplicate"), duplicate, t("events.form.duplicate_help")),
  field("event-rated", t("lobby.rated"), rated, t("events.form.rated_help")),
  h("h4", {}, t("events.form.game_options")), optionsBox,
  status, submit);
  form.addEventListener("input", () => { status.hidden = true; });
  box.append(form);
  return box;
}
