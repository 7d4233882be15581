// Each game's rules in short, its hand ranks or points, and the words its results use,
// written from the rules the engines implement (../../../shared/rules/*.md). Shown as a
// panel beside the table (with this room's options) and as a page, #/rules/GAME.
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import { t } from "./i18n.js";
import { optionsGuide, optionsList } from "./option_words.js";
import type { GameInfo, JsonObject } from "./protocol.js";

interface GameRules {
  title: string;
  summary: string;
  turn: string[];
  /** Hand categories best first, or the points and what scores. */
  ranks: { heading: string; items: string[] };
  terms: Record<string, string>;
}

export const RULES: Record<string, GameRules> = {
  perico: {
    title: "Perico",
    summary: "Everyone holds a poker hand and improves it from a face-up pile or the stock; the best hand when the round ends wins it.",
    turn: [
      "Draw: take the top card of the stock, then discard any one card.",
      "Take: take the top 1 to N cards of the pile and give as many of the cards you held before, placed on the pile in the order you pick them (the last one ends on top).",
      "Knock (once the pile holds at least 5 cards, 6 in six-card): everyone else gets one last turn, then hands are compared.",
      "A complete hand (royal flush, five or six of a kind) ends the round at once. A joker left on top of the pile reshuffles pile and stock.",
    ],
    ranks: {
      heading: "Hands, best first (jokers are wild)",
      items: [
        "Five cards: royal flush · five of a kind · straight flush · four of a kind · full house · flush · straight · three of a kind · two pair · one pair · high card",
        "Six cards: royal flush · six of a kind · straight flush · five of a kind (5+1) · new house (4+2) · crazy house (3+3) · four of a kind (4+1+1) · flush · straight · old house (3+2+1) · three pair (2+2+2) · three of a kind · two pair · one pair · high card",
        "Same category: fewer jokers wins, then the ranks. A tie for best is a drawn round.",
      ],
    },
    terms: {
      complete: "A royal flush or five (six) of a kind: it ends the round at once.",
      jokers: "How many jokers the hand uses; with the same category, fewer jokers wins.",
      drawn: "Two or more players tied for the best hand: nobody wins the round.",
      "old house": "Three of a kind, a pair and a single card (3+2+1), six-card game.",
      "new house": "Four of a kind and a pair (4+2), six-card game.",
      "crazy house": "Two threes of a kind (3+3), six-card game.",
      "three pair": "Three pairs (2+2+2), six-card game.",
      knock: "Ends the round after everyone else's last turn.",
    },
  },
  loc: {
    title: "Loc",
    summary: "Five times a hand everyone shows one card at the same moment; an ace (or the Joker, or in tarot a trump) takes the pot, otherwise everyone but the highest card pays in.",
    turn: [
      "Everyone antes one bet, gets six cards and lays one face down (never shown).",
      "Five plays: everyone chooses a card; all are revealed together.",
      "Plays 1–4: the Joker, else the highest ace (tarot: the highest trump, else ace) takes the pot, then everyone pays in again. With no pot-taker the highest card is excused and everyone else pays.",
      "Play 5: the highest card takes the whole pot.",
    ],
    ranks: {
      heading: "Card order",
      items: [
        "Standard: Joker, then aces (♠ > ♥ > ♦ > ♣), then K Q J 10 … 2, ties broken by the same suit order.",
        "Tarot: the Fool, trumps 21 down to 1, then aces (Swords > Cups > Coins > Batons), then K Q Knight Page 10 … 2.",
      ],
    },
    terms: {
      excused: "No pot-taker was shown: the highest card pays nothing and takes nothing; everyone else pays in.",
      "took pot": "A pot-taker (Joker, ace, tarot trump) took the pot; then everyone paid in again.",
      "final pot": "Play 5: the highest card took the whole pot.",
      balance: "Chips won or lost this match (it may go below zero).",
      net: "This hand's change to the balance.",
    },
  },
  pedro: {
    title: "Pedro",
    summary: "Four players, partners sit opposite. Bid the points your side will take, name trumps, then win tricks holding point cards.",
    turn: [
      "Bidding: pass or bid above the high bid (Pedro 7–14, once each; King Pedro 30–44; Cinch 1–14, an open auction).",
      "The high bidder names trumps. Non-trumps are discarded, hands refilled to six, and the dealer robs the stock.",
      "Tricks: follow the rules of the variant; the highest trump wins, else the highest card of the suit led.",
      "The bidding side scores its points if they reach the bid, else loses the bid.",
    ],
    ranks: {
      heading: "Points (14 in all; King Pedro 44)",
      items: [
        "The pedro (5 of trumps) 5 · the low pedro (the other 5 of the same colour, a trump) 5 · ace, jack, ten and two of trumps 1 each.",
        "King Pedro: the king of trumps 30; the two scores for whoever plays it.",
        "Trumps rank A K Q J 10 9 8 7 6 5 (pedro) 5 (low pedro) 4 3 2.",
        "Game: Pedro 62, King Pedro 200 (as bidders), Cinch 51.",
      ],
    },
    terms: {
      bid: "The least number of points the bidding side promises to take this deal.",
      rob: "The dealer takes every trump left in the stock, then fills up to six.",
      dump: "Cards beyond six, laid face down with your first card (never point cards).",
      "i'm up": "King Pedro: a player with no trump left is out of the deal.",
      made: "The bidding side took at least its bid.",
    },
  },
  carioca: {
    title: "Carioca",
    summary: "Eight rounds, each with a contract of melds to lower. Go out first; the cards left in the others' hands count against them. Lowest total wins.",
    turn: [
      "Draw from the stock or take the top discard.",
      "Lower the round's whole contract at once (once a round), or on a later turn lay cards off on any lowered meld.",
      "Discard one card (not the one you just took from the discard pile).",
      "When you draw from the stock, the others may steal the discard in turn order (+2 points to the stealer).",
    ],
    ranks: {
      heading: "Contracts and card values",
      items: [
        "1: 2 trios · 2: straight + trio · 3: 2 straights · 4: 3 trios · 5: 2 trios + straight · 6: 2 straights + trio · 7: 4 trios · 8: 3 straights (7 and 8: only when going out).",
        "Trio: 3+ cards of one rank. Straight: 4+ consecutive cards of one suit. At most one joker when a meld is lowered.",
        "Left in hand: 2–9 face value, 10 J Q K 10, A 20, joker 30. Going out in the turn you lowered: −30.",
      ],
    },
    terms: {
      trio: "Three or more cards of one rank.",
      straight: "Four or more consecutive cards of one suit (escala).",
      steal: "Claiming a discard out of turn: +2 points.",
      lower: "Laying down the round's contract.",
      "lay off": "Adding a card to a lowered meld.",
    },
  },
  poker: {
    title: "Poker",
    summary: "Spanish five-card draw: ante, a betting round that needs jacks or better to open, one draw, a second betting round, showdown.",
    turn: [
      "First round: check or open (needs a pair of jacks or better); once opened, call, raise or fold.",
      "Draw: change up to the table's limit of cards, or stand pat (served).",
      "Second round: check until someone bets, then call, raise or fold.",
      "Nobody opens: the pot carries over to the next deal.",
    ],
    ranks: {
      heading: "Hands, best first",
      items: [
        "Five of a kind (needs a joker) · straight flush · four of a kind · full house · flush · straight · three of a kind · two pair · one pair · high card.",
        "With 40 cards or fewer the flush ranks above the full house. Only one joker per hand counts.",
        "Figures (when on): five cards all J, Q, K or A.",
      ],
    },
    terms: {
      open: "The first bet of a deal; it needs a pair of jacks or better.",
      served: "Standing pat: changing no cards.",
      stack: "Your chips at the table.",
      "all in": "Betting your whole stack; side pots keep the rest fair.",
      figures: "Five cards all from J, Q, K, A.",
    },
  },
};

