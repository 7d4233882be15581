// Pedro / King Pedro / Cinch: bid or pass, the high bidder names trumps, the dealer
// robs the stock, extra cards are discarded, then tricks (a dump of spare non-point
// cards on the first trick when holding more than six).
import { backFan, cardElement, cardList, cardRow, cardShort, SUIT_SYMBOL, suitText } from "../cards.js";
import { button, h } from "../dom.js";
import { formatList, formatNumber, t } from "../i18n.js";
import type { GameUI, TableContext } from "./types.js";
import { cardsOf, num } from "./types.js";

interface Choice { count?: number; choose?: number; choose_from?: string[]; must_take?: string[] }

function trick(ctx: TableContext, shown: unknown, which: "trick" | "last_trick") {
  if (!shown || typeof shown !== "object") return null;
  const cards = ((shown as { cards?: { seat: number; card: string }[] }).cards ?? []);
  const winner = (shown as { winner?: number }).winner;
  return h("div", { class: "trick", "data-testid": which === "trick" ? "trick" : "last-trick" },
    h("div", { class: "pile-label" }, typeof winner === "number" ? t(`pedro.${which}_won`, { name: ctx.names[winner] }) : t(`pedro.${which}`)),
    h("div", { class: "card-row" }, cards.map((c) =>
      h("span", { class: "labelled-card" }, cardElement(c.card, { small: true }), h("small", {}, ctx.names[c.seat])))));
}

function sideName(ctx: TableContext, side: number): string {
  return formatList([ctx.names[side], ctx.names[side + 2]]);
}

