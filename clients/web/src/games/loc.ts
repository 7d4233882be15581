// Loc: every seat chooses at once — a face-down discard, then five plays revealed
// together. legal: {"discard": [cards]} or {"play": [cards]} while the seat must choose.
import { backFan, cardElement, cardShort } from "../cards.js";
import { button, h } from "../dom.js";
import { formatNumber, formatNumberOr, t } from "../i18n.js";
import { locPlayShort, locPlayText } from "../words.js";
import type { GameUI, TableContext } from "./types.js";
import { cardsOf, num } from "./types.js";

function step(ctx: TableContext): "discard" | "play" | null {
  if (Array.isArray(ctx.legal.discard)) return "discard";
  if (Array.isArray(ctx.legal.play)) return "play";
  return null;
}

function allowed(ctx: TableContext): string[] {
  const s = step(ctx);
  return s ? cardsOf(ctx.legal[s]) : [];
}

export const loc: GameUI = {
  tarot: (view) => view.deck === "tarot",

  // The hand's ledger as one row per play: the five cards revealed, who won, who paid.
  results(last, ctx) {
    const ledger = Array.isArray(last.ledger) ? (last.ledger as Record<string, unknown>[]) : [];
    const net = Array.isArray(last.net) ? (last.net as number[]) : [];
    const balances = Array.isArray(last.balances) ? (last.balances as number[]) : [];
    const plays = ledger.filter((e) => e.step === "play");
    return [
      h("p", {}, t("loc.hand_dealt_by", { hand: num(last.hand), name: ctx.names[num(last.dealer)] })),
      h("table", { class: "result-table" },
        h("thead", {}, h("tr", {}, h("th", {}, t("loc.col.play")), ctx.names.map((n) => h("th", {}, n)), h("th", {}, t("loc.col.result")), h("th", {}, t("loc.col.pot_after")))),
        h("tbody", {}, plays.map((e) => h("tr", {},
          h("th", {}, formatNumberOr(e.play, String(e.play))),
          cardsOf(e.cards).map((c, s) => h("td", { class: e.winner === s ? "winner" : "" }, cardElement(c, { small: true, tarot: ctx.tarot }),
            num((e.paid as number[] | undefined)?.[s]) ? h("small", {}, " ", t("loc.paid", { n: num((e.paid as number[])[s]) })) : null)),
          h("td", { title: locPlayText(e, ctx.names) }, locPlayShort(e, ctx.names)),
          h("td", {}, formatNumberOr(e.pot, String(e.pot)))))),
        h("tfoot", {}, h("tr", {}, h("th", {}, t("loc.col.net")), ctx.names.map((_, s) => h("td", {}, t("loc.net_balance", { net: formatNumber(net[s] ?? 0, { signDisplay: "exceptZero" }), balance: balances[s] ?? 0 }))), h("td", {}), h("td", {})))),
    ];
  },

  center(ctx) {
    const v = ctx.view;
    const ledger = Array.isArray(v.ledger) ? (v.ledger as Record<string, unknown>[]) : [];
    const plays = ledger.filter((e) => e.step === "play");
    const last = plays[plays.length - 1];
    return h("div", { class: "piles" },
      h("div", { class: "pot", "data-testid": "pot" }, h("span", { class: "chip" }), t("loc.pot", { n: num(v.pot) })),
      h("div", { class: "pile-info" },
        h("div", {}, v.phase === "discard" ? t("loc.discard_step")
          : v.phase === "play" ? t("loc.play_of", { n: num(v.play) }) : ""),
        h("div", {}, t("loc.bet_hands", { bet: num(v.bet), hands: num(v.match_hands) })),
        typeof v.choice === "string" ? h("div", {}, t("loc.your_choice"), " ", cardElement(v.choice, { small: true, tarot: ctx.tarot })) : null),
      last ? h("div", { class: "reveal", "data-testid": "last-play" },
        h("div", { class: "pile-label" }, locPlayText(last, ctx.names)),
        h("div", { class: "card-row" }, cardsOf(last.cards).map((c, s) =>
          h("span", { class: "labelled-card" }, cardElement(c, { small: true, tarot: ctx.tarot }), h("small", {}, ctx.names[s]))))) : null);
  },

  hand(ctx) {
    const ok = allowed(ctx);
    if (ok.length === 0) return { selectable: () => false, max: 0 };
    return { selectable: (i) => ok.includes(ctx.hand[i]), max: 1, hint: step(ctx) === "discard" ? t("loc.hint_discard") : t("hint.play") };
  },

  controls(ctx) {
    const s = step(ctx);
    if (!s) return typeof ctx.view.choice === "string" ? h("span", { class: "note" }, t("loc.waiting_others")) : null;
    const card = ctx.selection.length === 1 ? ctx.hand[ctx.selection[0]] : null;
    const label = card ? t(s === "discard" ? "move.discard_card" : "move.play_card", { card: cardShort(card, ctx.tarot) })
      : t(s === "discard" ? "move.discard_choose" : "move.play_choose");
    return button(label,
      () => ctx.send({ type: s, card }), { "data-action": s, disabled: !card, class: "primary" });
  },

  seatExtras(ctx, seat) {
    const p = ctx.view.players[seat] ?? {};
    // The balance is the seat's score, shown beside it already.
    return [p.chosen ? h("span", { class: "badge" }, t("loc.chosen")) : null, backFan(num(p.cards))];
  },
};
