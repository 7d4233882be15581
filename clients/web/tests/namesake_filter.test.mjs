// The match history filtered by a name that two people chose (issue 22): the page does not
// mix their matches but asks whose, naming each as the player pages do ("Rae (player p3)",
// last seen), and then lists that one person's matches by id — at 360 px too. The API's
// `player=NAME` still answers as before for its users.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAndStart, openLobby, screenshot, withServerAndBrowser } from "./helpers.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits until the history page drawn is the one the location asks for. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="history"]')?.dataset.route === location.hash.slice(2));
}

async function apiJson(path) {
  return (await fetch(`${server.base}${path}`)).json();
}

describe("the every-match filter by name", () => {
  it("asks which of the players of that name, then shows only that one's matches", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const first = await openLobby(browser, server.base, "Rae");
    const second = await openLobby(browser, server.base, "Rae");
    try {
      const people = [];
      for (const device of [first, second]) {
        await createAndStart(device.page, "perico", { seats: 2 });
        people.push(await device.page.evaluate(() => ({ id: window.parlor.playerId, match: window.parlor.matchId })));
      }
      assert.notEqual(people[0].id, people[1].id);
      // The names and seats are queued writes: wait until the store has both matches.
      for (let i = 0; i < 50; i++) {
        if ((await apiJson("/api/matches?player=Rae")).matches.length === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const byName = await apiJson("/api/matches?player=Rae");
      assert.equal(byName.matches.length, 2, "player= still matches the name, as before, for API users");

      const page = first.page;
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`${server.base}/#/history`);
      await settled(page);
      await page.fill('[data-testid="history-player"]', "rae");
      await page.click('[data-action="filter"]');
      await settled(page);
      const choices = page.locator('[data-testid="namesake-choices"]');
      await choices.waitFor({ state: "visible" });
      assert.equal(await page.locator('[data-testid="match-list"]').count(), 0, "no list mixing two people");
      const text = await choices.innerText();
      assert.match(text, /2 players chose the name Rae/);
      for (const p of people) assert.match(text, new RegExp(`Rae \\(player ${p.id}\\)`), `${p.id} is one of the choices`);
      assert.ok((await overflow(page)) <= 1, "the choices fit 360 px");
      await screenshot(page, "history-namesake-choices-360");

      await page.click(`[data-testid="namesake-choices"] [data-player="${people[1].id}"] a`);
      await settled(page);
      const rows = page.locator('[data-testid="match-list"] tbody tr');
      await rows.first().waitFor({ state: "visible" });
      assert.deepEqual(await rows.evaluateAll((r) => r.map((row) => row.dataset.match)), [people[1].match], "only that Rae's match");
      assert.match(await page.locator('[data-testid="player-id-filter"]').innerText(), new RegExp(`Only the matches of Rae \\(player ${people[1].id}\\)`));
      assert.ok((await overflow(page)) <= 1, "the filtered list fits 360 px");
      await screenshot(page, "history-namesake-filtered-360");
      // The box names that person; another filter keeps to the same person.
      assert.equal(await page.inputValue('[data-testid="history-player"]'), "Rae");
      await page.selectOption('[data-testid="history-game"]', "perico");
      await page.click('[data-action="filter"]');
      await settled(page);
      assert.match(await page.evaluate(() => location.hash), new RegExp(`player_id=${people[1].id}`));
      await rows.first().waitFor({ state: "visible" });
      assert.deepEqual(await rows.evaluateAll((r) => r.map((row) => row.dataset.match)), [people[1].match]);

      // The match's page names its options in words too.
      await page.click(`[data-match="${people[1].match}"] [data-action="open-match"]`);
      const options = page.locator('[data-testid="match-options"]');
      await options.waitFor({ state: "visible" });
      assert.match(await options.innerText(), /Hand size\s+5 cards/);

      // A name nobody chose now is looked for among the seats' names, as before.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.base}/#/history?player=Nobody%20Else`);
      await settled(page);
      assert.match(await page.locator('[data-testid="history-note"]').innerText(), /No match fits/);
      await screenshot(page, "history-namesake-none-1280");
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
