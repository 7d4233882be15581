// The match history, a match's record, the leaderboard and a player's page, read from
// the server's history API (persistence spec: /api/matches, /api/matches/ID,
// /api/leaderboard, /api/players/NAME). A server without that API gets a plain "not
// available" note instead of a broken page.
// This file: the routes, the match list and a match's record; the leaderboard and the
// player's page are players_pages.ts's, the shared pieces history_common.ts's.
import { button, h } from "./dom.js";
import type { Child } from "./dom.js";
import type { GameInfo } from "./protocol.js";
import { optionsList } from "./option_words.js";
import { formatNumber, formatNumberOr, t } from "./i18n.js";
import { renderSummary } from "./results.js";
import { replaySection } from "./replay.js";
import type { RecordedAction } from "./replay.js";
import { gameTitle } from "./game_words.js";
import { getJson, matchRows, matchTable, note, number, playerLink, scrollBox, statusBadge, Titles, when } from "./history_common.js";
import type { MatchRecord, MatchSummary, Namesake, PlayerProfile } from "./history_common.js";
import { leaderboardPage, playerPage } from "./players_pages.js";


/** A page of the history, as in the location's hash without "#/". */
export function isHistoryRoute(hash: string): boolean {
  return /^#\/(history|leaderboard|match\/.+|player\/.+|player-id\/.+)/.test(hash);
}
function filterForm(games: GameInfo[], game: string, player: string, person?: Namesake): HTMLElement {
  const gameSelect = h("select", { id: "history-game", "data-testid": "history-game" },
    h("option", { value: "" }, t("history.all_games")),
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, gameTitle(g.name, g.title))));
  const shown = person?.name ?? player;
  const playerInput = h("input", { id: "history-player", "data-testid": "history-player", value: shown, placeholder: t("history.any_player"), maxlength: 32 });
  return h("form", { class: "row filters", onsubmit: (e: Event) => {
    e.preventDefault();
    const query = new URLSearchParams();
    if (gameSelect.value) query.set("game", gameSelect.value);
    const typed = playerInput.value.trim();
    if (person && typed === shown) query.set("player_id", person.player); // still that one person
    else if (typed) query.set("player", typed);
    const text = query.toString();
    location.hash = `#/history${text ? "?" + text : ""}`;
  } },
  h("label", { for: "history-game" }, t("lobby.col.game")), gameSelect,
  h("label", { for: "history-player" }, t("results.player")), playerInput,
  h("button", { type: "submit", "data-action": "filter" }, t("history.show")));
}

/** Everyone who chose the name NAME (case aside), most recently seen first; none if nobody has. */
async function playersNamed(name: string): Promise<Namesake[]> {
  const reply = await getJson<PlayerProfile>(`/api/players/${encodeURIComponent(name)}`);
  if (!reply.ok) return [];
  const p = reply.data;
  return [{ player: p.player, name: p.name, last_seen: p.last_seen }, ...(p.namesakes ?? [])];
}

/** The player PLAYER_ID (KNOWN if the page has it already); the name is empty if the server does not say. */
async function personOf(playerId: string, known?: Namesake): Promise<Namesake> {
  if (known) return known;
  const reply = await getJson<PlayerProfile>(`/api/players/by-id/${encodeURIComponent(playerId)}`);
  return { player: playerId, name: reply.ok ? reply.data.name : "", last_seen: reply.ok ? reply.data.last_seen : "" };
}

/** "Sam (player p3)", or "player p3" when the name is not known. */
function personText(person: Namesake): string {
  return person.name ? t("history.person", { name: person.name, id: person.player }) : t("history.person_id", { id: person.player });
}

/** Several people chose that name: each is a choice of their own, told apart as the player pages do. */
function namesakeChoices(people: Namesake[], game: string): HTMLElement {
  const href = (id: string) => {
    const query = new URLSearchParams({ player_id: id });
    if (game) query.set("game", game);
    return `#/history?${query}`;
  };
  return h("div", { class: "panel namesake-choices", "data-testid": "namesake-choices" },
    h("p", {}, t("history.namesakes_choose", { n: people.length, name: people[0].name })),
    h("ul", {}, people.map((p) => h("li", { "data-player": p.player },
      h("a", { href: href(p.player), "data-action": "choose-player" }, t("history.person", { name: p.name, id: p.player })), h("small", { class: "note" }, " ", t("history.last_seen"), " ", when(p.last_seen))))));
}

