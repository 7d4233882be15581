// Carioca: draw from the stock or the discard, claim a discard in the steal window,
// lower the round's contract as melds, lay off on lowered melds, discard to end the turn.
import { backFan, cardBack, cardElement, cardRow, cardShort } from "../cards.js";
import { button, h } from "../dom.js";
import { t } from "../i18n.js";
import type { GameUI, TableContext } from "./types.js";
import { cardsOf, num } from "./types.js";

interface Meld { cards: string[]; kind: string; rank?: string; suit?: string; low?: number; high?: number }

function staged(ctx: TableContext): number[][] {
  return (ctx.local.melds as number[][] | undefined) ?? [];
}

function stagedIndices(ctx: TableContext): Set<number> {
  return new Set(staged(ctx).flat());
}

function layOffButtons(ctx: TableContext, owner: number, index: number, meld: Meld) {
  if (!ctx.legal.can_lay_off || ctx.selection.length !== 1) return null;
  const card = ctx.hand[ctx.selection[0]];
  const send = (end?: string) => {
    const action: Record<string, string | number> = { type: "lay_off", seat: owner, meld: index, card };
    if (end) action.end = end;
    ctx.send(action);
  };
  if (meld.kind === "straight" && card === "JK") {
    return [button(t("carioca.add_low"), () => send("low"), { "data-action": "lay_off", class: "mini" }),
      button(t("carioca.add_high"), () => send("high"), { "data-action": "lay_off", class: "mini" })];
  }
  return button(t("carioca.lay_off_here", { card: cardShort(card) }), () => send(), { "data-action": "lay_off", class: "mini" });
}

/** "2 trios + 1 straight" in the reader's words, from the contract's counts (the server's text is English). */
export function contractText(contract: { text?: string; trios?: number; straights?: number }): string {
  if (typeof contract.trios !== "number" || typeof contract.straights !== "number") return contract.text ?? "";
  const both = contract.trios > 0 && contract.straights > 0 ? "yes" : "no";
  return t("carioca.contract", { trios: contract.trios, straights: contract.straights, both });
}

