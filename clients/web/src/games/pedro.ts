// Pedro / King Pedro / Cinch: bid or pass, the high bidder names trumps, the dealer
// robs the stock, extra cards are discarded, then tricks (a dump of spare non-point
// cards on the first trick when holding more than six).
import { backFan, cardElement, cardList, cardRow, cardShort, SUIT_NAME, SUIT_SYMBOL } from "../cards.js";
import { button, h } from "../dom.js";
import type { GameUI, TableContext } from "./types.js";
import { cardsOf, num } from "./types.js";

interface Choice { count?: number; choose?: number; choose_from?: string[]; must_take?: string[] }

function trick(ctx: TableContext, t: unknown, label: string) {
  if (!t || typeof t !== "object") return null;
  const cards = ((t as { cards?: { seat: number; card: string }[] }).cards ?? []);
  const winner = (t as { winner?: number }).winner;
  return h("div", { class: "trick", "data-testid": label === "Trick" ? "trick" : "last-trick" },
    h("div", { class: "pile-label" }, label + (typeof winner === "number" ? ` · won by ${ctx.names[winner]}` : "")),
    h("div", { class: "card-row" }, cards.map((c) =>
      h("span", { class: "labelled-card" }, cardElement(c.card, { small: true }), h("small", {}, ctx.names[c.seat])))));
}

function sideName(ctx: TableContext, side: number): string {
  return `${ctx.names[side]} & ${ctx.names[side + 2]}`;
}

