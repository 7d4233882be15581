// A game's options read in words wherever a player meets them (issue 22): the new room
// form, the waiting room, the rules panel at the table and the rules page name each option
// by its label ("Hand size") and each value by its own ("5 cards"), never by a raw value
// such as "five_card" — on a phone 360 px wide too. What create_room sends is unchanged.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAndStart, openLobby, screenshot, withServerAndBrowser } from "./helpers.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** The option values of every game that are not words (they hold "_"): never shown. */
async function rawValues() {
  const { games } = await (await fetch(`${server.base}/api/games`)).json();
  return { games, raw: games.flatMap((g) => g.options.flatMap((o) => [o.name, ...(o.choices ?? []).map(String)])).filter((v) => v.includes("_")) };
}

function assertWords(text, raw, where) {
  for (const value of raw) assert.ok(!text.includes(value), `${where} shows the raw "${value}":\n${text}`);
  assert.doesNotMatch(text, /\w_\w/, `${where} shows a raw name`);
}

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("options in words", () => {
  it("the new room form labels every option and every value of every game", async () => {
    const { games, raw } = await rawValues();
    const { context, page } = await openLobby(browser, server.base, "Olga", { width: 360, height: 800 });
    try {
      for (const game of games) {
        await page.selectOption('[data-testid="game-select"]', game.name);
        const form = page.locator(".create-form .options");
        assertWords(await form.innerText(), raw, `the ${game.name} form`);
        for (const option of game.options) {
          assert.equal(await page.locator(`label[for="opt-${option.name}"]`).innerText(), option.label, `${game.name}.${option.name}`);
          if (option.type !== "choice") continue;
          const shown = await page.locator(`[data-option="${option.name}"] option`).allInnerTexts();
          assert.deepEqual(shown, option.choice_labels, `${game.name}.${option.name}'s values`);
          const values = await page.locator(`[data-option="${option.name}"] option`).evaluateAll((els) => els.map((e) => e.value));
          assert.deepEqual(values, option.choices.map(String), "what is sent stays the rules' values");
        }
        assert.ok((await overflow(page)) <= 1, `the ${game.name} form fits 360 px`);
      }
      await page.selectOption('[data-testid="game-select"]', "perico");
      await screenshot(page, "options-form-perico-360");
      await page.selectOption('[data-testid="game-select"]', "poker");
      await screenshot(page, "options-form-poker-360");
    } finally {
      await context.close();
    }
  });

  it("the waiting room, the rules panel and the rules page say the options in words", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const { raw } = await rawValues();
    const { context, page } = await openLobby(browser, server.base, "Pavel");
    try {
      await page.selectOption('[data-testid="game-select"]', "perico");
      await page.selectOption('[data-option="variant"]', "six_card");
      await page.selectOption('[data-option="scoring"]', "outranked");
      await page.click('[data-action="create"]');
      const tableOptions = page.locator('[data-testid="table-options"]');
      await tableOptions.waitFor({ state: "visible" });
      const waiting = await tableOptions.innerText();
      assert.match(waiting, /Hand size\s+6 cards/);
      assert.match(waiting, /Scoring\s+A point per hand beaten/);
      assert.match(waiting, /Points to win\s+6\b/, "the default that depends, resolved for six cards");
      assertWords(waiting, raw, "the waiting room");
      assert.equal(await page.evaluate(() => window.parlor.room.options.variant), "six_card", "the room's option is the rules' value");
      await screenshot(page, "options-waiting-room");
      await page.click('[data-action="fill-bots"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
      await page.click('[data-action="start"]');
      await page.waitForSelector('[data-testid="turn-indicator"]');
      const panel = page.locator('[data-testid="rules-panel"]');
      await panel.locator("summary").click();
      const ours = await page.locator('[data-testid="rules-options"]').innerText();
      assert.match(ours, /Hand size\s+6 cards/);
      assertWords(ours, raw, "the rules panel");

      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${server.base}/#/rules/poker`);
        const guide = page.locator('[data-testid="option-guide"]');
        await guide.waitFor({ state: "visible" });
        const text = await guide.innerText();
        assert.match(text, /Deck/);
        assert.match(text, /40 cards \(5 to ace\)/);
        assert.match(text, /Rule of 11/);
        assertWords(text, raw, "the rules page");
        assert.ok((await overflow(page)) <= 1, `the rules page fits ${width} px`);
        await screenshot(page, `options-rules-poker-${width}`);
      }
    } finally {
      await context.close();
    }
  });
});