export const pedro: GameUI = {
  results(last, ctx) {
    if (last.void || last.thrown_in) {
      return h("p", {}, t(last.void ? "pedro.deal_void" : "pedro.deal_thrown_in", { round: num(last.round), name: ctx.names[num(last.dealer)] }));
    }
    const per = (k: string) => (Array.isArray(last[k]) ? (last[k] as number[]) : []);
    const trump = String(last.trump);
    const bidder = typeof last.bidding_side === "number" ? last.bidding_side : null;
    return [
      h("p", {}, typeof last.bid === "number"
        ? t(last.made ? "pedro.bid_made" : "pedro.bid_down", { name: ctx.names[num(last.declarer)], bid: last.bid, suit: suitText(trump) })
        : t("pedro.trumps_were", { suit: SUIT_SYMBOL[trump] ?? trump })),
      h("table", { class: "result-table" },
        h("thead", {}, h("tr", {}, ["side", "tricks", "points", "delta", "score"].map((c) => h("th", {}, t(`pedro.col.${c}`))))),
        h("tbody", {}, [0, 1].map((s) => h("tr", { class: last.winner_side === s ? "winner" : "" },
          h("th", {}, sideName(ctx, s), bidder === s ? " " + t("pedro.bidders") : ""),
          h("td", {}, formatNumber(per("tricks")[s] ?? 0)), h("td", {}, formatNumber(per("points")[s] ?? 0)),
          h("td", {}, formatNumber(per("delta")[s] ?? 0, { signDisplay: "exceptZero" })), h("td", {}, formatNumber(per("scores")[s] ?? 0)))))),
    ];
  },

  center(ctx) {
    const v = ctx.view;
    const sides = Array.isArray(v.sides) ? (v.sides as { seats: number[]; tricks: number; points: number; score: number }[]) : [];
    const trump = typeof v.trump === "string" ? v.trump : null;
    return h("div", { class: "piles" },
      h("div", { class: "pile-info" },
        h("div", {}, t("pedro.variant_target", { variant: String(v.variant), target: num(v.target) })),
        trump ? h("div", { class: "trump", "data-testid": "trump" }, t("pedro.trumps", { suit: suitText(trump) })) : null,
        typeof v.high_bid === "number" ? h("div", {}, t("pedro.high_bid", { bid: v.high_bid, name: ctx.names[num(v.high_bidder)] })) : null,
        h("div", {}, t("pedro.stock", { n: num(v.stock_count) })),
        sides.map((s, i) => h("div", {}, t("pedro.side_line", { side: i + 1, names: formatList(s.seats.map((x) => ctx.names[x])), score: s.score, points: s.points, tricks: s.tricks })))),
      trick(ctx, v.trick, "trick"),
      trick(ctx, v.last_trick, "last_trick"),
      cardsOf(v.unused_trumps).length ? h("div", {}, h("div", { class: "pile-label" }, t("pedro.trumps_set_aside")), cardRow(cardsOf(v.unused_trumps))) : null);
  },

  hand(ctx) {
    const legal = ctx.legal;
    if (legal.discard) {
      const d = legal.discard as Choice;
      const from = d.choose_from ?? [];
      return { selectable: (i) => from.includes(ctx.hand[i]), max: num(d.count), hint: t("pedro.hint_discard", { n: num(d.count) }) };
    }
    if (Array.isArray(legal.play)) {
      const plays = cardsOf(legal.play);
      const dump = legal.dump as Choice | undefined;
      return {
        // The card to play first, then the spare non-point cards to dump with it.
        selectable: (i) => ctx.selection.length === 0 ? plays.includes(ctx.hand[i]) : (dump?.choose_from ?? []).includes(ctx.hand[i]),
        max: 1 + (dump ? num(dump.count) : 0),
        ordered: Boolean(dump),
        hint: dump ? t("pedro.hint_dump", { n: num(dump.count) }) : t("hint.play"),
      };
    }
    return { selectable: () => false, max: 0 };
  },

  controls(ctx) {
    const legal = ctx.legal;
    const out = [];
    if ("pass" in legal || "bid" in legal) {
      out.push(h("span", { class: "note", "data-testid": "bid-help" }, ctx.view.variant === "king_pedro"
        ? t("pedro.bid_help_king") : t("pedro.bid_help")));
      if (legal.pass) out.push(button(t("move.pass"), () => ctx.send({ type: "pass" }), { "data-action": "pass" }));
      const bid = legal.bid as { min: number; max: number } | null;
      if (bid) for (let a = bid.min; a <= bid.max; a++) {
        out.push(button(t("move.bid", { n: a }), () => ctx.send({ type: "bid", amount: a }), { "data-action": "bid", "data-amount": a,
          title: t("pedro.bid_title", { n: a, total: num(ctx.view.points_in_play, ctx.view.variant === "king_pedro" ? 44 : 14) }) }));
      }
    }
    if (Array.isArray(legal.trump)) {
      out.push(h("span", { class: "note" }, t("pedro.name_trumps")));
      for (const s of cardsOf(legal.trump)) {
        out.push(button(suitText(s), () => ctx.send({ type: "trump", suit: s }), { "data-action": "trump", class: `suit-${s}` }));
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
        must.length ? h("div", {}, h("span", { class: "note" }, t("pedro.take_every_trump"), " "), cardRow(must)) : null,
        need > 0 ? h("div", {}, h("span", { class: "note" }, t("pedro.choose_from_stock", { n: need }), " "),
          h("span", { class: "card-row" }, from.map((c, i) => cardElement(c, { small: true, selected: picked.includes(i), onClick: () => toggle(i) })))) : null,
        button(t("pedro.rob", { picked: picked.length, need }), () => {
          ctx.local.rob = [];
          ctx.send({ type: "rob", cards: [...must, ...picked.map((i) => from[i])] });
        }, { "data-action": "rob", disabled: picked.length !== need, class: "primary" })));
    }
    if (legal.discard) {
      const d = legal.discard as Choice;
      const chosen = ctx.selection.map((i) => ctx.hand[i]);
      out.push(button(t("pedro.discard_count", { chosen: chosen.length, need: num(d.count) }), () => ctx.send({ type: "discard", cards: chosen }),
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
      const label = chosen.length === 0 ? t("move.play_choose")
        : need ? t("pedro.play_and_dump", { card: cardShort(chosen[0]), dump: chosen.length > 1 ? cardList(chosen.slice(1)) : "…" })
          : t("move.play_card", { card: cardShort(chosen[0]) });
      out.push(button(label,
        () => ctx.send(action), { "data-action": "play", disabled: !ok, class: "primary" }));
    }
    return out;
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    const call = p.last_call;
    return [
      h("span", {}, t("pedro.side", { n: num(p.side) + 1 })),
      call !== null && call !== undefined ? h("span", { class: "badge" }, call === "pass" ? t("pedro.passed") : t("pedro.bid_badge", { n: typeof call === "number" ? call : String(call) })) : null,
      p.choosing_discard ? h("span", { class: "badge" }, t("pedro.discarding")) : null,
      backFan(num(p.cards)),
    ];
  },
};
