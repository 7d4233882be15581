// A game's options as a player reads them: each option by its label ("Hand size") and
// each value by its own label ("5 cards"), from the server's option schema (the `games`
// reply), in the reader's language: option.<game>.<name>.label / .value.<value> in the
// catalogue, else the server's words. The names and values themselves ("variant",
// "five_card") are what create_room sends and are never shown. A server too old to send
// labels gets its names with spaces.
import { h } from "./dom.js";
import { optionDescription, serverText } from "./game_words.js";
import { t } from "./i18n.js";
import type { GameInfo, Json, JsonObject, OptionSpec } from "./protocol.js";

function spaced(text: string): string {
  return text.replace(/_/g, " ");
}

export function optionOf(game: GameInfo | undefined, name: string): OptionSpec | undefined {
  return game?.options.find((o) => o.name === name);
}

/** The option in words: its label, else its name with spaces and a capital. */
export function optionLabel(option: OptionSpec | undefined, name: string, game = ""): string {
  if (option?.label || game) return serverText(`option.${game}.${name}.label`, option?.label ?? spaced(name));
  const words = spaced(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value of OPTION in words: its choice's label, "on"/"off" for a switch, a number as it is. */
export function valueLabel(option: OptionSpec | undefined, value: Json | undefined, game = ""): string {
  const name = option?.name ?? "";
  if (value === null || value === undefined) return serverText(`option.${game}.${name}.note`, option?.default_note ?? t("option.value.unset"));
  const index = option?.choices?.findIndex((c) => String(c) === String(value)) ?? -1;
  const label = index >= 0 ? option?.choice_labels?.[index] : undefined;
  if (label) return serverText(`option.${game}.${name}.value.${String(value)}`, label);
  if (typeof value === "boolean") return value ? t("option.value.on") : t("option.value.off");
  return spaced(String(value));
}

/** A room's or a match's options, "Label: value" each, in the game's own order. */
export function optionsList(game: GameInfo | undefined, options: JsonObject, testid = "table-options"): HTMLElement {
  const known = (game?.options ?? []).map((o) => o.name).filter((n) => n in options);
  const names = [...known, ...Object.keys(options).filter((n) => !known.includes(n))];
  return h("dl", { class: "result option-list", "data-testid": testid }, names.flatMap((name) => {
    const option = optionOf(game, name);
    return [h("dt", {}, optionLabel(option, name, game?.name)), h("dd", {}, valueLabel(option, options[name], game?.name))];
  }));
}

function rangeText(option: OptionSpec, game: string): string {
  const usual = valueLabel(option, option.default, game);
  if (option.type === "bool" || option.type === "boolean") return t("option.bool_range", { usual });
  if (option.min !== undefined && option.max !== undefined) return t("option.range", { min: option.min, max: option.max, usual });
  return t("option.number", { usual });
}

/** Every option GAME offers, what it does, and each of its values (the rules page). */
export function optionsGuide(game: GameInfo): HTMLElement {
  return h("dl", { class: "terms option-guide", "data-testid": "option-guide" }, game.options.flatMap((option) => [
    h("dt", {}, optionLabel(option, option.name, game.name)),
    h("dd", {}, optionDescription(game.name, option),
      option.type === "choice"
        ? h("ul", {}, (option.choices ?? []).map((c) => h("li", {}, valueLabel(option, c, game.name), c === option.default ? " " + t("option.usually") : "")))
        : h("div", { class: "note" }, rangeText(option, game.name))),
  ]));
}
