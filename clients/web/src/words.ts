// Error codes in words, and events as short sentences for the table's log.
import { cardList, cardShort, suitText } from "./cards.js";
import { contractText } from "./games/carioca.js";
import { formatList, formatNumber, hasMessage, language, t, type Params } from "./i18n.js";
import type { GameEvent } from "./protocol.js";

/** The server's message with its card codes written as people read them ("2D" → "2♦"). */
function readable(message: string): string {
  return message.replace(/\b(10|[2-9TJQKA])([CDHS])\b/g, (code) => cardShort(code)).replace(/\bJK\b/g, () => t("card.joker"));
}

/**
 * An error code in words (error.<code>). In English the server's own words follow ours
 * ("It is not your turn. (seat 2 is to act)"); in another language they would be English,
 * so ours stand alone. A code the catalogue does not know shows the server's words.
 */
export function errorText(code: string, message: string): string {
  const key = `error.${code}`;
  const theirs = readable(message);
  if (!hasMessage(key)) return theirs || code.replace(/_/g, " ");
  const ours = t(key);
  if (language() !== "en") return ours;
  return theirs && theirs !== ours ? `${ours} (${theirs})` : ours;
}

// Fields that hold a seat index: a person reads the seat's name.
const SEAT_KEYS = new Set(["seat", "winner", "dealer", "to", "from_seat", "declarer", "by", "leader", "owner", "opener", "discarder", "knocker"]);

function codes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
}

const words = (text: string) => text.replace(/_/g, " ");
const n = (value: unknown) => (typeof value === "number" ? value : Number(value) || 0);

/** Any event the sentences below do not know, still in words: "Ana: type — field value, …". */
function generic(event: GameEvent, name: (s: unknown) => string, tarot: boolean): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === "type" || key === "seat" || value === null || value === undefined || value === false) continue;
    if (value === 0 && (key === "dumped" || key === "carried")) continue;
    if (SEAT_KEYS.has(key) && typeof value === "number") parts.push(`${words(key)} ${name(value)}`);
    else if (key === "card" && typeof value === "string") parts.push(cardShort(value, tarot));
    else if (Array.isArray(value) && value.length && value.every((c) => typeof c === "string")) parts.push(`${words(key)}: ${cardList(codes(value), tarot)}`);
    else if (typeof value === "number") parts.push(`${words(key)} ${formatNumber(value)}`);
    else if (typeof value === "string" || typeof value === "boolean") parts.push(`${words(key)} ${words(String(value))}`);
    if (parts.length >= 5) break;
  }
  const who = typeof event.seat === "number" ? `${name(event.seat)}: ` : "";
  return `${who}${words(event.type)}${parts.length ? " — " + parts.join(", ") : ""}`;
}

function seatName(names: string[], seat: unknown): string {
  return typeof seat === "number" && seat >= 0 ? names[seat] ?? t("seat.numbered", { n: seat + 1 }) : t("log.nobody");
}

/**
 * What a revealed Loc play did (loc.md): a pot-taker takes the pot and everyone pays in
 * again; otherwise the highest card is only excused (takes nothing) and the others pay.
 */
export function locPlayText(entry: Record<string, unknown>, names: string[]): string {
  const params = { play: n(entry.play), name: seatName(names, entry.winner), n: n(entry.took) };
  const result = String(entry.result);
  if (result === "took_pot" || result === "final_pot" || result === "excused") return t(`loc.play.${result}`, params);
  return entry.took ? t("loc.play.other_took", { ...params, result: words(result) }) : t("loc.play.other", { ...params, result: words(result) });
}

/** A revealed play in a few words for the results table: "Bob takes 7", "Bob excused". */
export function locPlayShort(entry: Record<string, unknown>, names: string[]): string {
  const name = seatName(names, entry.winner);
  return entry.result === "excused" ? t("loc.short.excused", { name }) : t("loc.short.takes", { name, n: n(entry.took) });
}

function dealText(e: Record<string, unknown>, name: (s: unknown) => string, card: (v: unknown) => string): string {
  const parts = [typeof e.round === "number" ? t("log.event.deal_round", { n: e.round }) : typeof e.hand === "number" ? t("log.event.deal_hand", { n: e.hand }) : t("log.event.deal")];
  if (typeof e.dealer === "number") parts.push(t("log.event.deal_dealer", { name: name(e.dealer) }));
  const contract = e.contract as { text?: string; trios?: number; straights?: number } | undefined;
  if (contract?.text || typeof contract?.trios === "number") parts.push(t("log.event.deal_contract", { contract: contractText(contract) }));
  if (typeof e.upcard === "string") parts.push(t("log.event.deal_upcard", { card: card(e.upcard) }));
  return parts.join(" · ");
}

