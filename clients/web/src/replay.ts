// A finished match's moves, step by step, from its record (/api/matches/ID `actions`):
// who did what, in words, with the moves the server made when a turn timer ran out.
// The record holds the moves, not the cards dealt; for a finished match the server
// replays them from the seed (replay_cards.ts), and each step shows the cards too.
import { cardList, cardShort, SUIT_NAME, SUIT_SYMBOL } from "./cards.js";
import { button, clear, h } from "./dom.js";
import type { JsonObject } from "./protocol.js";
import { cardsAt, loadCardSteps } from "./replay_cards.js";
import type { CardStep } from "./replay_cards.js";

export interface RecordedAction {
  seq: number;
  seat: number;
  action: JsonObject;
  timeout?: boolean;
}

function cards(value: unknown, tarot: boolean): string {
  return Array.isArray(value) ? cardList(value.filter((c): c is string => typeof c === "string"), tarot) : "";
}

/** One recorded move as a sentence: "Ana takes 2 from the pile, giving 7♣ and 2♣". */
export function actionText(a: JsonObject, who: string, names: string[], tarot = false): string {
  const card = typeof a.card === "string" ? cardShort(a.card, tarot) : "";
  switch (a.type) {
    case "draw":
      if (Array.isArray(a.discard)) return a.discard.length ? `${who} changes ${cards(a.discard, tarot)}` : `${who} stands pat`;
      return a.from === "discard" ? `${who} takes the discard` : `${who} draws from the stock`;
    case "discard": return `${who} discards ${card || cards(a.cards, tarot)}`;
    case "take": return `${who} takes ${String(a.count)} from the pile, giving ${cards(a.discard, tarot)}`;
    case "knock": return `${who} knocks`;
    case "pass": return `${who} passes`;
    case "bid": return `${who} bids ${String(a.amount)}`;
    case "trump": return `${who} names trumps: ${SUIT_SYMBOL[String(a.suit)] ?? ""} ${SUIT_NAME[String(a.suit)] ?? String(a.suit)}`;
    case "rob": return `${who} robs the stock, keeping ${cards(a.cards, tarot)}`;
    case "play": return `${who} plays ${card}${Array.isArray(a.dump) && a.dump.length ? ` and dumps ${a.dump.length}` : ""}`;
    case "cut": return `${who} cuts ${String(a.size)} cards`;
    case "steal": return `${who} steals the discard`;
    case "decline": return `${who} lets the discard go`;
    case "lower": return `${who} lowers ${Array.isArray(a.melds) ? a.melds.map((m) => cards(m, tarot)).join(" / ") : "melds"}`;
    case "lay_off": return `${who} lays off ${card} on ${typeof a.seat === "number" ? names[a.seat] ?? "a" : "a"}'s meld`;
    case "check": return `${who} checks`;
    case "call": return `${who} calls`;
    case "bet": return `${who} bets ${String(a.amount)}`;
    case "raise": return `${who} raises by ${String(a.amount)}`;
    case "fold": return `${who} folds`;
    default: return `${who}: ${String(a.type).replace(/_/g, " ")}`;
  }
}

/**
 * The replay panel: first / back / forward / last, a slider, and the moves so far; with
 * `matchId` (a finished match) the cards on the table and in every hand after each move.
 */
export function replaySection(actions: RecordedAction[], names: string[], tarot = false, matchId?: string): HTMLElement {
  const section = h("section", { class: "panel replay", "data-testid": "replay" }, h("h3", {}, `Replay (${actions.length} moves)`));
  if (actions.length === 0) {
    section.append(h("p", { class: "note" }, "No move was made."));
    return section;
  }
  const text = (a: RecordedAction) => {
    const who = names[a.seat] ?? `Seat ${a.seat + 1}`;
    const said = actionText(a.action, who, names, tarot);
    return a.timeout ? `${who} ran out of time; the server played: ${said}` : said;
  };
  let step = 1;
  const current = h("p", { class: "replay-current", role: "status", "aria-live": "polite", "data-testid": "replay-current" });
  const list = h("ol", { class: "replay-list", "data-testid": "replay-list" });
  const slider = h("input", { type: "range", min: 1, max: actions.length, value: 1, "aria-label": "Move number" });
  const cardsBox = h("div", { class: "replay-cards-box" });
  let cardSteps: CardStep[] | null = null;
  const show = (n: number) => {
    step = Math.max(1, Math.min(actions.length, n));
    slider.value = String(step);
    current.textContent = `Move ${step} of ${actions.length}: ${text(actions[step - 1])}`;
    clear(cardsBox);
    if (cardSteps?.[step]) cardsBox.append(cardsAt(cardSteps[step], names, tarot));
    clear(list);
    // The last moves up to this one, newest last: enough to follow the play.
    for (const a of actions.slice(Math.max(0, step - 12), step)) {
      list.append(h("li", { value: a.seq, class: a.timeout ? "timeout" : "" }, text(a)));
    }
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  section.append(
    h("div", { class: "row" },
      button("« First", () => show(1), { "data-action": "replay-first" }),
      button("◀ Back", () => show(step - 1), { "data-action": "replay-back" }),
      button("Forward ▶", () => show(step + 1), { "data-action": "replay-forward", class: "primary" }),
      button("Last »", () => show(actions.length), { "data-action": "replay-last" })),
    slider, current, cardsBox, list);
  show(1);
  if (matchId) {
    void loadCardSteps(matchId).then((steps) => {
      cardSteps = steps && steps.length === actions.length + 1 ? steps : null;
      show(step);
    });
  }
  return section;
}