async function matchListPage(query: URLSearchParams, games: GameInfo[]): Promise<Child[]> {
  const game = query.get("game") ?? "";
  const player = query.get("player") ?? "";
  // One person among namesakes (a player page's "Every match of …"): by id, not name.
  let playerId = query.get("player_id") ?? "";
  // A name may be several people's: ask who they are, and filter by one person's id.
  let named: Namesake | undefined;
  if (player && !playerId) {
    const people = await playersNamed(player);
    if (people.length > 1) return [filterForm(games, game, player), namesakeChoices(people, game)];
    named = people[0];
    playerId = named?.player ?? "";  // nobody of that name now: the seats' names, as before
  }
  const api = new URLSearchParams({ limit: query.get("limit") ?? "20" });
  if (game) api.set("game", game);
  if (playerId) api.set("player_id", playerId);
  else if (player) api.set("player", player);
  const titles = new Titles(games);
  const person = playerId ? await personOf(playerId, named) : undefined;
  const form = filterForm(games, game, player, person?.name ? person : undefined);
  const reply = await getJson<{ matches: MatchSummary[]; next: string | null }>(`/api/matches?${api}`);
  if (!reply.ok) return [form, note(reply.message)];
  const { table, body } = matchTable(reply.data.matches, titles);
  let next = reply.data.next;
  const status = h("span", { class: "note", role: "status" });
  const more: HTMLButtonElement = button(t("history.more"), async () => {
    if (!next) return;
    more.disabled = true;
    api.set("before", next);
    const page = await getJson<{ matches: MatchSummary[]; next: string | null }>(`/api/matches?${api}`);
    more.disabled = false;
    if (!page.ok) {
      status.textContent = page.message;
      return;
    }
    body.append(...matchRows(page.data.matches, titles));
    next = page.data.next;
    more.hidden = !next;
  }, { "data-action": "more", hidden: !next });
  const empty = reply.data.matches.length === 0;
  return [form,
    person ? note(t("history.only_matches_of", { person: personText(person) }), "player-id-filter") : null,
    empty ? note(player || game || playerId ? t("history.none_fits") : t("history.none_yet")) : scrollBox(table),
    h("div", { class: "row" }, more, status)];
}

function seatTableOf(record: MatchRecord): HTMLElement {
  const over = record.status === "over";
  const seats = [...record.seats].sort((a, b) => (over ? (a.placing ?? 99) - (b.placing ?? 99) : a.seat - b.seat));
  return h("table", { class: "result-table seats-table", "data-testid": "match-seats" },
    h("thead", {}, h("tr", {}, over ? h("th", {}, t("results.place")) : null, h("th", { class: "num" }, t("history.col.seat")), h("th", {}, t("results.player")), h("th", { class: "num" }, t("results.score")))),
    h("tbody", {}, seats.map((s) => h("tr", { class: s.winner ? "winner" : "" },
      over ? h("td", {}, formatNumberOr(s.placing, "")) : null,
      h("td", { class: "num" }, formatNumber(s.seat + 1)),
      h("td", {}, playerLink(s), s.kind === "bot" ? h("small", { class: "note" }, " ", t("seat.bot", { level: s.bot_level ?? "sensible" })) : null,
        record.first_dealer === s.seat ? h("span", { class: "badge dealer", title: t("history.first_dealer") }, t("seat.dealer_badge")) : null),
      h("td", { class: "num" }, number(s.score))))));
}

function roundsSection(record: MatchRecord, names: string[]): HTMLElement {
  const rounds = record.rounds ?? [];
  return h("section", { class: "panel", "data-testid": "match-rounds" }, h("h3", {}, t("history.rounds", { n: rounds.length })),
    rounds.length === 0 ? note(t("history.no_round")) : rounds.map((round, i) => h("details", { class: "round", open: i === rounds.length - 1 },
      h("summary", {}, t("history.round", { n: i + 1 })),
      scrollBox(round && typeof round === "object" && !Array.isArray(round) ? renderSummary(round as Record<string, unknown>, names) : String(round)))));
}

