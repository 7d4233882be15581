// Error codes in words, and events as short sentences for the table's log.
import { cardList, cardShort } from "./cards.js";
import type { GameEvent } from "./protocol.js";

const ERRORS: Record<string, string> = {
  not_your_turn: "It is not your turn.",
  wrong_phase: "That move does not fit this moment of the round.",
  bad_action: "That move is not well formed.",
  unknown_action: "This game has no such move.",
  bad_card: "That is not a card.",
  card_not_held: "You do not hold that card.",
  match_over: "The match is over.",
  no_such_room: "There is no such room (or it closed). Check the code.",
  room_full: "That room is full.",
  seat_taken: "That seat is taken.",
  bad_seat: "There is no such seat.",
  already_seated: "You already sit in that room.",
  not_in_room: "You are not in that room.",
  not_host: "Only the host can do that.",
  not_a_bot: "That seat is not a bot.",
  seats_not_full: "Every seat must be filled (add bots) before starting.",
  match_running: "A match is being played; wait for it to end or watch.",
  start_failed: "The match could not start.",
  not_seated: "You are watching, not playing.",
  no_match: "No match is being played.",
  stale_match: "That move was for a match that is over.",
  rate_limited: "Too many messages; slow down.",
  chat_rate_limited: "You are chatting too fast: wait a moment, then send it again.",
  chat_too_long: "That chat line is too long.",
  bad_claim_code: "That code does not work: check it, or get a new one on your other device (a code works once, for ten minutes).",
  claim_rate_limited: "Too many codes tried: wait a minute, then try again.",
  chat_empty: "Type something to say first.",
  muted: "The host muted you: nobody sees your chat here.",
  spectators_refused: "The host of that table does not allow spectators.",
  not_a_player: "No person sits in that seat.",
  not_away: "That player is here, or has not been away long enough to be removed.",
  too_many_rooms: "The server has too many rooms open.",
  no_such_game: "This server does not host that game.",
  bad_seat_count: "That number of seats does not work with these options.",
  bad_options: "Those options do not work together.",
  bad_option_value: "An option has a value that is not allowed.",
  unknown_option: "An option is unknown to this game.",
  bad_field: "The request had a missing or wrong field.",
  disconnected: "The connection to the server was lost; reconnecting…",
  shutting_down: "The server is shutting down.",
  internal_error: "The server had a problem; please try again.",
};

/** The server's message with its card codes written as people read them ("2D" → "2♦"). */
function readable(message: string): string {
  return message.replace(/\b(10|[2-9TJQKA])([CDHS])\b/g, (code) => cardShort(code)).replace(/\bJK\b/g, "Joker");
}

/** "It is not your turn. (seat 2 is to act)" — the server's words after ours. */
export function errorText(code: string, message: string): string {
  const ours = ERRORS[code];
  const theirs = readable(message);
  if (!ours) return theirs || code.replace(/_/g, " ");
  return theirs && theirs !== ours ? `${ours} (${theirs})` : ours;
}

// Fields that hold a seat index: a person reads the seat's name.
const SEAT_KEYS = new Set(["seat", "winner", "dealer", "to", "from_seat", "declarer", "by", "leader", "owner", "opener", "discarder", "knocker"]);
const SUITS: Record<string, string> = { C: "♣ Clubs", D: "♦ Diamonds", H: "♥ Hearts", S: "♠ Spades" };

function codes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
}

function plural(n: unknown, one: string, many = `${one}s`): string {
  const k = typeof n === "number" ? n : 0;
  return `${k} ${k === 1 ? one : many}`;
}

const words = (text: string) => text.replace(/_/g, " ");

