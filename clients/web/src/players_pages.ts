// The leaderboard (wins and, per game, ratings with the provisional apart) and a player's
// page (per game statistics, figures, ratings with their charts, recent matches), read from
// the history API's /api/leaderboard and /api/players/NAME (or by-id/ID).
import { h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo } from "./protocol.js";
import { gameTitle } from "./game_words.js";
import { formatNumber, t } from "./i18n.js";
import { figuresOfPlayer } from "./figures.js";
import { ratingChart, ratingText } from "./rating_chart.js";
import { getJson, leaderboardHref, matchTable, note, number, percent, playerHref, scrollBox, when } from "./history_common.js";
import type { GameStats, PlayerProfile, RatingStanding, Standing, Titles } from "./history_common.js";

function statsCells(s: GameStats, lowerWins: boolean | null): HTMLElement[] {
  return [
    h("td", { class: "num" }, formatNumber(s.matches)), h("td", { class: "num" }, formatNumber(s.wins)), h("td", { class: "num" }, percent(s.win_rate)),
    h("td", { class: "num" }, number(s.average_score)),
    h("td", { class: "num", title: lowerWins ? t("stats.lowest_final") : t("stats.highest_final") }, number(s.best_score)),
  ];
}

/** A column head with a short form for narrow screens. */
function statHead(long: string, short: string): HTMLElement {
  return h("th", { class: "num", title: long }, h("span", { class: "long" }, long), h("span", { class: "short", "aria-hidden": "true" }, short));
}

function statHeads(lowerWins: boolean | null, count = 5): HTMLElement[] {
  return [statHead(t("stats.matches"), t("stats.matches_short")), statHead(t("stats.wins"), t("stats.wins_short")),
    statHead(t("stats.win_rate"), t("stats.win_rate_short")), statHead(t("stats.average"), t("stats.average_short")),
    statHead(lowerWins ? t("stats.best_lowest") : t("stats.best"), lowerWins ? t("stats.best_lowest_short") : t("stats.best_short"))].slice(0, count);
}

function gameTabs(games: GameInfo[], current: string): HTMLElement {
  return h("nav", { class: "row tabs", "aria-label": t("lobby.col.game") },
    h("a", { href: "#/leaderboard", class: current ? "" : "current" }, t("history.all_games_tab")),
    games.map((g) => h("a", { href: `#/leaderboard?game=${encodeURIComponent(g.name)}`, class: current === g.name ? "current" : "" }, gameTitle(g.name, g.title))));
}

/** "Ana", and her player id when others share her name (COUNT: how many have each name). */
function nameCell(p: { player: string; name: string }, count: Map<string, number>): HTMLElement {
  return h("td", {}, h("a", { href: playerHref(p.player) }, p.name),
    (count.get(p.name.toLowerCase()) ?? 0) > 1 ? h("small", { class: "note", "data-testid": "player-id" }, " ", t("history.player_id_mark", { id: p.player })) : null);
}

function nameCount(people: { name: string }[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name.toLowerCase(), (count.get(p.name.toLowerCase()) ?? 0) + 1);
  return count;
}

function ratingTable(rows: RatingStanding[], count: Map<string, number>, testid: string): HTMLElement {
  return scrollBox(h("table", { class: "result-table history-table ratings-table", "data-testid": testid },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("results.player")),
      h("th", { class: "num" }, t("rating.rating")), statHead(t("stats.matches"), t("stats.matches_short")))),
    h("tbody", {}, rows.map((r, i) => h("tr", { "data-player": r.player, class: r.provisional ? "provisional" : "" },
      h("td", { class: "num" }, formatNumber(i + 1)), nameCell(r, count),
      h("td", { class: "num rating", title: t("rating.mu_sigma", { mu: ratingText(r.mu), sigma: ratingText(r.sigma) }) }, ratingText(r.rating)),
      h("td", { class: "num" }, formatNumber(r.matches)))))));
}

/** The game's ratings: the established players ranked, then the provisional ones apart. */
function ratingsSection(ratings: RatingStanding[], count: Map<string, number>): HTMLElement {
  const settled = ratings.filter((r) => !r.provisional);
  const provisional = ratings.filter((r) => r.provisional);
  return h("section", { class: "ratings", "data-testid": "ratings-section" },
    h("h3", {}, t("rating.heading")),
    note(t("rating.explained"), "ratings-note"),
    settled.length > 0 ? ratingTable(settled, count, "ratings") : note(t("rating.none_settled"), "ratings-none"),
    provisional.length > 0 ? [h("h3", {}, t("rating.provisional_heading")), note(t("rating.provisional_note"), "provisional-note"),
      ratingTable(provisional, count, "ratings-provisional")] : null);
}

