// Carioca: draw from the stock or the discard, claim a discard in the steal window,
// lower the round's contract as melds, lay off on lowered melds, discard to end the turn.
import { backFan, cardBack, cardElement, cardRow, cardShort } from "../cards.js";
import { button, h } from "../dom.js";
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
    return [button("◀ add low", () => send("low"), { "data-action": "lay_off", class: "mini" }),
      button("add high ▶", () => send("high"), { "data-action": "lay_off", class: "mini" })];
  }
  return button(`Lay off ${cardShort(card)} here`, () => send(), { "data-action": "lay_off", class: "mini" });
}

export const carioca: GameUI = {
  center(ctx) {
    const v = ctx.view;
    const discard = (v.discard ?? {}) as { top?: string | null; size?: number };
    const stock = (v.stock ?? {}) as { size?: number };
    const contract = (v.contract ?? {}) as { text?: string; round?: number };
    const window = v.steal_window as { card?: string; discarder?: number } | null;
    const players = v.players as unknown as { seat: number; melds: Meld[] }[];
    return h("div", { class: "piles column" },
      h("div", { class: "contract", "data-testid": "contract" }, `Round ${num(contract.round)}: ${contract.text ?? ""}`),
      h("div", { class: "piles" },
        h("div", { class: "pile", "data-testid": "stock" }, cardBack(`Stock, ${num(stock.size)} cards`), h("span", { class: "pile-label" }, `Stock · ${num(stock.size)}`)),
        h("div", { class: "pile", "data-testid": "discard-pile" },
          discard.top ? cardElement(discard.top) : h("span", { class: "card empty-slot" }, "empty"),
          h("span", { class: "pile-label" }, `Discards · ${num(discard.size)}`)),
        window?.card ? h("div", { class: "badge warn" }, `Steal window: ${cardShort(window.card)} discarded by ${ctx.names[num(window.discarder)]}`) : null),
      h("div", { class: "melds", "data-testid": "melds" }, players.filter((p) => p.melds.length > 0).map((p) =>
        h("div", { class: "meld-owner" }, h("span", { class: "pile-label" }, `${ctx.names[p.seat]}'s melds`),
          p.melds.map((m, i) => h("div", { class: "meld" },
            cardRow(m.cards, { label: `${m.kind === "straight" ? "Straight" : "Trio"} ${i + 1}` }),
            layOffButtons(ctx, p.seat, i, m)))))));
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (legal.must_discard) {
      const used = stagedIndices(ctx);
      return { selectable: (i) => !used.has(i), max: legal.can_lower ? 12 : 1, ordered: Boolean(legal.can_lower),
        hint: legal.can_lower ? "Pick cards for a meld (straights low to high), or one card to discard or lay off" : "Pick a card to discard or lay off" };
    }
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    const out = [];
    if (legal.cut) {
      const cut = legal.cut as { min: number; max: number };
      const value = typeof ctx.local.cut === "string" ? ctx.local.cut : String(Math.round((cut.min + cut.max) / 2));
      const input = h("input", { type: "number", min: cut.min, max: cut.max, value, "aria-label": "Cards to cut", class: "amount", "data-key": "amount-cut" });
      input.addEventListener("input", () => { ctx.local.cut = input.value; });
      out.push(h("label", {}, "Cut ", input, " cards "), button("Cut", () => ctx.send({ type: "cut", size: Number(input.value) }), { "data-action": "cut", class: "primary" }));
    }
    if (Array.isArray(legal.draw)) {
      const top = (ctx.view.discard as { top?: string } | undefined)?.top;
      for (const from of cardsOf(legal.draw)) {
        out.push(button(from === "stock" ? "Draw from stock" : `Take the discard${top ? ` ${cardShort(top)}` : ""}`, () => ctx.send({ type: "draw", from }),
          { "data-action": from === "stock" ? "draw" : "draw-discard", class: from === "stock" ? "primary" : "" }));
      }
    }
    if ("decline" in legal) {
      const card = (ctx.view.steal_window as { card?: string } | null)?.card ?? "";
      if (legal.steal) out.push(button(`Steal ${card ? cardShort(card) : "the discard"} (+2 points)`, () => ctx.send({ type: "steal" }), { "data-action": "steal" }));
      out.push(button("Let it go", () => ctx.send({ type: "decline" }), { "data-action": "decline", class: "primary" }));
    }
    if (legal.must_discard) {
      const melds = staged(ctx);
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      if (legal.can_lower) {
        out.push(button(`Make a meld of ${chosen.length} cards`, () => {
          ctx.local.melds = [...melds, [...ctx.selection]];
          ctx.clearSelection();
        }, { "data-action": "add-meld", disabled: chosen.length < 3 }));
        if (melds.length) {
          out.push(h("span", { class: "staged" }, melds.map((m) => cardRow(m.map((i) => ctx.hand[i]), { label: "meld being built" }))));
          out.push(button(`Lower ${melds.length} meld${melds.length > 1 ? "s" : ""}`, () => {
            ctx.local.melds = [];
            ctx.send({ type: "lower", melds: melds.map((m) => m.map((i) => ctx.hand[i])) });
          }, { "data-action": "lower" }));
          out.push(button("Undo melds", () => { ctx.local.melds = []; ctx.redraw(); }, { "data-action": "undo-melds" }));
        }
      }
      const forbidden = typeof legal.forbidden_discard === "string" ? legal.forbidden_discard : null;
      const card = chosen.length === 1 ? chosen[0] : null;
      out.push(button(card ? `Discard ${cardShort(card)}` : "Discard (choose one card)", () => ctx.send({ type: "discard", card }),
        { "data-action": "discard", disabled: !card || card === forbidden, class: "primary" }));
      if (forbidden) out.push(h("span", { class: "note" }, `You may not discard ${cardShort(forbidden)}, the card you just took`));
    }
    return out;
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    return [p.lowered ? h("span", { class: "badge" }, "lowered") : null, h("span", {}, `Steals ${num(p.steals)}`), backFan(num(p.cards))];
  },
};
