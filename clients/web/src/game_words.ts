// The server's words about its games in the reader's language: a game's title and
// summary, and each option's description, from the catalogue's dynamic key families
// game.<game>.title|summary and option.<game>.<name>.label|description|note|value.<value>
// (protocol/README.md, "Languages"). The server's English is the fallback for a game or
// option newer than the catalogue, so a newer server never shows a bare key.
import { h } from "./dom.js";
import { hasMessage, t } from "./i18n.js";
import type { GameInfo, OptionSpec, SeatInfo } from "./protocol.js";

/** The catalogue's message for KEY, else the server's FALLBACK text. */
export function serverText(key: string, fallback: string): string {
  return hasMessage(key) ? t(key) : fallback;
}

export function gameTitle(game: string, fallback: string): string {
  return serverText(`game.${game}.title`, fallback);
}

export function gameSummary(game: GameInfo): string {
  return serverText(`game.${game.name}.summary`, game.summary ?? "");
}

/** The phase of the round in words: phase.<game>.<phase>, else phase.<phase>, else the code with spaces. */
export function phaseText(game: string, phase: string): string {
  for (const key of [`phase.${game}.${phase}`, `phase.${phase}`]) if (hasMessage(key)) return t(key);
  return phase.replace(/_/g, " ");
}

export function optionDescription(game: string, option: OptionSpec): string {
  return serverText(`option.${game}.${option.name}.description`, option.description ?? "");
}

/**
 * A seat's name as shown. People's names are theirs; the server names its bots in
 * English ("Bot 2", "Random bot 3", "Bot (for Ana)" while Ana is away), so those are
 * worded here from the same pattern (bot.name, bot.name_random, bot.name_for).
 */
export function seatName(seat: SeatInfo, fallback: string): string {
  const name = seat.name;
  if (!name) return fallback;
  if (seat.kind !== "bot" && !seat.bot_plays) return name;
  const numbered = /^(Random bot|Bot) (\d+)$/.exec(name);
  if (numbered) return t(numbered[1] === "Bot" ? "bot.name" : "bot.name_random", { n: Number(numbered[2]) });
  const standIn = /^Bot \(for (.+)\)$/.exec(name);
  return standIn ? t("bot.name_for", { name: standIn[1] }) : name;
}

/**
 * A person's name as others read it: a guest's (a player without an account) always
 * marked, "Ana (guest)", so that a guest can never pass for the member Ana.
 */
export function personName(name: string, guest: boolean | undefined): string {
  return guest === true ? t("guest.marked", { name }) : name;
}

/**
 * The visible "(guest)" after a seated guest's name (the seat lists and the table's seat
 * boxes; the log and the results name people plainly, next to these seats).
 */
export function guestMark(seat: SeatInfo | undefined): HTMLElement | null {
  return seat?.kind === "human" && seat.guest === true ? h("span", { class: "guest-mark", "data-testid": "guest-mark" }, " ", t("guest.badge")) : null;
}
