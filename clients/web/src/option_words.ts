// A game's options as a player reads them: each option by its label ("Hand size") and
// each value by its own label ("5 cards"), from the server's option schema (the `games`
// reply). The names and values themselves ("variant", "five_card") are what create_room
// sends and are never shown. A server too old to send labels gets its names with spaces.
import { h } from "./dom.js";
import type { GameInfo, Json, JsonObject, OptionSpec } from "./protocol.js";

function spaced(text: string): string {
  return text.replace(/_/g, " ");
}

export function optionOf(game: GameInfo | undefined, name: string): OptionSpec | undefined {
  return game?.options.find((o) => o.name === name);
}

/** The option in words: its label, else its name with spaces and a capital. */
export function optionLabel(option: OptionSpec | undefined, name: string): string {
  if (option?.label) return option.label;
  const words = spaced(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value of OPTION in words: its choice's label, "on"/"off" for a switch, a number as it is. */
export function valueLabel(option: OptionSpec | undefined, value: Json | undefined): string {
  if (value === null || value === undefined) return option?.default_note ?? "set by the other options";
  const index = option?.choices?.findIndex((c) => String(c) === String(value)) ?? -1;
  const label = index >= 0 ? option?.choice_labels?.[index] : undefined;
  if (label) return label;
  if (typeof value === "boolean") return value ? "on" : "off";
  return spaced(String(value));
}

/** A room's or a match's options, "Label: value" each, in the game's own order. */
export function optionsList(game: GameInfo | undefined, options: JsonObject, testid = "table-options"): HTMLElement {
  const known = (game?.options ?? []).map((o) => o.name).filter((n) => n in options);
  const names = [...known, ...Object.keys(options).filter((n) => !known.includes(n))];
  return h("dl", { class: "result option-list", "data-testid": testid }, names.flatMap((name) => {
    const option = optionOf(game, name);
    return [h("dt", {}, optionLabel(option, name)), h("dd", {}, valueLabel(option, options[name]))];
  }));
}

function rangeText(option: OptionSpec): string {
  const isBool = option.type === "bool" || option.type === "boolean";
  if (isBool) return `on or off; usually ${valueLabel(option, option.default)}`;
  const range = option.min !== undefined && option.max !== undefined ? `from ${option.min} to ${option.max}` : "a number";
  return `${range}; usually ${valueLabel(option, option.default)}`;
}

/** Every option GAME offers, what it does, and each of its values (the rules page). */
export function optionsGuide(game: GameInfo): HTMLElement {
  return h("dl", { class: "terms option-guide", "data-testid": "option-guide" }, game.options.flatMap((option) => [
    h("dt", {}, optionLabel(option, option.name)),
    h("dd", {}, option.description ?? "",
      option.type === "choice"
        ? h("ul", {}, (option.choices ?? []).map((c) => h("li", {}, valueLabel(option, c), c === option.default ? " (usually)" : "")))
        : h("div", { class: "note" }, rangeText(option))),
  ]));
}
