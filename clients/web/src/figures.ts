// A player's figures per game on the player's page (/api/players/…: games[G].figures,
// protocol/README.md): what a player of each game cares about (Perico: knocks and complete
// hands; Poker: hands won at showdown, the biggest pot; …), each with a readable label
// from the catalogue (figure.<name>) and the name itself for a figure this client does not
// know yet, so that a new figure on the server shows before the client learns its words.
import { h } from "./dom.js";
import { formatNumber, hasMessage, t } from "./i18n.js";

/** The figures this client has words for, in the order shown: each game's main ones first. */
const KNOWN_FIGURES = [
  // Perico
  "rounds_won", "knocks", "knocks_won", "completes", "points",
  // Poker
  "hands_won", "showdown_wins", "uncalled_wins", "showdowns",
  // Loc
  "pots_taken", "final_pots", "excused", "chips_taken", "biggest_pot",
  // Carioca
  "contracts_made", "rounds_out", "one_turn_outs", "steals", "lowest_round",
  // Pedro
  "bids", "bids_made", "bids_set",
];

export type Figures = Record<string, number>;

/** The figure's label in the reader's language, or its name when the catalogue has none. */
export function figureLabel(name: string): string {
  const key = `figure.${name}`;
  return hasMessage(key) ? t(key) : name;
}

/** Known figures in KNOWN_FIGURES' order, then the others by name; values that are not numbers left out. */
export function orderedFigures(figures: Figures | null | undefined): [string, number][] {
  const entries = Object.entries(figures ?? {}).filter(([, value]) => typeof value === "number" && Number.isFinite(value));
  const rank = (name: string) => {
    const known = KNOWN_FIGURES.indexOf(name);
    return known < 0 ? KNOWN_FIGURES.length : known;
  };
  return entries.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** One game's figures as a labelled list; null when it has none. */
function gameFigures(game: string, title: string, figures: Figures | null | undefined, href: string): HTMLElement | null {
  const shown = orderedFigures(figures);
  if (shown.length === 0) return null;
  return h("section", { class: "panel figure-game", "data-game": game, "data-testid": `figures-${game}` },
    h("h4", {}, h("a", { href }, title)),
    h("dl", { class: "result figure-list" }, shown.map(([name, value]) => [
      h("dt", { "data-figure": name }, figureLabel(name)),
      h("dd", { "data-figure": name }, formatNumber(value)),
    ]).flat()));
}

/**
 * The "Figures" section of a player's page: a block per game with figures (GAMES: each
 * game's name and its figures), TITLE_OF naming a game and HREF_OF linking it; null when
 * no game has any (matches recorded before figures, or a server without them).
 */
export function figuresOfPlayer(games: [string, { figures?: Figures | null }][], titleOf: (game: string) => string,
  hrefOf: (game: string) => string): HTMLElement | null {
  const blocks = games.map(([game, stats]) => gameFigures(game, titleOf(game), stats.figures, hrefOf(game)))
    .filter((block): block is HTMLElement => block !== null);
  if (blocks.length === 0) return null;
  return h("section", { class: "player-figures", "data-testid": "player-figures" },
    h("h3", {}, t("figures.heading")), blocks);
}