/** Any event the sentences below do not know, still in words: "Ana: type — field value, …". */
function generic(event: GameEvent, name: (s: unknown) => string, tarot: boolean): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === "type" || key === "seat" || value === null || value === undefined || value === false) continue;
    if (value === 0 && (key === "dumped" || key === "carried")) continue;
    if (SEAT_KEYS.has(key) && typeof value === "number") parts.push(`${words(key)} ${name(value)}`);
    else if (key === "card" && typeof value === "string") parts.push(cardShort(value, tarot));
    else if (Array.isArray(value) && value.length && value.every((c) => typeof c === "string")) parts.push(`${words(key)}: ${cardList(codes(value), tarot)}`);
    else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") parts.push(`${words(key)} ${words(String(value))}`);
    if (parts.length >= 5) break;
  }
  const who = typeof event.seat === "number" ? `${name(event.seat)}: ` : "";
  return `${who}${words(event.type)}${parts.length ? " — " + parts.join(", ") : ""}`;
}

/**
 * What a revealed Loc play did (loc.md): a pot-taker takes the pot and everyone pays in
 * again; otherwise the highest card is only excused (takes nothing) and the others pay.
 */
export function locPlayText(entry: Record<string, unknown>, names: string[]): string {
  const winner = typeof entry.winner === "number" && entry.winner >= 0 ? names[entry.winner] ?? `Seat ${entry.winner + 1}` : "Nobody";
  const took = typeof entry.took === "number" ? entry.took : 0;
  const head = `Play ${String(entry.play)}: `;
  if (entry.result === "took_pot") return `${head}${winner} takes the pot (${took}); everyone pays in again`;
  if (entry.result === "final_pot") return `${head}${winner} takes the last pot (${took})`;
  if (entry.result === "excused") return `${head}no pot-taker; ${winner} has the highest card and is excused, everyone else pays in`;
  return `${head}${words(String(entry.result))}${took ? `, ${winner} takes ${took}` : ""}`;
}

/** A revealed play in a few words for the results table: "Bob takes 7", "Bob excused". */
export function locPlayShort(entry: Record<string, unknown>, names: string[]): string {
  const winner = typeof entry.winner === "number" && entry.winner >= 0 ? names[entry.winner] ?? `Seat ${entry.winner + 1}` : "Nobody";
  if (entry.result === "excused") return `${winner} excused, the others pay`;
  return `${winner} takes ${typeof entry.took === "number" ? entry.took : 0}`;
}