/** The seed, the commitments and how to check them: what makes the deals verifiable. */
function fairnessSection(record: MatchRecord): HTMLElement {
  const finished = record.seed !== undefined;
  const file = `${record.id}.json`;
  return h("section", { class: "panel fairness", "data-testid": "fairness" }, h("h3", {}, t("history.fair_deals")),
    note(finished
      ? [t("history.fair_over_before"), " ", h("code", {}, `parlor verify ${file}`), " ", t("history.fair_over_after")]
      : t("history.fair_live"), "fairness-note"),
    h("dl", { class: "result" },
      finished ? [h("dt", {}, t("history.seed")), h("dd", { class: "hex", "data-testid": "match-seed" }, record.seed)] : null,
      finished ? [h("dt", {}, t("history.moves")), h("dd", { "data-testid": "match-actions" }, formatNumber(record.actions?.length ?? 0))] : null),
    record.commitments.length === 0 ? note(t("history.no_deal")) : h("table", { class: "result-table commitments", "data-testid": "commitments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, t("history.deal")), h("th", {}, t("history.commitment")))),
      h("tbody", {}, record.commitments.map((c) => h("tr", {}, h("td", { class: "num" }, formatNumber(c.deal)), h("td", { class: "hex" }, c.sha256))))),
    h("p", {}, h("a", { href: `/api/matches/${encodeURIComponent(record.id)}`, download: file, "data-testid": "download-record" }, t("history.download", { file }))));
}

async function matchPage(id: string, titles: Titles): Promise<{ heading: string; body: Child[] }> {
  const reply = await getJson<MatchRecord>(`/api/matches/${encodeURIComponent(id)}`);
  if (!reply.ok) return { heading: t("history.match", { id }), body: [note(reply.message)] };
  const record = reply.data;
  const names = record.seats.map((s) => s.name);
  const facts = h("dl", { class: "result match-facts" },
    h("dt", {}, t("lobby.col.status")), h("dd", {}, statusBadge(record.status), record.abort_reason ? ` — ${record.abort_reason}` : ""),
    h("dt", {}, t("history.col.started")), h("dd", {}, when(record.started_at)),
    h("dt", {}, t("history.ended")), h("dd", {}, when(record.ended_at)),
    h("dt", {}, t("history.table")), h("dd", {}, t("history.table_match", { room: record.room, n: record.match_number })),
    h("dt", {}, t("history.scoring")), h("dd", {}, record.lower_score_wins ? t("history.lowest_wins") : t("history.highest_wins")));
  return {
    heading: t("history.match_heading", { game: titles.of(record.game), id: record.id }),
    body: [
      facts,
      h("h3", {}, record.status === "over" ? t("history.final_results") : t("history.col.players")), scrollBox(seatTableOf(record)),
      roundsSection(record, names),
      record.actions ? replaySection(record.actions as unknown as RecordedAction[], names, record.options?.deck === "tarot",
        record.status === "over" ? record.id : undefined) : null,
      h("section", { class: "panel" }, h("h3", {}, t("room.table_options")), optionsList(titles.info(record.game), record.options ?? {}, "match-options")),
      fairnessSection(record),
    ],
  };
}
/** Builds the page for ROUTE (the hash without "#/"). */
export async function historyPage(route: string, games: GameInfo[]): Promise<HTMLElement> {
  const [path, queryText = ""] = route.split("?");
  const query = new URLSearchParams(queryText);
  const titles = new Titles(games);
  let heading: string;
  let body: Child[];
  if (path.startsWith("match/")) {
    ({ heading, body } = await matchPage(decodeURIComponent(path.slice("match/".length)), titles));
  } else if (path.startsWith("player/")) {
    ({ heading, body } = await playerPage(decodeURIComponent(path.slice("player/".length)), false, titles));
  } else if (path.startsWith("player-id/")) {
    ({ heading, body } = await playerPage(decodeURIComponent(path.slice("player-id/".length)), true, titles));
  } else if (path === "leaderboard") {
    const game = query.get("game") ?? "";
    heading = game ? t("stats.leaderboard_game", { game: titles.of(game) }) : t("header.leaderboard");
    body = await leaderboardPage(game, games);
  } else {
    heading = t("history.title");
    body = await matchListPage(query, games);
  }
  return h("main", { class: "history", "data-testid": "history", "data-route": route }, h("section", { class: "panel" }, h("h2", {}, heading), body));
}
