// What a game's module gives the table, and what the table gives it.
import type { Child } from "../dom.js";
import type { GameEvent, JsonObject, View } from "../protocol.js";

export interface TableContext {
  view: View;
  seat: number | null; // null: spectating
  names: string[];
  hand: string[];
  legal: JsonObject;
  /** Hand indices the player selected, in the order clicked. */
  selection: number[];
  /** Per-game scratch state that survives redraws (e.g. melds being built). */
  local: Record<string, unknown>;
  send(action: JsonObject): void;
  clearSelection(): void;
  redraw(): void;
  tarot: boolean;
}

export interface HandRules {
  /** Whether the card at this hand index may be selected now. */
  selectable(index: number): boolean;
  /** How many cards may be selected at once (0: none). */
  max: number;
  /** Show click order on the selected cards (Perico's ordered discards). */
  ordered?: boolean;
  /** Dims the cards that cannot be used now. */
  hint?: string;
}

export interface GameUI {
  /** Piles, melds, tricks, pots: the middle of the table. */
  center(ctx: TableContext): Child | Child[];
  /** The buttons for this seat's legal moves, or a note when it has none. */
  controls(ctx: TableContext): Child | Child[];
  hand(ctx: TableContext): HandRules;
  /** Extra public facts under a seat's name (bids, stack, melds...). */
  seatExtras?(ctx: TableContext, seat: number): Child | Child[];
  /** Sentence for an event, or null to use the generic wording. */
  describe?(event: GameEvent, ctx: TableContext): string | null;
  /** The finished round (the view's last_round) drawn the game's way; else generically. */
  results?(last: Record<string, unknown>, ctx: TableContext): Child | Child[];
  /** Whether cards are tarot cards in this view. */
  tarot?(view: View): boolean;
}

export function cardsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
}

export function num(value: unknown, fallback = 0): number {
  return typeof value === "number" ? value : fallback;
}
