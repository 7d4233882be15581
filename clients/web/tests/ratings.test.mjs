// Ratings in the web client:
// - against a real parlor-server: a rated Perico room (the create-room form's "Rated",
//   checked by default) with bots, played by clicking to the end twice; the room shows
//   "Rated"; the leaderboard of Perico lists the player among the provisional ratings
//   (two matches are far from the ~15 that settle a rating) with the API's rating to one
//   decimal; the player's page shows the rating, its matches, the average place, the
//   chart of its history (an SVG with one point per match) and the Perico figures. A casual room says "Casual"
//   in its header and in another person's lobby list, and its match changes no rating.
// - the same pages drawn from replies of the protocol's shape (page.route), so that the
//   established and provisional tables, a long history and Spanish are seen whatever the
//   server holds.
// Every page is checked under the server's strict CSP (style-src 'self': no violation),
// at 1280 px and at 360 px without sideways scrolling; screenshots go to
// test-artifacts/ratings-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { handFacts, launchBrowser, openLobby, playAgain, screenshot, startServer, waitForTurnOrRoundEnd } from "./helpers.mjs";
import { steps } from "./games.mjs";

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const SPANISH = { locale: "es-ES", online: "conectado como" };
const ONE_DECIMAL = /^-?\d+\.\d$/;

let server;
let browser;
let hasRatings = false;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const res = await fetch(`${server.base}/api/leaderboard?game=perico`);
  hasRatings = res.ok && Array.isArray((await res.json().catch(() => ({}))).ratings);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The lobby with a name (openLobby), loaded again so that window.cspViolations keeps what the CSP blocked. */
async function lobby(name, viewport = DESKTOP, words = undefined) {
  const opened = await openLobby(browser, server.base, name, viewport, words);
  await opened.context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.sample || e.blockedURI}`));
  });
  await opened.page.reload();
  await opened.page.waitForFunction(() => window.parlor?.connection === "online" && Array.isArray(window.cspViolations));
  await opened.page.waitForSelector('[data-testid="game-select"]');
  return opened;
}

/** A rating or an average place as the English page writes it. */
const oneDecimal = (n) => new Intl.NumberFormat("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
const placeWords = (n) => (n === null || n === undefined ? "—" : new Intl.NumberFormat("en", { minimumFractionDigits: Number.isInteger(n) ? 0 : 1, maximumFractionDigits: 1 }).format(n));

async function noCspViolation(page, what) {
  assert.deepEqual(await page.evaluate(() => window.cspViolations ?? []), [], `${what}: nothing the CSP blocked`);
}

/** Waits until the history page drawn is the one the location asks for. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="history"]')?.dataset.route === location.hash.slice(2));
}

async function noSidewaysScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what}: no sideways scrolling (overflow ${overflow}px)`);
}

/** The chart's facts as drawn: points, ticks, the last value, its title and description, any style attribute. */
async function chartFacts(page, game) {
  return page.locator(`[data-testid="rating-${game}"] svg[data-testid="rating-chart"]`).evaluate((svg) => {
    const ids = (svg.getAttribute("aria-labelledby") ?? "").split(" ");
    const box = svg.getBoundingClientRect();
    return {
      role: svg.getAttribute("role"),
      viewBox: svg.getAttribute("viewBox"),
      width: svg.getAttribute("width"),
      labelled: ids.map((id) => document.getElementById(id)?.tagName ?? null),
      title: svg.querySelector("title")?.textContent ?? "",
      desc: svg.querySelector("desc")?.textContent ?? "",
      points: (svg.querySelector("polyline")?.getAttribute("points") ?? "").trim().split(/\s+/).filter(Boolean).length,
      ticks: [...svg.querySelectorAll("text.tick")].map((t) => t.textContent),
      last: svg.querySelector('[data-testid="rating-last-label"]')?.textContent ?? "",
      lastDot: svg.querySelectorAll('[data-testid="rating-last"]').length,
      styled: [svg, ...svg.querySelectorAll("*")].filter((e) => e.hasAttribute("style")).length,
      scripts: svg.querySelectorAll("script").length,
      shownWidth: box.width,
      shownHeight: box.height,
      stroke: getComputedStyle(svg.querySelector("polyline")).stroke,
    };
  });
}

