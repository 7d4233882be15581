// Club nights in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi, as
// accounts.test.mjs's smoke test; skipped without it), against a real parlor-server whose
// event tables start quickly, as events.test.mjs's Chromium run: the list, the form,
// sign-up, a running night's rounds and standings and its final results, at 360 px and
// at desktop width, with no page scrolling sideways. Screenshots go to test-artifacts/
// (events-firefox-*.png).
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { DESKTOP, PHONE, artifacts, overflow, widest, withServerAndFirefox } from "./helpers.mjs";

describe("club nights in Firefox", () => {
  const fx = withServerAndFirefox(["--event-start-grace-ms", "8000", "--event-round-pause-ms", "300"],
    "the events' Firefox run");

  // Each person is a page of their own context; a page in the background gets no
  // animation frames in Firefox, and a puppeteer locator waits for two of them before it
  // clicks (a stable box): the test brings the page it acts on to the front first.

  /** A Firefox page in its own context, in the lobby under NAME. */
  async function foxLobby(name, viewport) {
    const context = await fx.firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.setViewport(viewport);
    await page.bringToFront();
    await page.goto(fx.server.base + "/");
    await page.waitForSelector("#player-name");
    await page.$eval("#player-name", (el) => { el.value = ""; });
    await page.type("#player-name", name);
    await page.locator('[data-action="save-name"]').click();
    await page.waitForFunction((n) => window.parlor?.connection === "online" && document.querySelector("[data-testid=connection]")?.textContent === `online as ${n}`, {}, name);
    return { context, page, errors };
  }

  async function fxNoSidewaysScroll(page, what) {
    const px = await overflow(page);
    assert.ok(px <= 1, `Firefox, ${what}: no sideways scrolling (overflow ${px} px: ${(await widest(page)).join(", ")})`);
  }

  async function shot(page, name) {
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  }

  const setValue = (page, selector, value) => page.$eval(selector, (el, v) => {
    el.value = v;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }, String(value));

  it("the list, the form, sign-up, rounds and standings at 360 px and desktop width", { skip: fx.missing || false }, async (t) => {
    if (!fx.server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    let step = "the lobby";
    const desk = await foxLobby("Zorro", DESKTOP);
    const phone = await foxLobby("Lince", PHONE);
    const pages = [desk.page, phone.page];
    const width = (page) => (page === desk.page ? "desktop" : "360");
    try {
      // The list and the form; a night created from it.
      step = "the list and the form";
      await desk.page.bringToFront();
      await desk.page.locator('[data-testid="events-link"]').click();
      await desk.page.waitForSelector('[data-testid="event-form"] form');
      await desk.page.waitForSelector('[data-testid="events-signup"]');
      await fxNoSidewaysScroll(desk.page, "events list and form at desktop");
      await desk.page.type('[data-testid="event-name"]', "Firefox Perico");
      await desk.page.select('[data-testid="event-game"]', "perico");
      await setValue(desk.page, '[data-testid="event-seats"]', 2);
      await setValue(desk.page, '[data-testid="event-min-seats"]', 2);
      await setValue(desk.page, '[data-testid="event-rounds"]', 2);
      await setValue(desk.page, '[data-testid="event-form"] [data-option="target"]', 1);
      await desk.page.locator('[data-action="create-event"]').click();
      await desk.page.waitForSelector('[data-testid="event-page"] [data-testid="event-name"]');
      const id = await desk.page.$eval('[data-testid="event-page"]', (el) => el.dataset.event);
      assert.equal(await desk.page.evaluate(() => location.hash), `#/event/${id}`);
      await desk.page.locator('[data-action="join-event"]').click();
      await desk.page.waitForSelector('[data-testid="entered"]');
      await fxNoSidewaysScroll(desk.page, "event in sign-up at desktop");

      // The phone finds it in the list and signs up.
      step = "the phone's sign-up";
      await phone.page.bringToFront();
      await phone.page.locator('[data-testid="events-link"]').click();
      await phone.page.waitForSelector(`[data-testid="events-signup"] .event-item[data-event="${id}"]`, { timeout: 10000 });
      // Its line counts in words ("1 entrant", not "1 entrants").
      assert.equal(await phone.page.$eval(`[data-testid="events-signup"] .event-item[data-event="${id}"] .event-line`, (el) => el.textContent),
        "Perico · 2 seats · 1 entrant · by Zorro · 2 rounds");
      await fxNoSidewaysScroll(phone.page, "events list and form at 360 px");
      await shot(phone.page, "events-firefox-list-360");
      await phone.page.locator(`[data-testid="events-signup"] .event-item[data-event="${id}"] [data-action="open-event"]`).click();
      await phone.page.waitForSelector(`[data-testid="event-page"][data-event="${id}"] [data-action="join-event"]`);
      await phone.page.locator('[data-action="join-event"]').click();
      await phone.page.waitForSelector('[data-testid="entered"]');
      assert.deepEqual(await phone.page.$$eval('[data-testid="entrants"] li', (li) => li.map((l) => l.textContent)), ["Zorro", "Lince"]);
      await fxNoSidewaysScroll(phone.page, "event in sign-up at 360 px");
      await shot(phone.page, "events-firefox-signup-360");

      // The organiser's page sees the second entrant by itself, and starts.
      step = "the start";
      await desk.page.bringToFront();
      await desk.page.waitForFunction(() => document.querySelector('[data-testid="entrant-count"]')?.textContent === "2", { timeout: 10000 });
      await desk.page.locator('[data-action="start-event"]').click();
      // Round 1 on both pages: the way to the table, the round's table, the standings.
      step = "round 1";
      for (const page of pages) {
        await page.bringToFront();
        await page.waitForSelector('[data-action="go-to-table"]', { visible: true, timeout: 10000 });
        await page.waitForSelector('[data-testid="round-1"] [data-testid="event-table"]');
        await page.waitForSelector('[data-testid="live-standings"] [data-testid="standings"]');
        assert.equal(await page.$eval('[data-testid="event-round"]', (el) => el.textContent), "Round 1 of 2");
        await fxNoSidewaysScroll(page, `round 1 at ${width(page)}`);
        await shot(page, `events-firefox-round-${width(page)}`);
      }

      // Nobody goes to the tables: bots stand in after the grace, and the night ends.
      step = "the end";
      const final = await (async () => {
        for (const until = Date.now() + 60000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
          const e = await desk.page.evaluate(async (ev) => (await window.parlor.conn.request({ type: "event", event: ev })).event, id);
          if (e.status === "finished") return e;
        }
        throw new Error("the Firefox night did not finish");
      })();
      const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
      for (const page of pages) {
        await page.bringToFront();
        await page.waitForSelector('[data-testid="final-results"]', { timeout: 10000 });
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="rounds"] [data-testid="event-table"]').length === 2, { timeout: 10000 });
        const shown = await page.$$eval('[data-testid="standings"] tbody tr', (rows) => rows.map((r) => [
          r.querySelector('[data-testid="standing-name"]').childNodes[0].textContent.trim(),
          r.querySelector('[data-testid="standing-points"]').textContent.trim()]));
        assert.deepEqual(shown, final.standings.map((s) => [s.name, fmt(s.points)]), `Firefox at ${width(page)}: the standings are the server's`);
        assert.equal(await page.$eval('[data-testid="event-round"]', (el) => el.textContent), "Round 2 of 2");
        await fxNoSidewaysScroll(page, `final results at ${width(page)}`);
        await shot(page, `events-firefox-final-${width(page)}`);
      }
      // The list files it under finished.
      step = "the list at the end";
      await phone.page.bringToFront();
      await phone.page.locator('[data-testid="events-link"]').click();
      await phone.page.waitForSelector(`[data-testid="events-finished"] .event-item[data-event="${id}"]`, { timeout: 10000 });
      await fxNoSidewaysScroll(phone.page, "events list with a finished night at 360 px");
      assert.deepEqual([...desk.errors, ...phone.errors], [], "no script errors in Firefox");
    } catch (error) {
      for (const page of pages) await shot(page, `events-firefox-failed-${width(page)}`).catch(() => {});
      error.message = `Firefox, ${step}: ${error.message}`;
      throw error;
    } finally {
      await desk.context.close();
      await phone.context.close();
    }
  });
});
