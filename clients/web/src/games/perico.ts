// Perico: draw and discard, or take the top x of the pile giving x cards in the order
// placed (the last one ends on top), or knock. legal: {draw, take_max, knock, discard}.
import { backFan, cardBack, cardElement, cardShort } from "../cards.js";
import { button, h } from "../dom.js";
import { t } from "../i18n.js";
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
        cardBack(t("pile.stock_label", { n: num(v.stock_size) })),
        h("span", { class: "pile-label" }, t("pile.stock", { n: num(v.stock_size) }))),
      h("div", { class: "pile discard-pile", "data-testid": "discard-pile" },
        h("span", { class: "card-row overlap", role: "group", "aria-label": t("perico.pile_label") },
          pile.length === 0 ? h("span", { class: "card empty-slot" }, t("pile.empty")) : null,
          pile.slice(0, 8).map((c, i) =>
            cardElement(c, { small: i > 0, extraLabel: i < takeMax ? t("perico.takeable", { n: i + 1 }) : undefined }))),
        h("span", { class: "pile-label" }, t("perico.pile", { n: pile.length }))),
      h("div", { class: "pile-info" },
        h("div", {}, t("perico.knock_at", { n: num(v.knock_threshold) })),
        knock.running ? h("div", { class: "badge warn" }, t("perico.knocked_last_turns", { name: ctx.names[knock.by ?? 0] })) : null,
        h("div", {}, t("perico.facts", { target: num(v.target), variant: String(v.variant), scoring: String(v.scoring) }))));
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (!myTurn(ctx)) return { selectable: () => false, max: 0 };
    if (legal.discard) return { selectable: () => true, max: 1, hint: t("hint.discard") };
    return {
      selectable: () => num(legal.take_max) > 0,
      max: num(legal.take_max),
      ordered: true,
      hint: num(legal.take_max) > 0 ? t("perico.take_hint") : undefined,
    };
  },

  controls(ctx) {
    const legal = ctx.legal;
    if (!myTurn(ctx)) return null;
    const chosen = ctx.selection.map((i) => ctx.hand[i]);
    if (legal.discard) {
      const drawn = typeof ctx.view.drawn === "string" ? ctx.view.drawn : null;
      return [
        drawn ? h("span", { class: "note" }, t("perico.you_drew"), " ", cardElement(drawn, { small: true })) : null,
        button(chosen.length === 1 ? t("move.discard_card", { card: cardShort(chosen[0]) }) : t("move.discard_choose"),
          () => ctx.send({ type: "discard", card: chosen[0] }),
          { "data-action": "discard", disabled: chosen.length !== 1, class: "primary" }),
      ];
    }
    const takeMax = num(legal.take_max);
    const n = chosen.length;
    return [
      legal.draw ? button(t("move.draw_stock"), () => ctx.send({ type: "draw" }), { "data-action": "draw", class: "primary" }) : null,
      takeMax > 0
        ? button(n > 0 ? t("perico.take_giving", { n, cards: chosen.map((c) => cardShort(c)).join(t("perico.then")) })
          : t("perico.take_pick", { max: takeMax }),
          () => ctx.send({ type: "take", count: n, discard: chosen }),
          { "data-action": "take", disabled: n < 1 || n > takeMax,
            title: t("perico.take_help") })
        : null,
      legal.knock ? button(t("move.knock"), () => ctx.send({ type: "knock" }), { "data-action": "knock" }) : null,
    ];
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [p.knocked ? h("span", { class: "badge warn" }, t("perico.knocked")) : null, backFan(num(p.cards))];
  },
};
