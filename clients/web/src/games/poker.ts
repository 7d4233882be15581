// Spanish five-card draw: antes, a first betting round that needs jacks or better to
// open, one draw, a second betting round, showdown.
import { backFan } from "../cards.js";
import { button, h } from "../dom.js";
import { hasMessage, t } from "../i18n.js";
import { phaseText } from "../game_words.js";
import type { GameUI, TableContext } from "./types.js";
import { num } from "./types.js";

type Range = { min: number; max: number } | null;

function amountControl(ctx: TableContext, type: "bet" | "raise", range: Range) {
  if (!range) return null;
  // The amount typed survives redraws caused by other players' moves.
  const value = typeof ctx.local[type] === "string" ? (ctx.local[type] as string) : String(range.min);
  const input = h("input", { type: "number", min: range.min, max: range.max, value, class: "amount", "aria-label": t(`poker.amount.${type}`), "data-amount": type, "data-key": `amount-${type}` });
  input.addEventListener("input", () => { ctx.local[type] = input.value; });
  const label = type === "bet" ? (ctx.legal.opening ? t("move.open") : t("move.bet")) : t("move.raise");
  return h("span", { class: "amount-group" },
    button(label, () => ctx.send({ type, amount: Number(input.value) }), { "data-action": type }),
    input, h("small", {}, t("poker.range", { min: range.min, max: range.max })));
}

/** A hand category ("full_house") in words: hand.<category>. */
export function categoryText(category: string): string {
  return hasMessage(`hand.${category}`) ? t(`hand.${category}`) : category.replace(/_/g, " ");
}

export const poker: GameUI = {
  center(ctx) {
    const v = ctx.view;
    const limits = (v.limits ?? {}) as { ante?: number; min_bet?: number; max_bet?: number };
    return h("div", { class: "piles" },
      h("div", { class: "pot", "data-testid": "pot" }, h("span", { class: "chip" }), t("loc.pot", { n: num(v.pot_total) })),
      h("div", { class: "pile-info" },
        h("div", {}, phaseText("poker", String(v.phase))),
        h("div", {}, t("poker.limits", { bet: num(v.current_bet), ante: num(limits.ante), min: num(limits.min_bet), max: num(limits.max_bet) })),
        v.opened ? h("div", {}, t("poker.opened_by", { name: ctx.names[num(v.opener)] })) : h("div", {}, t("poker.not_opened")),
        typeof v.hand_category === "string" ? h("div", { "data-testid": "hand-category" }, t("poker.your_hand", { category: categoryText(v.hand_category) })) : null));
  },

  hand(ctx) {
    const draw = ctx.legal.draw as { max_discard?: number } | undefined;
    if (draw) return { selectable: () => true, max: num(draw.max_discard, 5), hint: t("poker.hint_draw") };
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    if (legal.draw) {
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      const must = (legal.draw as { must_discard_joker?: boolean }).must_discard_joker;
      return [
        must ? h("span", { class: "note" }, t("poker.two_jokers")) : null,
        button(chosen.length ? t("poker.change", { n: chosen.length }) : t("poker.stand_pat"),
          () => ctx.send({ type: "draw", discard: chosen }), { "data-action": "draw", class: "primary" }),
      ];
    }
    if (!("fold" in legal)) return null;
    return [
      legal.check ? button(t("move.check"), () => ctx.send({ type: "check" }), { "data-action": "check", class: "primary" }) : null,
      legal.call !== null && legal.call !== undefined ? button(t("move.call", { n: num(legal.call) }), () => ctx.send({ type: "call" }), { "data-action": "call", class: "primary" }) : null,
      amountControl(ctx, "bet", legal.bet as Range),
      amountControl(ctx, "raise", legal.raise as Range),
      legal.fold ? button(t("move.fold"), () => ctx.send({ type: "fold" }), { "data-action": "fold" }) : null,
    ];
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [
      h("span", {}, t("poker.stack", { n: num(p.stack) })),
      num(p.bet) ? h("span", { class: "badge" }, t("poker.bet_badge", { n: num(p.bet) })) : null,
      p.folded ? h("span", { class: "badge muted" }, t("poker.folded")) : null,
      p.all_in ? h("span", { class: "badge warn" }, t("poker.all_in")) : null,
      typeof p.drew === "number" ? h("span", { class: "badge" }, p.drew === 0 ? t("poker.served") : t("poker.drew", { n: p.drew })) : null,
      backFan(num(p.cards)),
    ];
  },
};