export async function leaderboardPage(game: string, games: GameInfo[]): Promise<Child[]> {
  const reply = await getJson<{ game: string | null; players: Standing[]; ratings?: RatingStanding[] }>(`/api/leaderboard${game ? `?game=${encodeURIComponent(game)}` : ""}`);
  if (!reply.ok) return [gameTabs(games, game), note(reply.message)];
  const players = reply.data.players;
  const perGame = reply.data.game !== null;
  const ratings = perGame ? reply.data.ratings ?? [] : [];
  const lowerWins = players[0]?.lower_score_wins ?? null;
  if (players.length === 0 && ratings.length === 0) return [gameTabs(games, game), note(t("stats.none"))];
  // Different people may share a name (each browser is its own player): tell them apart
  // by their player id, and say that the name's page shows the most recent of them.
  const count = nameCount(players);
  const ratedCount = nameCount(ratings);
  const shared = [...count.values(), ...ratedCount.values()].some((n) => n > 1);
  return [gameTabs(games, game),
    ratings.length > 0 ? ratingsSection(ratings, ratedCount) : null,
    ratings.length > 0 ? h("h3", {}, t("rating.wins_heading")) : null,
    perGame ? note(lowerWins ? t("stats.lowest_wins_here") : t("stats.highest_wins_here")) : note(t("stats.all_games_note")),
    shared ? note(t("stats.shared_names"), "shared-names") : null,
    players.length === 0 ? note(t("stats.none")) : scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "leaderboard" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("results.player")), statHeads(lowerWins, perGame ? 5 : 3))),
      h("tbody", {}, players.map((p, i) => h("tr", { "data-player": p.player },
        h("td", { class: "num" }, formatNumber(i + 1)),
        nameCell(p, count),
        statsCells(p, p.lower_score_wins).slice(0, perGame ? 5 : 3)))))),
  ];
}

/** Others who chose the same name, each a link to their own page. */
function namesakesNote(p: PlayerProfile): HTMLElement | null {
  const others = p.namesakes ?? [];
  if (others.length === 0) return null;
  const links: Child[] = [];
  others.forEach((o, i) => {
    if (i > 0) links.push(", ");
    links.push(h("a", { href: playerHref(o.player) }, t("history.person", { name: o.name, id: o.player })), " ", t("history.last_seen"), " ", when(o.last_seen));
  });
  return note([t("history.namesakes", { id: p.player, name: p.name }), " ", ...links, "."], "namesakes");
}

/** "2.3": the average place over the player's finished matches of a game; "—" when not known. */
function placeText(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return formatNumber(value, { minimumFractionDigits: Number.isInteger(value) ? 0 : 1, maximumFractionDigits: 1 });
}

/** Each game the player has a rating in: the rating, matches, average place and its chart. */
function ratingsOfPlayer(p: PlayerProfile, titles: Titles): HTMLElement | null {
  const rated = Object.entries(p.ratings ?? {});
  if (rated.length === 0) return null;
  return h("section", { class: "player-ratings", "data-testid": "player-ratings" },
    h("h3", {}, t("rating.heading")),
    rated.map(([game, r], i) => {
      const history = r.history ?? [];
      const before = Math.max(0, r.matches - history.length);
      return h("section", { class: "panel rating-game", "data-game": game, "data-testid": `rating-${game}` },
        h("h4", {}, h("a", { href: leaderboardHref(game) }, titles.of(game))),
        h("dl", { class: "result rating-facts" },
          h("dt", {}, t("rating.rating")),
          h("dd", { "data-testid": "player-rating", title: t("rating.mu_sigma", { mu: ratingText(r.mu), sigma: ratingText(r.sigma) }) },
            h("b", { class: "rating-value" }, ratingText(r.rating)),
            r.provisional ? h("span", { class: "badge provisional", title: t("rating.provisional_note"), "data-testid": "provisional" }, t("rating.provisional")) : null),
          h("dt", {}, t("stats.matches")), h("dd", { "data-testid": "player-rating-matches" }, formatNumber(r.matches)),
          h("dt", {}, t("rating.average_place")), h("dd", { "data-testid": "player-average-place" }, placeText(p.games?.[game]?.average_place))),
        history.length > 0 ? h("div", { class: "chart-box" }, ratingChart(history, titles.of(game), `rating-chart-${i}`, before))
          : note(t("rating.no_history")),
        history.length > 0 && before > 0 ? note(t("rating.history_last", { n: history.length })) : null);
    }));
}

/** A player's page; KEY is a name (the most recently seen of that name) or, BY_ID, a player id. */
export async function playerPage(key: string, byId: boolean, titles: Titles): Promise<{ heading: string; body: Child[] }> {
  const path = byId ? `/api/players/by-id/${encodeURIComponent(key)}` : `/api/players/${encodeURIComponent(key)}`;
  const reply = await getJson<PlayerProfile>(path);
  if (!reply.ok) return { heading: key, body: [note(reply.message)] };
  const p = reply.data;
  const games = Object.entries(p.games ?? {});
  return {
    heading: p.name,
    body: [
      note([t("history.first_seen"), " ", when(p.first_seen), " · ", t("history.last_seen"), " ", when(p.last_seen)]),
      namesakesNote(p),
      games.length === 0 ? note(t("history.no_finished")) : scrollBox(h("table", { class: "result-table history-table stats-table", "data-testid": "player-games" },
        h("thead", {}, h("tr", {}, h("th", {}, t("lobby.col.game")), statHeads(null))),
        h("tbody", {}, games.map(([game, stats]) => h("tr", {},
          h("td", {}, h("a", { href: leaderboardHref(game) }, titles.of(game))),
          statsCells(stats, stats.lower_score_wins)))))),
      figuresOfPlayer(games, (game) => titles.of(game), leaderboardHref),
      ratingsOfPlayer(p, titles),
      h("h3", {}, t("history.recent")),
      p.recent.length === 0 ? note(t("history.none")) : scrollBox(matchTable(p.recent, titles).table),
      h("p", {}, h("a", { href: `#/history?player_id=${encodeURIComponent(p.player)}` }, t("history.every_match_of", { name: p.name }))),
    ],
  };
}