/** Plays the Perico match in progress (to 1 point) until it is over; returns match_over. */
async function playToTheEnd(page) {
  for (let i = 0; i < 60 && !(await handFacts(page)).over; i++) {
    const f = await handFacts(page);
    if (await waitForTurnOrRoundEnd(page, f.round)) await steps.perico(page);
  }
  await page.locator('[data-testid="match-over"]').waitFor({ state: "visible" });
  await page.waitForFunction(() => window.parlor.matchOver?.match_id);
  return page.evaluate(() => window.parlor.matchOver);
}

/** Creates a public Perico room to 1 point from the form, RATED or not, and waits for its seats. */
async function createPerico(page, rated) {
  await page.selectOption('[data-testid="game-select"]', "perico");
  await page.fill("#seats", "3");
  await page.locator('[data-option="target"]').fill("1");
  assert.equal(await page.locator('[data-testid="rated"]').isChecked(), true, "Rated is checked by default");
  if (!rated) await page.locator('[data-testid="rated"]').uncheck();
  await page.click('[data-action="create"]');
  await page.waitForSelector('[data-testid="seat-list"]');
}

async function fillAndStart(page) {
  await page.click('[data-action="fill-bots"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
  await page.click('[data-action="start"]');
  await page.waitForSelector('[data-testid="turn-indicator"]');
}

async function ratingOf(playerId) {
  const profile = await (await fetch(`${server.base}/api/players/by-id/${encodeURIComponent(playerId)}`)).json();
  return profile.ratings?.perico ?? null;
}

describe("ratings against the server", () => {
  it("a rated room's matches rate the player: the leaderboard and the player's page show it", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    if (!hasRatings) return t.skip("this parlor-server has no ratings yet (/api/leaderboard?game=perico has no \"ratings\")");
    const { context, page } = await lobby("Rater");
    try {
      await createPerico(page, true);
      assert.equal(await page.evaluate(() => window.parlor.room?.rated), true, "the room object says rated");
      const badge = page.locator('.room-header [data-testid="rated-badge"]');
      assert.equal(await badge.innerText(), "Rated");
      assert.equal(await badge.getAttribute("data-rated"), "true");
      await screenshot(page, "ratings-room-rated-1280");
      await fillAndStart(page);
      const me = await page.evaluate(() => window.parlor.playerId);
      assert.match(me ?? "", /^p/);
      const first = await playToTheEnd(page);
      await playAgain(page, first.match);
      const second = await playToTheEnd(page);
      assert.notEqual(first.match_id, second.match_id);

      // The API: two rated matches, the history's last rating is the rating.
      const rating = await ratingOf(me);
      assert.ok(rating, "the player has a Perico rating");
      assert.equal(rating.matches, 2);
      assert.equal(rating.provisional, true, "two matches are provisional");
      assert.equal(rating.history.length, 2);
      assert.deepEqual(rating.history.map((h) => h.match), [first.match_id, second.match_id], "oldest first");
      assert.equal(rating.history.at(-1).rating, rating.rating);
      const shown = oneDecimal(rating.rating);

      // The leaderboard: Rater among the provisional ratings, the wins table still below.
      await page.goto(`${server.base}/#/leaderboard?game=perico`);
      await settled(page);
      await page.locator('[data-testid="ratings-section"]').waitFor({ state: "visible" });
      const provisional = page.locator('[data-testid="ratings-provisional"] tbody tr', { hasText: "Rater" });
      await provisional.waitFor({ state: "visible" });
      const cells = await provisional.locator("td").allInnerTexts();
      assert.equal(cells[1].trim(), "Rater");
      assert.match(cells[2], ONE_DECIMAL);
      assert.equal(cells[2], shown, "the API's rating to one decimal");
      assert.equal(cells[3], "2");
      assert.equal(await page.locator('[data-testid="ratings"] tbody tr', { hasText: "Rater" }).count(), 0, "not among the established");
      assert.match(await page.locator('[data-testid="provisional-note"]').innerText(), /15 matches/);
      assert.equal(await page.locator('[data-testid="ratings-section"] tr', { hasText: "Bot 2" }).count(), 0, "bots are not rated");
      assert.equal(await page.locator('[data-testid="leaderboard"] tbody tr', { hasText: "Rater" }).count(), 1, "the wins table stays");
      await noCspViolation(page, "leaderboard");
      await screenshot(page, "ratings-leaderboard-1280");
      await page.setViewportSize(PHONE);
      await screenshot(page, "ratings-leaderboard-360");
      await noSidewaysScroll(page, "leaderboard at 360 px");
      await page.setViewportSize(DESKTOP);

      // The player's page: the rating, its matches, the average place and the chart.
      await provisional.locator("a").click();
      await settled(page);
      const block = page.locator('[data-testid="rating-perico"]');
      await block.waitFor({ state: "visible" });
      assert.match(await block.locator('[data-testid="player-rating"]').innerText(), new RegExp(`^${shown.replace(".", "\\.")}\\s*provisional$`));
      assert.equal(await block.locator('[data-testid="player-rating-matches"]').innerText(), "2");
      const profile = await (await fetch(`${server.base}/api/players/by-id/${me}`)).json();
      const place = profile.games.perico.average_place;
      assert.ok(place === null || (place >= 1 && place <= 3), `average place ${place}`);
      assert.equal(await block.locator('[data-testid="player-average-place"]').innerText(), placeWords(place));
      // Its figures over the two matches (servers before figures have none), each shown.
      const figures = profile.games.perico.figures;
      if (figures !== undefined) {
        assert.ok(Object.keys(figures).length > 0, "two Perico matches give figures");
        for (const [name, value] of Object.entries(figures)) {
          const shownFigure = page.locator(`[data-testid="figures-perico"] dd[data-figure="${name}"]`);
          assert.equal(await shownFigure.innerText(), new Intl.NumberFormat("en").format(value), name);
        }
      }
      const chart = await chartFacts(page, "perico");
      assert.equal(chart.points, 2, "one point per rated match");
      assert.equal(chart.role, "img");
      assert.deepEqual(chart.labelled, ["title", "desc"]);
      assert.match(chart.title, /Perico/);
      assert.match(chart.desc, /^2 matches: from /);
      assert.equal(chart.last, shown);
      assert.equal(chart.lastDot, 1);
      assert.equal(chart.styled, 0, "no style attribute in the chart");
      await noCspViolation(page, "player page");
      await screenshot(page, "ratings-player-1280");
      await page.setViewportSize(PHONE);
      await screenshot(page, "ratings-player-360");
      await noSidewaysScroll(page, "player page at 360 px");
      assert.ok((await chartFacts(page, "perico")).shownWidth <= PHONE.width - 20, "the chart fits 360 px");
      await page.setViewportSize(DESKTOP);

      // A casual room: its badge here and in another person's lobby; its match rates nobody.
      await page.goto(`${server.base}/`);
      await page.locator('[data-testid="game-select"], [data-action="leave"]').first().waitFor({ state: "visible" });
      if (await page.locator('[data-action="leave"]').count()) await page.click('[data-action="leave"]');
      await page.waitForSelector('[data-testid="game-select"]');
      await createPerico(page, false);
      assert.equal(await page.evaluate(() => window.parlor.room?.rated), false, "the room object says casual");
      assert.equal(await page.locator('.room-header [data-testid="rated-badge"]').innerText(), "Casual");
      const roomId = await page.evaluate(() => window.parlor.room.id);
      const other = await lobby("Onlooker");
      try {
        const row = other.page.locator(`[data-testid="rooms"] tr[data-room="${roomId}"]`);
        await row.waitFor({ state: "visible", timeout: 15000 });
        assert.equal(await row.locator('[data-testid="rated-badge"]').innerText(), "Casual");
        await other.page.setViewportSize(PHONE);
        await screenshot(other.page, "ratings-lobby-casual-360");
        await noSidewaysScroll(other.page, "lobby at 360 px");
      } finally {
        await other.context.close();
      }
      await fillAndStart(page);
      await playToTheEnd(page);
      const after = await ratingOf(me);
      assert.equal(after.matches, 2, "a casual match changes no rating");
      assert.equal(after.rating, rating.rating);
    } finally {
      await context.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// The same pages from stubbed replies of the protocol's shape.

const at = (i) => new Date(Date.UTC(2026, 10, 1) + i * 3600_000).toISOString().replace(/\.\d+Z$/, "Z");
const standing = (player, name, matches, wins) => ({ player, name, matches, wins, win_rate: wins / matches, average_score: 3.5, best_score: 9, lower_score_wins: false });
const LEADERBOARD = {
  game: "perico",
  players: [standing("p7", "Ana", 40, 19), standing("p9", "Bruno", 22, 8), standing("p4", "Dani", 5, 2), standing("p12", "Eva", 1, 0)],
  ratings: [
    { player: "p7", name: "Ana", rating: 21.37, mu: 31.9, sigma: 3.51, matches: 40, provisional: false },
    { player: "p9", name: "Bruno", rating: 14.05, mu: 26.3, sigma: 4.08, matches: 22, provisional: false },
    { player: "p4", name: "Dani", rating: 6.2, mu: 25.7, sigma: 6.5, matches: 5, provisional: true },
    { player: "p12", name: "Eva", rating: -0.8, mu: 23.5, sigma: 8.1, matches: 1, provisional: true },
  ],
};
// Ana's 40 Perico matches: a climb with ups and downs; 3 of Poker.
const anaHistory = Array.from({ length: 40 }, (_, i) => {
  const sigma = 8.33 - (i * 4.8) / 39;
  const mu = 25 + i * 0.18 + Math.sin(i / 2.5) * 1.2;
  return { match: `m${(0xa000 + i).toString(16).padStart(12, "0")}`, at: at(i), rating: Math.round((mu - 3 * sigma) * 100) / 100, mu, sigma, place: 1 + (i % 3) };
});
anaHistory[39].rating = 21.37;
const ANA = {
  player: "p7", name: "Ana", first_seen: at(0), last_seen: at(50),
  games: {
    perico: { matches: 40, wins: 19, win_rate: 0.475, average_score: 3.5, best_score: 9, lower_score_wins: false, average_place: 1.83 },
    poker: { matches: 3, wins: 0, win_rate: 0, average_score: 80, best_score: 120, lower_score_wins: false, average_place: null },
  },
  ratings: {
    perico: { rating: 21.37, mu: 31.9, sigma: 3.51, matches: 40, provisional: false, history: anaHistory },
    poker: { rating: 1.4, mu: 22.9, sigma: 7.17, matches: 3, provisional: true, history: [
      { match: "m00000000b001", at: at(41), rating: -1.9, mu: 22.1, sigma: 8.0, place: 3 },
      { match: "m00000000b002", at: at(42), rating: -0.5, mu: 22.4, sigma: 7.6, place: 2 },
      { match: "m00000000b003", at: at(43), rating: 1.4, mu: 22.9, sigma: 7.17, place: 2 },
    ] },
  },
  recent: [],
  namesakes: [],
};

async function stubbed(page) {
  const json = (body) => ({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  await page.route((url) => url.pathname === "/api/leaderboard" && url.searchParams.get("game") === "perico", (route) => route.fulfill(json(LEADERBOARD)));
  await page.route((url) => url.pathname === "/api/players/by-id/p7", (route) => route.fulfill(json(ANA)));
}

describe("ratings drawn from the protocol's replies", () => {
  it("ranks the established players, then the provisional ones, and charts a player's history", async () => {
    const { context, page } = await lobby("Reader");
    try {
      await stubbed(page);
      await page.goto(`${server.base}/#/leaderboard?game=perico`);
      await settled(page);
      const rows = async (testid) => page.locator(`[data-testid="${testid}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText.trim())));
      assert.deepEqual(await rows("ratings"), [["1", "Ana", "21.4", "40"], ["2", "Bruno", "14.1", "22"]]);
      assert.deepEqual(await rows("ratings-provisional"), [["1", "Dani", "6.2", "5"], ["2", "Eva", "-0.8", "1"]]);
      // Ratings first, then "Provisional", then the wins table.
      const order = await page.evaluate(() => [...document.querySelectorAll('[data-testid="history"] h3, [data-testid="history"] table')].map((e) => e.dataset.testid ?? e.textContent));
      assert.deepEqual(order, ["Ratings", "ratings", "Provisional", "ratings-provisional", "Wins", "leaderboard"]);
      assert.match(await page.locator('[data-testid="provisional-note"]').innerText(), /about 15 matches/);
      await noCspViolation(page, "stubbed leaderboard");
      await screenshot(page, "ratings-stub-leaderboard-1280");
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page, "stubbed leaderboard at 360 px");
      await screenshot(page, "ratings-stub-leaderboard-360");
      await page.setViewportSize(DESKTOP);

      await page.click('[data-testid="ratings"] a >> text=Ana');
      await settled(page);
      const perico = page.locator('[data-testid="rating-perico"]');
      await perico.waitFor({ state: "visible" });
      assert.equal(await perico.locator('[data-testid="player-rating"]').innerText(), "21.4");
      assert.equal(await perico.locator('[data-testid="provisional"]').count(), 0);
      assert.equal(await perico.locator('[data-testid="player-rating-matches"]').innerText(), "40");
      assert.equal(await perico.locator('[data-testid="player-average-place"]').innerText(), "1.8");
      const chart = await chartFacts(page, "perico");
      assert.equal(chart.points, 40);
      assert.equal(chart.viewBox, "0 0 360 200");
      assert.equal(chart.width, "100%");
      assert.deepEqual(chart.labelled, ["title", "desc"]);
      assert.equal(chart.title, "Rating in Perico after each match");
      assert.match(chart.desc, /^40 matches: from -?\d+\.\d to 21\.4; lowest -?\d+\.\d, highest \d+\.\d\.$/);
      assert.equal(chart.last, "21.4");
      assert.ok(chart.ticks.includes("1") && chart.ticks.includes("40"), `x ticks name the first and the last match: ${chart.ticks}`);
      assert.ok(chart.ticks.length >= 5, "a few labelled ticks on each axis");
      assert.equal(chart.styled, 0, "no style attribute");
      assert.equal(chart.scripts, 0);
      assert.equal(chart.stroke, "rgb(31, 95, 191)", "the line's colour comes from style.css");
      const poker = page.locator('[data-testid="rating-poker"]');
      assert.match(await poker.locator('[data-testid="player-rating"]').innerText(), /^1\.4\s*provisional$/);
      assert.equal(await poker.locator('[data-testid="player-average-place"]').innerText(), "—");
      assert.equal((await chartFacts(page, "poker")).points, 3);
      await noCspViolation(page, "stubbed player page");
      await screenshot(page, "ratings-stub-player-1280");
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page, "stubbed player page at 360 px");
      const phone = await chartFacts(page, "perico");
      assert.ok(phone.shownWidth > 250 && phone.shownWidth <= 340, `the chart fills a phone's width (${phone.shownWidth}px)`);
      assert.ok(Math.abs(phone.shownHeight / phone.shownWidth - 200 / 360) < 0.02, "and keeps its proportions");
      await screenshot(page, "ratings-stub-player-360");
    } finally {
      await context.close();
    }
  });

  it("says it in Spanish, and fits 360 px", async () => {
    const { context, page } = await lobby("Lectora", PHONE, SPANISH);
    try {
      await stubbed(page);
      await page.goto(`${server.base}/#/leaderboard?game=perico`);
      await settled(page);
      const headings = await page.locator('[data-testid="history"] h3').allInnerTexts();
      assert.deepEqual(headings, ["Valoraciones", "Provisionales", "Victorias"]);
      assert.equal(await page.locator('[data-testid="ratings"] thead th').nth(2).innerText(), "Valoración");
      assert.equal(await page.locator('[data-testid="ratings"] tbody tr').first().locator("td").nth(2).innerText(), "21,4");
      await noSidewaysScroll(page, "Spanish leaderboard at 360 px");
      await screenshot(page, "ratings-stub-leaderboard-es-360");
      await page.goto(`${server.base}/#/player-id/p7`);
      await settled(page);
      await page.locator('[data-testid="rating-poker"]').waitFor({ state: "visible" });
      assert.match(await page.locator('[data-testid="rating-poker"] [data-testid="player-rating"]').innerText(), /^1,4\s*provisional$/);
      const chart = await chartFacts(page, "perico");
      assert.equal(chart.title, "Valoración en Perico tras cada partida");
      assert.match(chart.desc, /^40 partidas: de /);
      assert.equal(chart.last, "21,4");
      await noSidewaysScroll(page, "Spanish player page at 360 px");
      await noCspViolation(page, "Spanish player page");
      await screenshot(page, "ratings-stub-player-es-360");

      // The create-room form's checkbox and its words.
      await page.goto(`${server.base}/`);
      await page.waitForSelector('[data-testid="rated"]');
      assert.equal(await page.locator('label[for="rated"]').innerText(), "Puntuable");
    } finally {
      await context.close();
    }
  });
});