/** A sentence for an event, with names and card names (never seat numbers or codes). */
export function describeEvent(event: GameEvent, names: string[], tarot: boolean): string {
  const name = (s: unknown) => (typeof s === "number" ? names[s] ?? `Seat ${s + 1}` : "Someone");
  const who = name(event.seat);
  const card = (v: unknown) => (typeof v === "string" ? cardShort(v, tarot) : "a card");
  const e = event as Record<string, unknown>;
  const some = (key: string, one = "card") => (Array.isArray(e[key]) ? cardList(codes(e[key]), tarot) : plural(e.count, one));
  switch (event.type) {
    case "deal": {
      const parts = [`New deal${typeof e.round === "number" ? ` (round ${e.round})` : typeof e.hand === "number" ? ` (hand ${e.hand})` : ""}`];
      if (typeof e.dealer === "number") parts.push(`${name(e.dealer)} deals`);
      const contract = e.contract as { text?: string } | undefined;
      if (contract?.text) parts.push(`contract: ${contract.text}`);
      if (typeof e.upcard === "string") parts.push(`first discard ${card(e.upcard)}`);
      return parts.join(" · ");
    }
    case "hand": return `Your cards: ${cardList(codes(e.cards), tarot)}`;
    case "draw":
      if (typeof e.count === "number") return e.count === 0 ? `${who} stands pat` : `${who} changes ${plural(e.count, "card")}`;
      return `${who} ${e.from === "discard" ? "takes the discard" : "draws from the stock"}${typeof e.card === "string" ? `: ${card(e.card)}` : ""}`;
    case "discard":
      return `${who} discards ${typeof e.card === "string" ? card(e.card) : some("cards")}`;
    case "take":
      return `${who} takes ${plural(e.count, "card")} from the pile${Array.isArray(e.taken) ? ` (${cardList(codes(e.taken), tarot)})` : ""}${Array.isArray(e.discard) ? `, giving ${cardList(codes(e.discard), tarot)}` : ""}`;
    case "knock": return `${who} knocks: everyone else has one last turn`;
    case "knock_void": return `${who}'s knock is void: the pile was too short`;
    case "reshuffle": return "The pile is shuffled into a new stock";
    case "stock_rebuilt": return "The discards are shuffled into a new stock";
    case "pass": return `${who} passes`;
    case "bid": return `${who} bids ${String(e.amount)}`;
    case "auction_over": return `${name(e.declarer)} wins the bidding at ${String(e.bid)}`;
    case "trump": return `${who} names trumps: ${SUITS[String(e.suit)] ?? String(e.suit)}`;
    case "thrown_in": return "Nobody bid: the deal is thrown in";
    case "robbing": return `${who} robs the stock`;
    case "rob": return `${who} robs the stock: ${some("cards")}`;
    case "refill": return `${who} is dealt up to six: ${some("cards")}`;
    case "play_begins": return `${name(e.leader)} leads the first trick`;
    case "play":
      return `${who} plays ${card(e.card)}${typeof e.dumped === "number" && e.dumped > 0 ? ` and dumps ${plural(e.dumped, "card")}` : ""}`;
    case "trick": return `${name(e.winner)} wins the trick${typeof e.points === "number" && e.points > 0 ? ` (${plural(e.points, "point")})` : ""}`;
    case "cut": return `${who} cuts ${plural(e.size, "card")}${typeof e.bonus === "number" && e.bonus > 0 ? ` (bonus ${e.bonus})` : ""}`;
    case "steal_window": return `${name(e.discarder)} discarded ${card(e.card)}: it may be stolen now`;
    case "steal": return `${who} steals ${card(e.card)}`;
    case "decline": return `${who} lets it go`;
    case "lower": return `${who} lowers ${Array.isArray(e.melds) ? plural(e.melds.length, "meld") : "melds"}`;
    case "lay_off": return `${who} lays off ${card(e.card)} on ${name(e.owner)}'s meld ${typeof e.meld === "number" ? e.meld + 1 : ""}`.trim();
    case "check": return `${who} checks`;
    case "call": return `${who} calls${typeof e.amount === "number" ? ` ${e.amount}` : ""}`;
    case "bet": return `${who} bets ${String(e.amount)}`;
    case "raise": return `${who} raises by ${String(e.amount)}`;
    case "fold": return `${who} folds`;
    case "ante": return `Antes are in: the pot is ${String(e.pot)}`;
    case "discards_in": return "Everyone has laid a card face down";
    case "chosen": return `${who} has chosen`;
    case "reveal": return locPlayText(e, names);
    case "no_opener": return `Nobody opened: the pot${typeof e.carried === "number" ? ` (${e.carried})` : ""} carries over to the next deal`;
    case "uncalled_returned": return `${who}'s uncalled bet of ${String(e.amount)} comes back`;
    case "pot_won": {
      // One winner who was not called, or the winners of a pot (side pots) at a showdown.
      const winners = Array.isArray(e.winners) ? e.winners.map((s) => name(s)).join(" and ") : who;
      return `${winners} ${Array.isArray(e.winners) && e.winners.length > 1 ? "share" : "wins"} ${String(e.amount)} from the pot${e.shown === false ? " without showing" : ""}`;
    }
    case "showdown": return "Showdown: the hands still in are shown";
    case "jackpot_shared": return "The pot is shared";
    case "rebuy": return `${who} buys in again (stack ${String(e.stack)})`;
    case "im_up": return `${who} has no trump left and is out of this deal`;
    case "unused_trumps": return `Trumps the dealer could not keep: ${cardList(codes(e.cards), tarot)}`;
    case "void_deal": return "The deal is void: the same dealer deals again";
    case "kitty": return `${who} takes the kitty`;
    case "round_end": case "hand_over": return "The round is over";
    case "match_end": case "match_over": return "The match is over";
    default: return generic(event, name, tarot);
  }
}
