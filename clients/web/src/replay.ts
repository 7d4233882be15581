// A finished match's moves, step by step, from its record (/api/matches/ID `actions`):
// who did what, in words, with the moves the server made when a turn timer ran out.
// The record holds the moves, not the cards dealt; for a finished match the server
// replays them from the seed (replay_cards.ts), and each step shows the cards too.
import { cardList, cardShort, suitText } from "./cards.js";
import { t } from "./i18n.js";
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
  const k = (key: string, params: Record<string, string | number> = {}) => t(`replay.action.${key}`, { who, ...params });
  switch (a.type) {
    case "draw":
      if (Array.isArray(a.discard)) return a.discard.length ? k("change", { cards: cards(a.discard, tarot) }) : k("stand_pat");
      return a.from === "discard" ? k("take_discard") : k("draw");
    case "discard": return k("discard", { cards: card || cards(a.cards, tarot) });
    case "take": return k("take", { n: Number(a.count), cards: cards(a.discard, tarot) });
    case "knock": return k("knock");
    case "pass": return k("pass");
    case "bid": return k("bid", { n: Number(a.amount) });
    case "trump": return k("trump", { suit: suitText(String(a.suit)) });
    case "rob": return k("rob", { cards: cards(a.cards, tarot) });
    case "play": return Array.isArray(a.dump) && a.dump.length ? k("play_dump", { card, n: a.dump.length }) : k("play", { card });
    case "cut": return k("cut", { n: Number(a.size) });
    case "steal": return k("steal");
    case "decline": return k("decline");
    case "lower": return k("lower", { melds: Array.isArray(a.melds) ? a.melds.map((m) => cards(m, tarot)).join(" / ") : "…" });
    case "lay_off": return k("lay_off", { card, owner: typeof a.seat === "number" ? names[a.seat] ?? "?" : "?" });
    case "check": return k("check");
    case "call": return k("call");
    case "bet": return k("bet", { n: Number(a.amount) });
    case "raise": return k("raise", { n: Number(a.amount) });
    case "fold": return k("fold");
    default: return `${who}: ${String(a.type).replace(/_/g, " ")}`;
  }
}

/**
 * The replay panel: first / back / forward / last, a slider, and the moves so far; with
 * `matchId` (a finished match) the cards on the table and in every hand after each move.
 */
export function replaySection(actions: RecordedAction[], names: string[], tarot = false, matchId?: string): HTMLElement {
  const section = h("section", { class: "panel replay", "data-testid": "replay" }, h("h3", {}, t("replay.title", { n: actions.length })));
  if (actions.length === 0) {
    section.append(h("p", { class: "note" }, t("replay.no_moves")));
    return section;
  }
  const text = (a: RecordedAction) => {
    const who = names[a.seat] ?? t("seat.numbered", { n: a.seat + 1 });
    const said = actionText(a.action, who, names, tarot);
    return a.timeout ? t("replay.timed_out", { who, move: said }) : said;
  };
  let step = 1;
  const current = h("p", { class: "replay-current", role: "status", "aria-live": "polite", "data-testid": "replay-current" });
  const list = h("ol", { class: "replay-list", "data-testid": "replay-list" });
  const slider = h("input", { type: "range", min: 1, max: actions.length, value: 1, "aria-label": t("replay.move_number") });
  const cardsBox = h("div", { class: "replay-cards-box" });
  let cardSteps: CardStep[] | null = null;
  const show = (n: number) => {
    step = Math.max(1, Math.min(actions.length, n));
    slider.value = String(step);
    current.textContent = t("replay.current", { step, n: actions.length, move: text(actions[step - 1]) });
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
      button(t("replay.first"), () => show(1), { "data-action": "replay-first" }),
      button(t("replay.back"), () => show(step - 1), { "data-action": "replay-back" }),
      button(t("replay.forward"), () => show(step + 1), { "data-action": "replay-forward", class: "primary" }),
      button(t("replay.last"), () => show(actions.length), { "data-action": "replay-last" })),
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
