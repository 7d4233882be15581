// Spanish five-card draw: antes, a first betting round that needs jacks or better to
// open, one draw, a second betting round, showdown.
import { backFan } from "../cards.js";
import { button, h } from "../dom.js";
import type { GameUI, TableContext } from "./types.js";
import { num } from "./types.js";

type Range = { min: number; max: number } | null;

function amountControl(ctx: TableContext, type: "bet" | "raise", range: Range) {
  if (!range) return null;
  // The amount typed survives redraws caused by other players' moves.
  const value = typeof ctx.local[type] === "string" ? (ctx.local[type] as string) : String(range.min);
  const input = h("input", { type: "number", min: range.min, max: range.max, value, class: "amount", "aria-label": `${type} amount`, "data-amount": type, "data-key": `amount-${type}` });
  input.addEventListener("input", () => { ctx.local[type] = input.value; });
  const label = type === "bet" ? (ctx.legal.opening ? "Open" : "Bet") : "Raise by";
  return h("span", { class: "amount-group" },
    button(label, () => ctx.send({ type, amount: Number(input.value) }), { "data-action": type }),
    input, h("small", {}, `${range.min}–${range.max}`));
}

export const poker: GameUI = {
  center(ctx) {
    const v = ctx.view;
    const limits = (v.limits ?? {}) as { ante?: number; min_bet?: number; max_bet?: number };
    return h("div", { class: "piles" },
      h("div", { class: "pot", "data-testid": "pot" }, h("span", { class: "chip" }), `Pot ${num(v.pot_total)}`),
      h("div", { class: "pile-info" },
        h("div", {}, String(v.phase).replace(/_/g, " ")),
        h("div", {}, `Current bet ${num(v.current_bet)} · ante ${num(limits.ante)} · bets ${num(limits.min_bet)}–${num(limits.max_bet)}`),
        v.opened ? h("div", {}, `Opened by ${ctx.names[num(v.opener)]}`) : h("div", {}, "Not opened yet (jacks or better)"),
        typeof v.hand_category === "string" ? h("div", { "data-testid": "hand-category" }, `Your hand: ${v.hand_category.replace(/_/g, " ")}`) : null));
  },

  hand(ctx) {
    const draw = ctx.legal.draw as { max_discard?: number } | undefined;
    if (draw) return { selectable: () => true, max: num(draw.max_discard, 5), hint: "Choose the cards to change (none: stand pat)" };
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    if (legal.draw) {
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      const must = (legal.draw as { must_discard_joker?: boolean }).must_discard_joker;
      return [
        must ? h("span", { class: "note" }, "With two jokers you must change one") : null,
        button(chosen.length ? `Change ${chosen.length} card${chosen.length > 1 ? "s" : ""}` : "Stand pat (served)",
          () => ctx.send({ type: "draw", discard: chosen }), { "data-action": "draw", class: "primary" }),
      ];
    }
    if (!("fold" in legal)) return null;
    return [
      legal.check ? button("Check", () => ctx.send({ type: "check" }), { "data-action": "check", class: "primary" }) : null,
      legal.call !== null && legal.call !== undefined ? button(`Call ${num(legal.call)}`, () => ctx.send({ type: "call" }), { "data-action": "call", class: "primary" }) : null,
      amountControl(ctx, "bet", legal.bet as Range),
      amountControl(ctx, "raise", legal.raise as Range),
      legal.fold ? button("Fold", () => ctx.send({ type: "fold" }), { "data-action": "fold" }) : null,
    ];
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [
      h("span", {}, `Stack ${num(p.stack)}`),
      num(p.bet) ? h("span", { class: "badge" }, `bet ${num(p.bet)}`) : null,
      p.folded ? h("span", { class: "badge muted" }, "folded") : null,
      p.all_in ? h("span", { class: "badge warn" }, "all in") : null,
      typeof p.drew === "number" ? h("span", { class: "badge" }, p.drew === 0 ? "served" : `drew ${p.drew}`) : null,
      backFan(num(p.cards)),
    ];
  },
};