/** A sentence for an event, with names and card names (never seat numbers or codes). */
export function describeEvent(event: GameEvent, names: string[], tarot: boolean, game = ""): string {
  const name = (s: unknown) => (typeof s === "number" ? names[s] ?? t("seat.numbered", { n: s + 1 }) : t("log.someone"));
  const who = name(event.seat);
  const card = (v: unknown) => (typeof v === "string" ? cardShort(v, tarot) : t("log.a_card"));
  const e = event as Record<string, unknown>;
  // A game may word an event its own way (Carioca "bota", where the others "descarta").
  const say = (key: string, params: Params = {}) =>
    t(hasMessage(`log.event.${game}.${key}`) ? `log.event.${game}.${key}` : `log.event.${key}`, { who, ...params });
  const some = (key: string) => (Array.isArray(e[key]) ? cardList(codes(e[key]), tarot) : t("seat.cards", { n: n(e.count) }));
  switch (event.type) {
    case "deal": return dealText(e, name, card);
    case "hand": return say("hand", { cards: cardList(codes(e.cards), tarot) });
    case "draw":
      if (typeof e.count === "number") return e.count === 0 ? say("stands_pat") : say("changes", { n: e.count });
      if (typeof e.card === "string") return say(e.from === "discard" ? "takes_discard_card" : "draws_card", { card: card(e.card) });
      return say(e.from === "discard" ? "takes_discard" : "draws");
    case "discard": return say("discards", { cards: typeof e.card === "string" ? card(e.card) : some("cards") });
    case "take": {
      const taken = Array.isArray(e.taken) ? cardList(codes(e.taken), tarot) : "";
      const given = Array.isArray(e.discard) ? cardList(codes(e.discard), tarot) : "";
      return say(given ? "takes_giving" : "takes", { n: n(e.count), taken: taken || "…", given });
    }
    case "knock": return say("knock");
    case "knock_void": return say("knock_void");
    case "reshuffle": return say("reshuffle");
    case "stock_rebuilt": return say("stock_rebuilt");
    case "pass": return say("pass");
    case "bid": return say("bid", { n: n(e.amount) });
    case "auction_over": return say("auction_over", { name: name(e.declarer), n: n(e.bid) });
    case "trump": return say("trump", { suit: suitText(String(e.suit)) });
    case "thrown_in": return say("thrown_in");
    case "robbing": return say("robbing");
    case "rob": return say("rob", { cards: some("cards") });
    case "refill": return say("refill", { cards: some("cards") });
    case "play_begins": return say("play_begins", { name: name(e.leader) });
    case "play": return typeof e.dumped === "number" && e.dumped > 0 ? say("play_dumps", { card: card(e.card), n: e.dumped }) : say("play", { card: card(e.card) });
    case "trick": return typeof e.points === "number" && e.points > 0 ? say("trick_points", { name: name(e.winner), n: e.points }) : say("trick", { name: name(e.winner) });
    case "cut": return typeof e.bonus === "number" && e.bonus > 0 ? say("cut_bonus", { n: n(e.size), bonus: e.bonus }) : say("cut", { n: n(e.size) });
    case "steal_window": return say("steal_window", { name: name(e.discarder), card: card(e.card) });
    case "steal": return say("steal", { card: card(e.card) });
    case "decline": return say("decline");
    case "lower": return say("lower", { n: Array.isArray(e.melds) ? e.melds.length : 0 });
    case "lay_off": return say("lay_off", { card: card(e.card), owner: name(e.owner), meld: typeof e.meld === "number" ? e.meld + 1 : 0 });
    case "check": return say("check");
    case "call": return typeof e.amount === "number" ? say("call_amount", { n: e.amount }) : say("call");
    case "bet": return say("bet", { n: n(e.amount) });
    case "raise": return say("raise", { n: n(e.amount) });
    case "fold": return say("fold");
    case "ante": return say("ante", { n: n(e.pot) });
    case "discards_in": return say("discards_in");
    case "chosen": return say("chosen");
    case "reveal": return locPlayText(e, names);
    case "no_opener": return typeof e.carried === "number" ? say("no_opener_carried", { n: e.carried }) : say("no_opener");
    case "uncalled_returned": return say("uncalled_returned", { n: n(e.amount) });
    case "pot_won": {
      // One winner who was not called, or the winners of a pot (side pots) at a showdown.
      const winners = Array.isArray(e.winners) ? e.winners.map((s) => name(s)) : [who];
      return say("pot_won", { names: formatList(winners), count: winners.length, n: n(e.amount), shown: e.shown === false ? "no" : "yes" });
    }
    case "showdown": return say("showdown");
    case "jackpot_shared": return say("jackpot_shared");
    case "rebuy": return say("rebuy", { n: n(e.stack) });
    case "im_up": return say("im_up");
    case "unused_trumps": return say("unused_trumps", { cards: cardList(codes(e.cards), tarot) });
    case "void_deal": return say("void_deal");
    case "kitty": return say("kitty");
    case "round_end": case "hand_over": return say("round_over");
    case "match_end": case "match_over": return t("turn.match_over");
    default: return generic(event, name, tarot);
  }
}