/** The explanation of a word the games' results or tables use, if any (for tooltips). */
export function termHelp(term: string): string | undefined {
  const key = term.toLowerCase().replace(/_/g, " ");
  for (const rules of Object.values(RULES)) {
    if (rules.terms[key]) return rules.terms[key];
  }
  return undefined;
}

/** This table's options in words, or, on the rules page (no table), every option the game offers. */
function optionsSection(info: GameInfo | undefined, options: JsonObject | null): Child {
  if (options) {
    if (Object.keys(options).length === 0) return null;
    return h("div", {}, h("h4", {}, "This table's options"), optionsList(info, options, "rules-options"));
  }
  if (!info || info.options.length === 0) return null;
  return h("div", {}, h("h4", {}, "Options a table may set"), optionsGuide(info));
}

function rulesBody(game: string, info: GameInfo | undefined, options: JsonObject | null): Child[] {
  const rules = RULES[game];
  if (!rules) return [h("p", {}, "No rules summary for this game yet.")];
  return [
    h("p", {}, rules.summary),
    h("h4", {}, "Your turn"), h("ul", {}, rules.turn.map((t) => h("li", {}, t))),
    h("h4", {}, rules.ranks.heading), h("ul", { "data-testid": "hand-ranks" }, rules.ranks.items.map((t) => h("li", {}, t))),
    h("h4", {}, "Words you will see"),
    h("dl", { class: "terms" }, Object.entries(rules.terms).flatMap(([term, text]) => [h("dt", {}, term), h("dd", {}, text)])),
    optionsSection(info, options),
  ];
}

/** The panel beside the table: closed until opened, the room's options included (INFO: the game's option schema). */
export function rulesPanel(game: string, options: JsonObject, info?: GameInfo): HTMLElement {
  return h("details", { class: "panel rules", "data-testid": "rules-panel" },
    h("summary", {}, `How to play ${RULES[game]?.title ?? game}`), rulesBody(game, info, options));
}

/** How strong each bot level is at GAME: the arena's measurements (docs/bots.md). */
function botStrength(game: string): Child {
  return h("section", { "data-testid": "bot-strength" },
    h("h4", {}, t("bot.strength_heading")),
    h("p", {}, t("bot.strength_levels")),
    h("p", {}, t(`bot.strength.${game}`)));
}

/** The page #/rules/GAME: every game's rules are reachable by link. */
export function rulesPage(game: string, backHref: string | null, info?: GameInfo): HTMLElement {
  return h("main", { class: "rules-page", "data-testid": "rules-page" },
    backHref ? h("p", {}, h("a", { href: backHref, "data-testid": "back-to-table" }, "← Back to the table")) : h("p", {}, h("a", { href: "#" }, "← Lobby")),
    h("h2", {}, `${RULES[game]?.title ?? game}: how to play`),
    rulesBody(game, info, null),
    botStrength(game),
    h("p", { class: "note" }, "Other games: ", Object.keys(RULES).map((g, i) => [i ? " · " : "", h("a", { href: `#/rules/${g}` }, RULES[g].title)]).flat()),
    h("p", { class: "note" }, "The full rules are in the server's rules files; the table offers only moves they allow."));
}