export const carioca: GameUI = {
  center(ctx) {
    const v = ctx.view;
    const discard = (v.discard ?? {}) as { top?: string | null; size?: number };
    const stock = (v.stock ?? {}) as { size?: number };
    const contract = (v.contract ?? {}) as { text?: string; round?: number; trios?: number; straights?: number };
    const window = v.steal_window as { card?: string; discarder?: number } | null;
    const players = v.players as unknown as { seat: number; melds: Meld[] }[];
    return h("div", { class: "piles column" },
      h("div", { class: "contract", "data-testid": "contract" }, t("carioca.round_contract", { round: num(contract.round), contract: contractText(contract) })),
      h("div", { class: "piles" },
        h("div", { class: "pile", "data-testid": "stock" }, cardBack(t("pile.stock_label", { n: num(stock.size) })), h("span", { class: "pile-label" }, t("pile.stock", { n: num(stock.size) }))),
        h("div", { class: "pile", "data-testid": "discard-pile" },
          discard.top ? cardElement(discard.top) : h("span", { class: "card empty-slot" }, t("pile.empty")),
          h("span", { class: "pile-label" }, t("carioca.discards", { n: num(discard.size) }))),
        window?.card ? h("div", { class: "badge warn" }, t("carioca.steal_window", { card: cardShort(window.card), name: ctx.names[num(window.discarder)] })) : null),
      h("div", { class: "melds", "data-testid": "melds" }, players.filter((p) => p.melds.length > 0).map((p) =>
        h("div", { class: "meld-owner" }, h("span", { class: "pile-label" }, t("carioca.melds_of", { name: ctx.names[p.seat] })),
          p.melds.map((m, i) => h("div", { class: "meld" },
            cardRow(m.cards, { label: t(m.kind === "straight" ? "carioca.straight_n" : "carioca.trio_n", { n: i + 1 }) }),
            layOffButtons(ctx, p.seat, i, m)))))));
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (legal.must_discard) {
      const used = stagedIndices(ctx);
      return { selectable: (i) => !used.has(i), max: legal.can_lower ? 12 : 1, ordered: Boolean(legal.can_lower),
        hint: legal.can_lower ? t("carioca.hint_lower") : t("carioca.hint_discard") };
    }
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    const out = [];
    if (legal.cut) {
      const cut = legal.cut as { min: number; max: number };
      const value = typeof ctx.local.cut === "string" ? ctx.local.cut : String(Math.round((cut.min + cut.max) / 2));
      const input = h("input", { type: "number", min: cut.min, max: cut.max, value, "aria-label": t("carioca.cut_label"), class: "amount", "data-key": "amount-cut" });
      input.addEventListener("input", () => { ctx.local.cut = input.value; });
      out.push(h("label", {}, t("carioca.cut_before"), " ", input, " ", t("carioca.cut_after"), " "), button(t("move.cut"), () => ctx.send({ type: "cut", size: Number(input.value) }), { "data-action": "cut", class: "primary" }));
    }
    if (Array.isArray(legal.draw)) {
      const top = (ctx.view.discard as { top?: string } | undefined)?.top;
      for (const from of cardsOf(legal.draw)) {
        out.push(button(from === "stock" ? t("move.draw_stock") : top ? t("carioca.take_discard_card", { card: cardShort(top) }) : t("carioca.take_discard"), () => ctx.send({ type: "draw", from }),
          { "data-action": from === "stock" ? "draw" : "draw-discard", class: from === "stock" ? "primary" : "" }));
      }
    }
    if ("decline" in legal) {
      const card = (ctx.view.steal_window as { card?: string } | null)?.card ?? "";
      if (legal.steal) out.push(button(card ? t("carioca.steal_card", { card: cardShort(card) }) : t("carioca.steal"), () => ctx.send({ type: "steal" }), { "data-action": "steal" }));
      out.push(button(t("carioca.let_go"), () => ctx.send({ type: "decline" }), { "data-action": "decline", class: "primary" }));
    }
    if (legal.must_discard) {
      const melds = staged(ctx);
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      if (legal.can_lower) {
        out.push(button(t("carioca.make_meld", { n: chosen.length }), () => {
          ctx.local.melds = [...melds, [...ctx.selection]];
          ctx.clearSelection();
        }, { "data-action": "add-meld", disabled: chosen.length < 3 }));
        if (melds.length) {
          out.push(h("span", { class: "staged" }, melds.map((m) => cardRow(m.map((i) => ctx.hand[i]), { label: t("carioca.meld_building") }))));
          out.push(button(t("carioca.lower", { n: melds.length }), () => {
            ctx.local.melds = [];
            ctx.send({ type: "lower", melds: melds.map((m) => m.map((i) => ctx.hand[i])) });
          }, { "data-action": "lower" }));
          out.push(button(t("carioca.undo"), () => { ctx.local.melds = []; ctx.redraw(); }, { "data-action": "undo-melds" }));
        }
      }
      const forbidden = typeof legal.forbidden_discard === "string" ? legal.forbidden_discard : null;
      const card = chosen.length === 1 ? chosen[0] : null;
      out.push(button(card ? t("move.discard_card", { card: cardShort(card) }) : t("move.discard_choose"), () => ctx.send({ type: "discard", card }),
        { "data-action": "discard", disabled: !card || card === forbidden, class: "primary" }));
      if (forbidden) out.push(h("span", { class: "note" }, t("carioca.forbidden", { card: cardShort(forbidden) })));
    }
    return out;
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [p.lowered ? h("span", { class: "badge" }, t("carioca.lowered")) : null, h("span", {}, t("carioca.steals", { n: num(p.steals) })), backFan(num(p.cards))];
  },
};
