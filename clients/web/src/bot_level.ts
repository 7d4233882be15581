// The bot levels a host chooses from ("random", "sensible", "expert": the protocol's names)
// and the one this browser chose last (quick play or a table's "add bot"), kept in
// localStorage so that the next table offers it first.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "parlor.bot_level";
export const BOT_LEVELS = ["sensible", "expert", "random"] as const;

export function preferredBotLevel(): string {
  const kept = localStorage.getItem(STORAGE_KEY);
  return kept && (BOT_LEVELS as readonly string[]).includes(kept) ? kept : "sensible";
}

/** A select of the levels, set to the preferred one; a choice becomes the preferred one. */
export function botLevelSelect(id: string, label: string): HTMLSelectElement {
  const select = h("select", { "aria-label": label, id },
    BOT_LEVELS.map((level) => h("option", { value: level }, t(`bot.level_${level}`)))) as HTMLSelectElement;
  select.value = preferredBotLevel();
  select.addEventListener("change", () => localStorage.setItem(STORAGE_KEY, select.value));
  return select;
}
