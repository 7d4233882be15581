// The cards of a finished match's replay: the server replays the record from its revealed
// seed (/api/matches/ID/replay, finished matches only) and gives, after every move, the
// table as a spectator saw it and every seat's own hand. Drawn with the game's own middle
// of the table and a row of cards per seat.
import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { GAMES } from "./games/index.js";
import type { TableContext } from "./games/types.js";
import type { JsonObject, View } from "./protocol.js";

export interface CardStep {
  seq: number;
  table: View;
  seats: (JsonObject | null)[];
}

/** Every step's cards, or null when the server cannot replay them (a live match: 409). */
export async function loadCardSteps(matchId: string): Promise<CardStep[] | null> {
  try {
    const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/replay`);
    if (!response.ok) return null;
    const body = (await response.json()) as { steps?: CardStep[] };
    return Array.isArray(body.steps) ? body.steps : null;
  } catch {
    return null;
  }
}

function handOf(fields: JsonObject | null): string[] {
  const hand = fields?.hand;
  return Array.isArray(hand) ? hand.filter((c): c is string => typeof c === "string") : [];
}

/** The table after one step: the game's middle (piles, melds, tricks), then each hand. */
export function cardsAt(step: CardStep, names: string[], tarot: boolean): HTMLElement {
  const ui = GAMES[step.table.game];
  const ctx: TableContext = {
    view: step.table, seat: null, names, hand: [], legal: {}, selection: [], local: {},
    send: () => {}, clearSelection: () => {}, redraw: () => {}, tarot: ui?.tarot?.(step.table) ?? tarot,
  };
  let middle: HTMLElement | null = null;
  try {
    middle = ui ? h("div", { class: "center replay-center" }, ui.center(ctx)) : null;
  } catch {
    middle = null; // a view this page draws only at a live table: the hands still show
  }
  return h("div", { class: "replay-cards", "data-testid": "replay-cards" },
    middle,
    h("ul", { class: "replay-hands" }, step.seats.map((fields, s) => h("li", { "data-testid": `replay-hand-${s}` },
      h("b", {}, names[s] ?? t("seat.numbered", { n: s + 1 })), " · ", t("seat.cards", { n: handOf(fields).length }), " ",
      h("span", { class: "hand small-hand" }, handOf(fields).map((c) => cardElement(c, { small: true, tarot: ctx.tarot })))))));
}