export const pedro: GameUI = {
  results(last, ctx) {
    if (last.void || last.thrown_in) {
      return h("p", {}, `Deal ${String(last.round)} was ${last.void ? "void" : "thrown in"}; ${ctx.names[num(last.dealer)]} dealt.`);
    }
    const per = (k: string) => (Array.isArray(last[k]) ? (last[k] as number[]) : []);
    const trump = String(last.trump);
    const bidder = typeof last.bidding_side === "number" ? last.bidding_side : null;
    return [
      h("p", {}, typeof last.bid === "number"
        ? `${ctx.names[num(last.declarer)]} bid ${last.bid} in ${SUIT_SYMBOL[trump] ?? ""} ${SUIT_NAME[trump] ?? trump}: ${last.made ? "made it" : "went down"}.`
        : `Trumps ${SUIT_SYMBOL[trump] ?? trump}.`),
      h("table", { class: "result-table" },
        h("thead", {}, h("tr", {}, ["Side", "Tricks", "Points taken", "Score change", "Score"].map((t) => h("th", {}, t)))),
        h("tbody", {}, [0, 1].map((s) => h("tr", { class: last.winner_side === s ? "winner" : "" },
          h("th", {}, sideName(ctx, s), bidder === s ? " (bidders)" : ""),
          h("td", {}, per("tricks")[s] ?? 0), h("td", {}, per("points")[s] ?? 0),
          h("td", {}, `${(per("delta")[s] ?? 0) > 0 ? "+" : ""}${per("delta")[s] ?? 0}`), h("td", {}, per("scores")[s] ?? 0))))),
    ];
  },

  center(ctx) {
    const v = ctx.view;
    const sides = Array.isArray(v.sides) ? (v.sides as { seats: number[]; tricks: number; points: number; score: number }[]) : [];
    const trump = typeof v.trump === "string" ? v.trump : null;
    return h("div", { class: "piles" },
      h("div", { class: "pile-info" },
        h("div", {}, `${({ pedro: "Pedro", king_pedro: "King Pedro", cinch: "Cinch" } as Record<string, string>)[String(v.variant)] ?? String(v.variant)} · to ${num(v.target)} points`),
        trump ? h("div", { class: "trump", "data-testid": "trump" }, `Trumps: ${SUIT_SYMBOL[trump]} ${SUIT_NAME[trump]}`) : null,
        typeof v.high_bid === "number" ? h("div", {}, `High bid ${v.high_bid} by ${ctx.names[num(v.high_bidder)]}`) : null,
        h("div", {}, `Stock ${num(v.stock_count)}`),
        sides.map((s, i) => h("div", {}, `Side ${i + 1} (${s.seats.map((x) => ctx.names[x]).join(" & ")}): ${s.score} pts · this deal ${s.points} pts, ${s.tricks} tricks`))),
      trick(ctx, v.trick, "Trick"),
      trick(ctx, v.last_trick, "Last trick"),
      cardsOf(v.unused_trumps).length ? h("div", {}, h("div", { class: "pile-label" }, "Trumps set aside"), cardRow(cardsOf(v.unused_trumps))) : null);
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (legal.discard) {
      const d = legal.discard as Choice;
      const from = d.choose_from ?? [];
      return { selectable: (i) => from.includes(ctx.hand[i]), max: num(d.count), hint: `Choose ${num(d.count)} cards to discard` };
    }
    if (Array.isArray(legal.play)) {
      const plays = cardsOf(legal.play);
      const dump = legal.dump as Choice | undefined;
      return {
        // The card to play first, then the spare non-point cards to dump with it.
        selectable: (i) => ctx.selection.length === 0 ? plays.includes(ctx.hand[i]) : (dump?.choose_from ?? []).includes(ctx.hand[i]),
        max: 1 + (dump ? num(dump.count) : 0),
        ordered: Boolean(dump),
        hint: dump ? `Choose the card to play, then ${num(dump.count)} cards to dump` : "Choose a card to play",
      };
    }
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    const out = [];
    if ("pass" in legal || "bid" in legal) {
      out.push(h("span", { class: "note", "data-testid": "bid-help" }, ctx.view.variant === "king_pedro"
        ? "Points: king of trumps 30, each pedro 5, ace, jack, ten and two of trumps 1 (44 in all). Bid what your side will take."
        : "Points: each pedro (the 5s of trumps' colour) 5, ace, jack, ten and two of trumps 1 (14 in all). Bid what your side will take."));
      if (legal.pass) out.push(button("Pass", () => ctx.send({ type: "pass" }), { "data-action": "pass" }));
      const bid = legal.bid as { min: number; max: number } | null;
      if (bid) for (let a = bid.min; a <= bid.max; a++) {
        out.push(button(`Bid ${a}`, () => ctx.send({ type: "bid", amount: a }), { "data-action": "bid", "data-amount": a,
          title: `Your side promises to take at least ${a} of the ${num(ctx.view.points_in_play, ctx.view.variant === "king_pedro" ? 44 : 14)} points in play` }));
      }
    }
    if (Array.isArray(legal.trump)) {
      out.push(h("span", { class: "note" }, "Name trumps:"));
      for (const s of cardsOf(legal.trump)) {
        out.push(button(`${SUIT_SYMBOL[s]} ${SUIT_NAME[s]}`, () => ctx.send({ type: "trump", suit: s }), { "data-action": "trump", class: `suit-${s}` }));
      }
    }
    if (legal.rob) {
      const rob = legal.rob as Choice;
      const picked = (ctx.local.rob as number[] | undefined) ?? [];
      const from = rob.choose_from ?? [];
      const must = rob.must_take ?? [];
      const need = num(rob.choose);
      const toggle = (i: number) => {
        const at = picked.indexOf(i);
        ctx.local.rob = at >= 0 ? picked.filter((x) => x !== i) : picked.length < need ? [...picked, i] : picked;
        ctx.redraw();
      };
      out.push(h("div", { class: "chooser" },
        must.length ? h("div", {}, h("span", { class: "note" }, "You take every trump: "), cardRow(must)) : null,
        need > 0 ? h("div", {}, h("span", { class: "note" }, `Choose ${need} from the stock: `),
          h("span", { class: "card-row" }, from.map((c, i) => cardElement(c, { small: true, selected: picked.includes(i), onClick: () => toggle(i) })))) : null,
        button(`Rob (${picked.length}/${need} chosen)`, () => {
          ctx.local.rob = [];
          ctx.send({ type: "rob", cards: [...must, ...picked.map((i) => from[i])] });
        }, { "data-action": "rob", disabled: picked.length !== need, class: "primary" })));
    }
    if (legal.discard) {
      const d = legal.discard as Choice;
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      out.push(button(`Discard ${chosen.length}/${num(d.count)}`, () => ctx.send({ type: "discard", cards: chosen }),
        { "data-action": "discard", disabled: chosen.length !== num(d.count), class: "primary" }));
    }
    if (Array.isArray(legal.play)) {
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      const dump = legal.dump as Choice | undefined;
      const need = dump ? num(dump.count) : 0;
      const ok = chosen.length === 1 + need && cardsOf(legal.play).includes(chosen[0]) &&
        chosen.slice(1).every((c) => (dump?.choose_from ?? []).includes(c));
      const action: Record<string, string | string[]> = { type: "play", card: chosen[0] };
      if (need > 0) action.dump = chosen.slice(1);
      out.push(button(chosen.length ? `Play ${cardShort(chosen[0])}${need ? ` and dump ${chosen.length > 1 ? cardList(chosen.slice(1)) : "…"}` : ""}` : "Play (choose a card)",
        () => ctx.send(action), { "data-action": "play", disabled: !ok, class: "primary" }));
    }
    return out;
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    const call = p.last_call;
    return [
      h("span", {}, `Side ${num(p.side) + 1}`),
      call !== null && call !== undefined ? h("span", { class: "badge" }, call === "pass" ? "passed" : `bid ${String(call)}`) : null,
      p.choosing_discard ? h("span", { class: "badge" }, "discarding") : null,
      backFan(num(p.cards)),
    ];
  },
};
