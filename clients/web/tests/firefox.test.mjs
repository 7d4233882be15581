// A smoke test in Debian's Firefox ESR (driven over WebDriver BiDi by puppeteer-core;
// Playwright's own Firefox is a patched build we do not download): the lobby loads (its
// options in words), a Loc room is created and filled with bots, a full round is played
// by clicking, and a reload comes back into the same seat. Skipped when firefox-esr is not installed
// (PARLOR_SETUP_BROWSER=1 scripts/setup.sh installs it).
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { artifacts, startServer } from "./helpers.mjs";

const firefoxPath = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
const missing = existsSync(firefoxPath) ? "" : `Firefox not found at ${firefoxPath} (install firefox-esr, e.g. PARLOR_SETUP_BROWSER=1 scripts/setup.sh, or set FIREFOX): the Firefox smoke test is skipped`;
if (missing) console.log(`# ${missing}`);

let server;
let browser;

before(async () => {
  if (missing) return;
  server = await startServer();
  const { default: puppeteer } = await import("puppeteer-core");
  browser = await puppeteer.launch({ browser: "firefox", executablePath: firefoxPath, headless: true, protocolTimeout: 60000 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const state = (page) => page.evaluate(() => {
  const p = window.parlor;
  const u = p.update;
  return {
    seq: `${u?.match}:${u?.seq}:${p.log.length}`,
    errors: p.log.filter((l) => l.kind === "error").length,
    round: u?.view.round, over: u?.view.over, seat: u?.seat, room: p.room?.id, hand: u?.view.hand ?? [],
    myTurn: Boolean(u && (u.view.waiting?.seats ?? []).includes(u.seat) && Object.keys(u.view.legal ?? {}).length > 0),
    drawn: document.querySelectorAll('[data-testid="hand"] .card').length,
    turn: document.querySelector('[data-testid="turn-indicator"]')?.textContent ?? "",
    lastRound: Boolean(u?.view.last_round),
  };
});

/**
 * Clicks through a locator. Loc's plays are simultaneous: a bot's choice arrives while
 * we choose, and every update re-renders the table, so page.click on a node it found a
 * moment before can fail with "Node is detached from document" (it did once in CI). A
 * locator finds the node again and retries.
 */
const click = (page, selector) => page.locator(selector).click();

/** Clicks and waits until the server answered (an update or an error). */
async function press(page, selector) {
  const before = await state(page);
  await click(page, selector);
  await page.waitForFunction((b, e) => {
    const p = window.parlor;
    return `${p.update?.match}:${p.update?.seq}:${p.log.length}` !== b || p.log.filter((l) => l.kind === "error").length !== e;
  }, { timeout: 10000 }, before.seq, before.errors);
}

async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

describe("Firefox", () => {
  it("loads the lobby, plays a round of Loc by clicking and comes back after a reload", { skip: missing || false }, async (t) => {
    if (!server.games.includes("loc")) return t.skip("loc is not registered on this parlor-server");
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e));
    try {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(server.base + "/");
      await page.waitForSelector("#player-name");
      await page.$eval("#player-name", (el) => { el.value = ""; });
      await page.type("#player-name", "Fox");
      await click(page, '[data-action="save-name"]');
      // The header names the player, never an internal id.
      await page.waitForFunction(() => window.parlor?.connection === "online" && document.querySelector("[data-testid=connection]")?.textContent === "online as Fox");
      await page.waitForSelector('[data-testid="game-select"]');
      await page.select('[data-testid="game-select"]', "loc");
      // The options read in words: the option's label and each value's, not "standard".
      assert.equal(await page.$eval('label[for="opt-deck"]', (el) => el.textContent), "Deck");
      assert.deepEqual(await page.$$eval('[data-option="deck"] option', (els) => els.map((e) => [e.value, e.textContent])),
        [["standard", "Standard (52 cards and a Joker)"], ["tarot", "Tarot (78 cards)"]]);
      await page.$eval("#seats", (el) => { el.value = "3"; });
      await click(page, '[data-action="create"]');
      await page.waitForSelector('[data-testid="seat-list"]');
      await click(page, '[data-action="fill-bots"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
      await click(page, '[data-action="start"]');
      await page.waitForSelector('[data-testid="turn-indicator"]');

      // A full round: choose a card, then discard or play it, on each of our turns.
      const start = await state(page);
      let turns = 0;
      for (;;) {
        await page.waitForFunction((r) => {
          const u = window.parlor.update;
          return u && (u.view.over || u.view.round !== r || ((u.view.waiting?.seats ?? []).includes(u.seat) && Object.keys(u.view.legal ?? {}).length > 0));
        }, { timeout: 20000 }, start.round);
        const s = await state(page);
        if (s.over || s.round !== start.round) break;
        assert.equal(s.drawn, s.hand.length, "the hand drawn is the hand in the view");
        assert.match(s.turn, /^Your turn/);
        if (turns === 1) await shot(page, "firefox-loc-table");
        await click(page, '[data-testid="hand"] button.card:not([disabled])');
        await page.waitForSelector('[data-testid="hand"] button.card[aria-pressed="true"]');
        const action = (await page.$('[data-action="discard"]')) ? "discard" : "play";
        await press(page, `[data-action="${action}"]`);
        assert.ok(++turns < 200, "the round ends");
      }
      assert.ok(turns > 0, "we played at least one move");
      await page.waitForSelector('[data-testid="round-results"]', { visible: true });
      assert.ok((await state(page)).lastRound, "the view carries the finished round");
      await shot(page, "firefox-loc-results");
      // The log tells the round with names and card names: no codes, no seat numbers.
      const log = await page.$$eval('[data-testid="log"] li', (lis) => lis.map((li) => li.textContent));
      assert.ok(log.some((l) => /^Play \d: /.test(l)), `the reveals are told: ${log.join(" | ")}`);
      for (const line of log.filter((l) => !/sealed/.test(l))) {
        assert.doesNotMatch(line, /\b(10|[2-9TJQKA])[CDHS]\b|\bJK\b|\bseat \d/i, line);
      }

      // Reload: the same room and seat come back by themselves.
      const before = await state(page);
      await page.reload();
      await page.waitForFunction((room) => window.parlor?.room?.id === room && window.parlor.update, {}, before.room);
      await page.waitForSelector('[data-testid="turn-indicator"]');
      const again = await state(page);
      assert.equal(again.room, before.room);
      assert.equal(again.seat, before.seat);

      // A 360 px wide screen: no sideways scrolling at the table.
      await page.setViewport({ width: 360, height: 780 });
      await page.waitForSelector('[data-testid="turn-indicator"]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling at 360 px in Firefox (overflow ${overflow}px)`);
      await shot(page, "firefox-loc-360");
      assert.equal(errors.length, 0, `no script errors: ${errors.join("; ")}`);
    } finally {
      await context.close();
    }
  });
});
