// A player's figures per game on the player's page (figures.ts; protocol/README.md,
// games[G].figures), drawn from stubbed replies of the protocol's shape: a block per game
// with figures, each figure labelled from the catalogue (the name itself for one the
// client does not know), known figures in the client's order, numbers in the reader's
// language; no block for a game without figures, no section for a player without any.
// In English at 1280 and 360 px, in Spanish at 360 px, under the server's strict CSP and
// without sideways scrolling; screenshots go to test-artifacts/figures-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { launchBrowser, openLobby, screenshot, startServer } from "./helpers.mjs";

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const SPANISH = { locale: "es-ES", online: "conectado como" };

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const stats = (matches, figures) => ({ matches, wins: 1, win_rate: 1 / matches, average_score: 3, best_score: 9, lower_score_wins: false, average_place: 2, figures });
const PROFILE = {
  player: "p7", name: "Ana", first_seen: "2026-11-01T00:00:00Z", last_seen: "2026-11-03T00:00:00Z",
  games: {
    perico: stats(40, { completes: 3, knocks: 12, knocks_won: 7, points: 1234, rounds_won: 19 }),
    poker: stats(3, { biggest_pot: 12500, hands_won: 41, showdown_wins: 30, showdowns: 52, uncalled_wins: 11, zz_new_figure: 5 }),
    carioca: stats(2, { contracts_made: 14, lowest_round: -40, one_turn_outs: 1, rounds_out: 6, steals: 9 }),
    loc: stats(1, {}),
  },
  ratings: {},
  recent: [],
  namesakes: [],
};
const NO_FIGURES = { ...PROFILE, player: "p8", games: { perico: { ...stats(1, undefined) } } };

/** The lobby with a name, CSP violations recorded from the next load on. */
async function lobby(name, viewport, words) {
  const opened = await openLobby(browser, server.base, name, viewport, words);
  await opened.context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.sample || e.blockedURI}`));
  });
  await opened.page.reload();
  await opened.page.waitForFunction(() => window.parlor?.connection === "online" && Array.isArray(window.cspViolations));
  const json = (body) => ({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  await opened.page.route((url) => url.pathname === "/api/players/by-id/p7", (route) => route.fulfill(json(PROFILE)));
  await opened.page.route((url) => url.pathname === "/api/players/by-id/p8", (route) => route.fulfill(json(NO_FIGURES)));
  return opened;
}

/** Opens PLAYER's page and waits for it to be drawn. */
async function playerPage(page, player) {
  await page.goto(`${server.base}/#/player-id/${player}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="history"]')?.dataset.route === location.hash.slice(2));
}

/** A game's figures as drawn: [[label, value, name], ...]. */
async function figuresOf(page, game) {
  return page.locator(`[data-testid="figures-${game}"] dt`).evaluateAll((dts) => dts.map((dt) => [dt.innerText.trim(), dt.nextElementSibling?.innerText.trim(), dt.dataset.figure]));
}

async function fitsAndObeysTheCsp(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what}: no sideways scrolling (overflow ${overflow}px)`);
  assert.deepEqual(await page.evaluate(() => window.cspViolations ?? []), [], `${what}: nothing the CSP blocked`);
}

describe("a player's figures", () => {
  it("lists each game's figures with readable labels, unknown ones by name, and fits a phone", async () => {
    const { context, page } = await lobby("Reader", DESKTOP);
    try {
      await playerPage(page, "p7");
      await page.locator('[data-testid="player-figures"]').waitFor({ state: "visible" });
      assert.equal(await page.locator('[data-testid="player-figures"] h3').innerText(), "Figures");
      assert.deepEqual(await figuresOf(page, "perico"), [
        ["Rounds won", "19", "rounds_won"], ["Knocks", "12", "knocks"], ["Knocks won", "7", "knocks_won"],
        ["Complete hands", "3", "completes"], ["Points", "1,234", "points"]]);
      assert.deepEqual(await figuresOf(page, "poker"), [
        ["Hands won", "41", "hands_won"], ["Won at showdown", "30", "showdown_wins"], ["Won uncalled", "11", "uncalled_wins"],
        ["Showdowns", "52", "showdowns"], ["Biggest pot", "12,500", "biggest_pot"], ["zz_new_figure", "5", "zz_new_figure"]]);
      assert.deepEqual((await figuresOf(page, "carioca")).map(([label, value]) => [label, value]), [
        ["Contracts made", "14"], ["Rounds gone out", "6"], ["Out in one turn", "1"], ["Steals", "9"], ["Lowest round score", "-40"]]);
      assert.equal(await page.locator('[data-testid="figures-loc"]').count(), 0, "no block for a game without figures");
      assert.match(await page.locator('[data-testid="figures-perico"] h4 a').getAttribute("href"), /leaderboard\?game=perico$/);
      await fitsAndObeysTheCsp(page, "player page");
      await screenshot(page, "figures-player-1280");
      await page.setViewportSize(PHONE);
      await fitsAndObeysTheCsp(page, "player page at 360 px");
      const widest = await page.locator('[data-testid="player-figures"] .figure-game').evaluateAll((blocks) => Math.max(...blocks.map((b) => b.getBoundingClientRect().right)));
      assert.ok(widest <= PHONE.width, `every block within the phone's width (${widest}px)`);
      await screenshot(page, "figures-player-360");

      await playerPage(page, "p8");
      assert.equal(await page.locator('[data-testid="player-games"]').count(), 1);
      assert.equal(await page.locator('[data-testid="player-figures"]').count(), 0, "no section without figures");
    } finally {
      await context.close();
    }
  });

  it("says it in Spanish", async () => {
    const { context, page } = await lobby("Lectora", PHONE, SPANISH);
    try {
      await playerPage(page, "p7");
      await page.locator('[data-testid="player-figures"]').waitFor({ state: "visible" });
      assert.equal(await page.locator('[data-testid="player-figures"] h3').innerText(), "Cifras");
      assert.deepEqual((await figuresOf(page, "perico")).map(([label, value]) => [label, value]), [
        ["Rondas ganadas", "19"], ["Llamadas", "12"], ["Llamadas ganadas", "7"], ["Manos completas", "3"], ["Puntos", "1234"]]);
      const poker = Object.fromEntries((await figuresOf(page, "poker")).map(([label, value, name]) => [name, [label, value]]));
      assert.deepEqual(poker.biggest_pot, ["Bote más grande", "12.500"]);
      assert.deepEqual(poker.showdown_wins, ["Ganadas enseñando", "30"]);
      assert.deepEqual(poker.zz_new_figure, ["zz_new_figure", "5"]);
      await fitsAndObeysTheCsp(page, "Spanish player page at 360 px");
      await screenshot(page, "figures-player-es-360");
    } finally {
      await context.close();
    }
  });
});
