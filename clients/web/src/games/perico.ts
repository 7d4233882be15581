// Perico: draw and discard, or take the top x of the pile giving x cards in the order
// placed (the last one ends on top), or knock. legal: {draw, take_max, knock, discard}.
import { backFan, cardBack, cardElement, cardShort } from "../cards.js";
import { button, h } from "../dom.js";
import type { GameUI, TableContext } from "./types.js";
import { cardsOf, num } from "./types.js";

function myTurn(ctx: TableContext): boolean {
  return Object.keys(ctx.legal).length > 0;
}

export const perico: GameUI = {
  center(ctx) {
    const v = ctx.view;
    const pile = cardsOf(v.discard_pile);
    const knock = (v.knock ?? {}) as { running?: boolean; by?: number | null };
    const takeMax = num(ctx.legal.take_max);
    return h("div", { class: "piles" },
      h("div", { class: "pile", "data-testid": "stock" },
        cardBack(`Stock, ${num(v.stock_size)} cards`),
        h("span", { class: "pile-label" }, `Stock · ${num(v.stock_size)}`)),
      h("div", { class: "pile discard-pile", "data-testid": "discard-pile" },
        h("span", { class: "card-row overlap", role: "group", "aria-label": "Discard pile, top card first" },
          pile.length === 0 ? h("span", { class: "card empty-slot" }, "empty") : null,
          pile.slice(0, 8).map((c, i) =>
            cardElement(c, { small: i > 0, extraLabel: i < takeMax ? `takeable, ${i + 1} from top` : undefined }))),
        h("span", { class: "pile-label" }, `Pile · ${pile.length} (top first)`)),
      h("div", { class: "pile-info" },
        h("div", {}, `Knock at ${num(v.knock_threshold)} cards in the pile`),
        knock.running ? h("div", { class: "badge warn" }, `${ctx.names[knock.by ?? 0]} knocked: last turns`) : null,
        h("div", {}, `Target ${num(v.target)} · ${String(v.variant).replace(/_/g, " ")} · ${String(v.scoring)} scoring`)));
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (!myTurn(ctx)) return { selectable: () => false, max: 0 };
    if (legal.discard) return { selectable: () => true, max: 1, hint: "Choose the card to discard" };
    return {
      selectable: () => num(legal.take_max) > 0,
      max: num(legal.take_max),
      ordered: true,
      hint: num(legal.take_max) > 0 ? "To take from the pile, pick the cards you give in the order placed" : undefined,
    };
  },

  controls(ctx) {
    const legal = ctx.legal;
    if (!myTurn(ctx)) return null;
    const chosen = ctx.selection.map((i) => ctx.hand[i]);
    if (legal.discard) {
      const drawn = typeof ctx.view.drawn === "string" ? ctx.view.drawn : null;
      return [
        drawn ? h("span", { class: "note" }, "You drew ", cardElement(drawn, { small: true })) : null,
        button(chosen.length === 1 ? `Discard ${cardShort(chosen[0])}` : "Discard (choose a card)",
          () => ctx.send({ type: "discard", card: chosen[0] }),
          { "data-action": "discard", disabled: chosen.length !== 1, class: "primary" }),
      ];
    }
    const takeMax = num(legal.take_max);
    const n = chosen.length;
    return [
      legal.draw ? button("Draw from stock", () => ctx.send({ type: "draw" }), { "data-action": "draw", class: "primary" }) : null,
      takeMax > 0
        ? button(n > 0 ? `Take the top ${n} of the pile, giving ${chosen.map((c) => cardShort(c)).join(" then ")}`
          : `Take from the pile: pick ${takeMax > 1 ? `1 to ${takeMax} of your cards` : "1 of your cards"} to give in exchange`,
          () => ctx.send({ type: "take", count: n, discard: chosen }),
          { "data-action": "take", disabled: n < 1 || n > takeMax,
            title: "Take as many cards from the top of the pile as you give; the cards you give go on the pile in the order picked, the last on top" })
        : null,
      legal.knock ? button("Knock", () => ctx.send({ type: "knock" }), { "data-action": "knock" }) : null,
    ];
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [p.knocked ? h("span", { class: "badge warn" }, "knocked") : null, backFan(num(p.cards))];
  },
};
