// For every game: a page creates a room, bots fill the other seats, and the test plays
// a full round by clicking like a person, checking the hand shown, the turn indicator
// and the round's results; a screenshot of each table is saved to test-artifacts/.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAndStart, handFacts, openLobby, playRound, screenshot, withServerAndBrowser } from "./helpers.mjs";
import { steps } from "./games.mjs";

// The deal each game starts from (../../../shared/rules/*.md), with the table used here.
const GAMES = [
  { game: "perico", seats: 4, dealt: 5 },
  { game: "loc", seats: 4, dealt: 6 },
  { game: "loc", seats: 4, dealt: 6, options: { deck: "tarot" }, name: "loc-tarot" },
  { game: "pedro", seats: 4, dealt: 9 },
  { game: "carioca", seats: 3, dealt: 11 },
  { game: "poker", seats: 4, dealt: 5 },
];

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

describe("a full round of every game, played by clicking", () => {
  for (const { game, seats, dealt, options, name = game } of GAMES) {
    it(name, async (t) => {
      if (!server.games.includes(game)) {
        t.skip(`${game} is not registered on this parlor-server (its engine has not landed)`);
        return;
      }
      const { context, page } = await openLobby(browser, server.base, `Tester ${game}`);
      try {
        await createAndStart(page, game, { seats, options });
        const first = await handFacts(page);
        assert.equal(first.drawn, first.view, "the hand drawn is the hand in the view");
        // Nothing the bots do before our first move changes our hand (Carioca deals after the cut).
        if (first.phase !== "cut") assert.equal(first.drawn, dealt, `the deal gives ${dealt} cards`);
        const round = first.round;
        const turns = await playRound(page, steps[game], {
          onTurn: async (n) => { if (n <= 1) await screenshot(page, `${name}-table`); },
        });
        assert.ok(turns > 0, "we played at least one move");
        const end = await handFacts(page);
        assert.ok(end.over || end.round > round, "the round ended");
        assert.ok(end.hasLastRound, "the view carries the finished round");
        const results = page.locator('[data-testid="round-results"]');
        await results.waitFor({ state: "visible" });
        assert.match(await results.innerText(), /Last round/);
        await screenshot(page, `${name}-results`);
        // The log shows what happened, in words.
        assert.ok((await page.locator('[data-testid="log"] li').count()) > 3);
      } finally {
        await context.close();
      }
    });
  }
});
