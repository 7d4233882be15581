// The server's words about its games in the reader's language: a game's title and
// summary, and each option's description, from the catalogue's dynamic key families
// game.<game>.title|summary and option.<game>.<name>.label|description|note|value.<value>
// (protocol/README.md, "Languages"). The server's English is the fallback for a game or
// option newer than the catalogue, so a newer server never shows a bare key.
import { hasMessage, t } from "./i18n.js";
import type { GameInfo, OptionSpec } from "./protocol.js";

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
