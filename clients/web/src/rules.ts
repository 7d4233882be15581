// Each game's rules in short, its hand ranks or points, and the words its results use,
// written from the rules the engines implement (../../../shared/rules/*.md). Shown as a
// panel beside the table (with this room's options) and as a page, #/rules/GAME.
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import { t } from "./i18n.js";
import { optionsGuide, optionsList } from "./option_words.js";
import type { GameInfo, JsonObject } from "./protocol.js";
import { gameTitle } from "./game_words.js";

/**
 * The shape of each game's rules; the words are the catalogue's rules.<game>.* keys:
 * summary, turn.1..N, ranks.heading, ranks.1..N, term.<term>.name and term.<term>.text.
 */
interface GameRules {
  turn: number;
  /** Hand categories best first, or the points and what scores. */
  ranks: number;
  /** The words its results and tables use, explained. */
  terms: string[];
}

export const RULES: Record<string, GameRules> = {
  perico: { turn: 4, ranks: 3, terms: ["complete", "jokers", "drawn", "old_house", "new_house", "crazy_house", "three_pair", "knock"] },
  loc: { turn: 4, ranks: 2, terms: ["excused", "took_pot", "final_pot", "balance", "net"] },
  pedro: { turn: 4, ranks: 4, terms: ["bid", "rob", "dump", "im_up", "made"] },
  carioca: { turn: 4, ranks: 3, terms: ["trio", "straight", "steal", "lower", "lay_off"] },
  poker: { turn: 4, ranks: 3, terms: ["open", "served", "stack", "all_in", "figures"] },
};

const numbered = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function title(game: string): string {
  return gameTitle(game, game);
}

/** The explanation of a word the games' results or tables use, if any (for tooltips). */
export function termHelp(term: string): string | undefined {
  const id = term.toLowerCase().replace(/[ ']/g, "_").replace(/__+/g, "_");
  for (const [game, rules] of Object.entries(RULES)) {
    if (rules.terms.includes(id)) return t(`rules.${game}.term.${id}.text`);
  }
  return undefined;
}

/** This table's options in words, or, on the rules page (no table), every option the game offers. */
function optionsSection(info: GameInfo | undefined, options: JsonObject | null): Child {
  if (options) {
    if (Object.keys(options).length === 0) return null;
    return h("div", {}, h("h4", {}, t("rules.table_options")), optionsList(info, options, "rules-options"));
  }
  if (!info || info.options.length === 0) return null;
  return h("div", {}, h("h4", {}, t("rules.options_guide")), optionsGuide(info));
}

function rulesBody(game: string, info: GameInfo | undefined, options: JsonObject | null): Child[] {
  const rules = RULES[game];
  if (!rules) return [h("p", {}, t("rules.none"))];
  return [
    h("p", {}, t(`rules.${game}.summary`)),
    h("h4", {}, t("rules.your_turn")), h("ul", {}, numbered(rules.turn).map((i) => h("li", {}, t(`rules.${game}.turn.${i}`)))),
    h("h4", {}, t(`rules.${game}.ranks.heading`)), h("ul", { "data-testid": "hand-ranks" }, numbered(rules.ranks).map((i) => h("li", {}, t(`rules.${game}.ranks.${i}`)))),
    h("h4", {}, t("rules.words")),
    h("dl", { class: "terms" }, rules.terms.flatMap((term) => [h("dt", {}, t(`rules.${game}.term.${term}.name`)), h("dd", {}, t(`rules.${game}.term.${term}.text`))])),
    optionsSection(info, options),
  ];
}

/** The panel beside the table: closed until opened, the room's options included (INFO: the game's option schema). */
export function rulesPanel(game: string, options: JsonObject, info?: GameInfo): HTMLElement {
  return h("details", { class: "panel rules", "data-testid": "rules-panel" },
    h("summary", {}, t("rules.how_to_play", { game: title(game) })), rulesBody(game, info, options));
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
    backHref ? h("p", {}, h("a", { href: backHref, "data-testid": "back-to-table" }, t("rules.back_to_table"))) : h("p", {}, h("a", { href: "#" }, t("rules.back_to_lobby"))),
    h("h2", {}, t("rules.page_title", { game: title(game) })),
    rulesBody(game, info, null),
    botStrength(game),
    h("p", { class: "note" }, t("rules.other_games"), " ", Object.keys(RULES).map((g, i) => [i ? " · " : "", h("a", { href: `#/rules/${g}` }, title(g))]).flat()),
    h("p", { class: "note" }, t("rules.full_rules")));
}
