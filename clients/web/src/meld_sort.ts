// Carioca's hand "by melds": the cards that already form trios (three or more of a rank)
// and straights (four or more in a row of one suit, ace low or high) first, then the
// near ones (pairs, two or three in a row), then jokers, then the rest by rank. Only the
// display changes; the engine judges every lowering.
//
// Greedy, twice: straights before trios and trios before straights; whichever puts more
// cards into complete melds wins (a card fits one meld only).

const RANKS = "A23456789TJQK";
const JOKER = "JK";

interface Card {
  index: number;
  rank: number; // 1 (ace) … 13 (king); 0 for a joker
  suit: string;
}

export interface MeldOrder {
  /** Hand indices in display order. */
  order: number[];
  /** Positions in `order` where a new group begins (after the first). */
  groupStarts: Set<number>;
}

function parse(hand: string[]): Card[] {
  return hand.map((code, index) => code === JOKER
    ? { index, rank: 0, suit: "" }
    : { index, rank: RANKS.indexOf(code.slice(0, -1)) + 1, suit: code.slice(-1) });
}

/** The longest run of one suit among `free` cards (ace high counts as 14), length ≥ min. */
function longestRun(free: Card[], min: number): Card[] {
  let best: Card[] = [];
  for (const suit of new Set(free.filter((c) => c.rank > 0).map((c) => c.suit))) {
    const byRank = new Map<number, Card>();
    for (const c of free) if (c.suit === suit && c.rank > 0 && !byRank.has(c.rank)) byRank.set(c.rank, c);
    if (byRank.has(1)) byRank.set(14, byRank.get(1)!);
    let run: Card[] = [];
    for (let r = 1; r <= 14; r++) {
      const card = byRank.get(r);
      if (card && !run.includes(card)) run.push(card);
      else run = card ? [card] : [];
      if (run.length > best.length) best = run.slice();
    }
  }
  return best.length >= min ? best : [];
}

/** The largest group of one rank among `free` cards, size ≥ min. */
function largestSet(free: Card[], min: number): Card[] {
  let best: Card[] = [];
  for (let r = 1; r <= 13; r++) {
    const same = free.filter((c) => c.rank === r);
    if (same.length > best.length) best = same;
  }
  return best.length >= min ? best : [];
}

type Finder = (free: Card[]) => Card[];

/** Takes groups out of `free` with each finder in turn until none finds one. */
function takeGroups(free: Card[], finders: Finder[]): Card[][] {
  const groups: Card[][] = [];
  for (const find of finders) {
    for (let group = find(free); group.length; group = find(free)) {
      groups.push(group);
      for (const c of group) free.splice(free.indexOf(c), 1);
    }
  }
  return groups;
}

/** The groups in display order, and how many cards sit in complete melds. */
function plan(hand: Card[], runsFirst: boolean): { groups: Card[][]; melded: number } {
  const free = hand.filter((c) => c.rank > 0);
  const runs: Finder = (f) => longestRun(f, 4);
  const trios: Finder = (f) => largestSet(f, 3);
  const complete = takeGroups(free, runsFirst ? [runs, trios] : [trios, runs]);
  const near = takeGroups(free, [(f) => largestSet(f, 2), (f) => longestRun(f, 2)]);
  const jokers = hand.filter((c) => c.rank === 0);
  const rest = free.sort((a, b) => a.rank - b.rank || a.suit.localeCompare(b.suit));
  const groups = [...complete, ...near, jokers, rest].filter((g) => g.length > 0);
  return { groups, melded: complete.reduce((n, g) => n + g.length, 0) };
}

export function meldOrder(hand: string[]): MeldOrder {
  const cards = parse(hand);
  const a = plan(cards, true);
  const b = plan(cards, false);
  const groups = (b.melded > a.melded ? b : a).groups;
  const order: number[] = [];
  const groupStarts = new Set<number>();
  for (const group of groups) {
    if (order.length) groupStarts.add(order.length);
    order.push(...group.map((c) => c.index));
  }
  return { order, groupStarts };
}
