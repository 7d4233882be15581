// Cards drawn with CSS: rank and suit in the corners, a large pip in the middle, and a
// spoken label ("Queen of Hearts") for screen readers. Standard cards, jokers and
// Loc's tarot deck (suits Swords, Cups, Coins, Batons; trumps T1..T21; the Fool).
import { h } from "./dom.js";
import { formatList, formatNumber, t } from "./i18n.js";

export interface CardFace {
  rank: string; // what the corner shows
  suit: string; // a symbol
  color: "red" | "black" | "trump";
  label: string; // for screen readers and tooltips
  icon?: string; // SVG markup drawn instead of the suit symbol
}

// Rank and suit names are the catalogue's card.rank.<code>, card.suit.<code> and
// card.tarot_suit.<code> (the glossary says which words each language uses).
const RANKS = new Set(["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]);
const SUITS: Record<string, [string, "red" | "black"]> = {
  C: ["♣", "black"],
  D: ["♦", "red"],
  H: ["♥", "red"],
  S: ["♠", "black"],
};
const TAROT_SUITS: Record<string, [string, "red" | "black"]> = {
  S: ["⚔", "black"],
  C: ["", "red"],
  D: ["", "red"],
  B: ["", "black"],
};
// Cups, Coins and Batons have no glyph every system font draws, so they are drawn as SVG
// (constant markup, never built from data).
const SVG = (body: string) => `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">${body}</svg>`;
const TAROT_ICONS: Record<string, string> = {
  C: SVG('<path d="M5 3h14c0 5-2.6 8-5.5 8.6V18H17v3H7v-3h3.5v-6.4C7.6 11 5 8 5 3z"/>'),
  D: SVG('<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2.5"/><circle cx="12" cy="12" r="3.5"/>'),
  B: SVG('<rect x="10.2" y="1.5" width="3.6" height="21" rx="1.8" transform="rotate(30 12 12)"/><circle cx="7" cy="20.5" r="1.6"/><circle cx="17" cy="3.5" r="1.6"/>'),
};
export const SUIT_SYMBOL: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** A standard suit by name: "Spades" / "Picas". */
export function suitName(code: string): string {
  return code in SUIT_SYMBOL ? t(`card.suit.${code}`) : code;
}

/** A suit as a button or a sentence shows it: "♠ Spades". */
export function suitText(code: string): string {
  return code in SUIT_SYMBOL ? `${SUIT_SYMBOL[code]} ${suitName(code)}` : code;
}

function rankName(rank: string, tarot: boolean): string {
  if (tarot && (rank === "C" || rank === "J")) return t(`card.tarot_rank.${rank}`);
  return RANKS.has(rank) ? t(`card.rank.${rank}`) : rank;
}

export function cardFace(code: string, tarot = false): CardFace {
  if (code === "JK") return { rank: "★", suit: "", color: "trump", label: t("card.joker") };
  if (code === "FOOL") return { rank: "0", suit: "🃏", color: "trump", label: t("card.fool") };
  if (tarot && /^T\d+$/.test(code)) {
    return { rank: code.slice(1), suit: "✦", color: "trump", label: t("card.trump", { n: code.slice(1) }) };
  }
  const rank = code.slice(0, -1);
  const suitCode = code.slice(-1);
  const suit = (tarot ? TAROT_SUITS : SUITS)[suitCode];
  if (!suit) return { rank: code, suit: "", color: "black", label: code };
  const shown = rank === "T" ? "10" : tarot && rank === "C" ? t("card.tarot_corner.C") : rank;
  const icon = tarot ? TAROT_ICONS[suitCode] : undefined;
  const suitWord = t(tarot ? `card.tarot_suit.${suitCode}` : `card.suit.${suitCode}`);
  return { rank: shown, suit: suit[0], color: suit[1], label: t("card.name", { rank: rankName(rank, tarot), suit: suitWord }), icon };
}

export function cardLabel(code: string, tarot = false): string {
  return cardFace(code, tarot).label;
}

/** What a button or a log line shows for a card: "10♣", "Q♥", "Joker", "Trump 19", "Knight of Cups" (in the reader's words). */
export function cardShort(code: string, tarot = false): string {
  const face = cardFace(code, tarot);
  if (code === "JK" || code === "FOOL" || tarot) return face.label;
  return face.suit ? `${face.rank}${face.suit}` : face.label;
}

/** Several cards for a sentence: "10♣, Q♥ and Joker". */
export function cardList(codes: string[], tarot = false): string {
  if (codes.length === 0) return t("card.nothing");
  return formatList(codes.map((c) => cardShort(c, tarot)));
}

export interface CardOptions {
  tarot?: boolean;
  small?: boolean;
  selected?: boolean;
  disabled?: boolean;
  order?: number; // position in a chosen sequence, shown as a badge
  onClick?: () => void;
  extraLabel?: string;
}

/** A face-up card; a button when it can be clicked. */
export function cardElement(code: string, options: CardOptions = {}): HTMLElement {
  const face = cardFace(code, options.tarot);
  const classes = ["card", face.color];
  if (options.small) classes.push("small");
  if (options.selected) classes.push("selected");
  const label = [face.label, options.extraLabel, options.selected ? t("card.selected") : ""].filter(Boolean).join(", ");
  const suit = () => {
    const el = h("i", {}, face.suit);
    if (face.icon) el.innerHTML = face.icon;
    return el;
  };
  const pip = h("span", { class: "pip", "aria-hidden": "true" }, face.suit || face.rank);
  if (face.icon) pip.innerHTML = face.icon;
  const inner = [
    h("span", { class: "corner top", "aria-hidden": "true" }, h("b", {}, face.rank), suit()),
    pip,
    h("span", { class: "corner bottom", "aria-hidden": "true" }, h("b", {}, face.rank), suit()),
    options.order ? h("span", { class: "order", "aria-hidden": "true" }, formatNumber(options.order)) : null,
  ];
  if (options.onClick) {
    return h("button", {
      type: "button",
      class: classes.join(" "),
      "aria-label": label,
      "aria-pressed": options.selected ? "true" : "false",
      title: face.label,
      "data-card": code,
      disabled: options.disabled,
      onclick: options.onClick,
    }, inner);
  }
  return h("span", { class: classes.join(" "), role: "img", "aria-label": label, title: face.label, "data-card": code }, inner);
}

/** A face-down card (stock, other players' hands). */
export function cardBack(label = "", small = false): HTMLElement {
  return h("span", { class: small ? "card back small" : "card back", role: "img", "aria-label": label || t("card.face_down") });
}

/** A row of face-up cards. */
export function cardRow(cards: string[], options: { tarot?: boolean; small?: boolean; label?: string } = {}): HTMLElement {
  return h("span", { class: "card-row", role: "group", "aria-label": options.label ?? t("card.cards") },
    cards.map((c) => cardElement(c, { tarot: options.tarot, small: options.small ?? true })));
}

/** A small face-down fan with its count, for another player's hand. */
export function backFan(count: number): HTMLElement {
  const shown = Math.min(count, 6);
  const fan = h("span", { class: "fan", "aria-hidden": "true" });
  for (let i = 0; i < shown; i++) fan.append(h("span", { class: "mini-back" }));
  return fan;
}
