// The history pages against a real parlor-server with a database: a short Perico match
// with bots is played by clicking, then its record, the match list (filters and "More"),
// the leaderboard and the player's page must show it; the deal commitments shown at the
// table must be the SHA-256 of the revealed seed and the deal's number.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { createAndStart, handFacts, launchBrowser, openLobby, playAgain, screenshot, startServer, waitForMyTurn, waitForTurnOrRoundEnd } from "./helpers.mjs";
import { steps } from "./games.mjs";

let server;
let browser;
let hasHistory = false;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const res = await fetch(`${server.base}/api/matches`);
  hasHistory = res.ok && (res.headers.get("content-type") ?? "").includes("json");
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The persistence spec's commitment: SHA-256 over the 32 seed bytes and the deal as a big-endian u64. */
function commitment(seedHex, deal) {
  const k = Buffer.alloc(8);
  k.writeBigUInt64BE(BigInt(deal));
  return createHash("sha256").update(Buffer.concat([Buffer.from(seedHex, "hex"), k])).digest("hex");
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

/** A live match's page: in play, its commitments so far, no seed; the seat is kept. */
async function checkLiveMatchPage(page, seat) {
  const liveId = await page.evaluate(() => window.parlor.matchId);
  assert.match(liveId ?? "", /^m[0-9a-f]{12}$/);
  await page.goto(`${server.base}/#/match/${liveId}`);
  await settled(page);
  assert.equal(await page.locator('[data-testid="match-status"]').first().innerText(), "in play");
  assert.equal(await page.locator('[data-testid="match-seed"]').count(), 0, "the seed stays secret while the match runs");
  assert.ok((await page.locator('[data-testid="commitments"] tbody tr').count()) >= 1);
  await page.click('[data-testid="back-to-table"] a');
  await page.waitForSelector('[data-testid="hand"]');
  assert.equal(await page.evaluate(() => window.parlor.mySeat), seat, "back in the same seat");
}

/** Waits until the history page drawn is the one the location asks for. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="history"]')?.dataset.route === location.hash.slice(2));
}

async function noSidewaysScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what}: no sideways scrolling (overflow ${overflow}px)`);
}

describe("match history", () => {
  it("shows a finished match: its record, the list, the leaderboard and the player", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    if (!hasHistory) return t.skip("this parlor-server has no history API (/api/matches) yet");
    const { context, page } = await openLobby(browser, server.base, "Historian");
    try {
      await createAndStart(page, "perico", { seats: 3, options: { target: 1 } });
      const seat = await page.evaluate(() => window.parlor.mySeat);
      // The table's log shows the sealed deal quietly.
      const logged = page.locator('[data-testid="log"] li.info').first();
      await logged.waitFor({ state: "attached" });
      assert.match(await logged.innerText(), /^Deal 1 sealed: [0-9a-f]{8}…$/);
      assert.match(await logged.getAttribute("title"), /^SHA-256 commitment to deal 1: [0-9a-f]{64}$/);

      // A live match's page, checked once this seat is to act (the bots cannot end the
      // match before it moves); on the second match if the first was over before that.
      let liveChecked = false;
      if (await waitForMyTurn(page)) {
        await checkLiveMatchPage(page, seat);
        liveChecked = true;
      }
      const first = await playToTheEnd(page);

      // Each deal's commitment is the hash of the revealed seed and the deal's number.
      const sealed = await page.evaluate(() => window.parlor.log.filter((l) => l.kind === "info").map((l) => l.text));
      const shown = await page.evaluate(() => window.parlor.commitments);
      assert.ok(shown.length >= 1);
      for (const c of shown) assert.equal(c.sha256, commitment(first.seed, c.deal), `deal ${c.deal}'s commitment`);
      assert.equal(sealed[0], `Deal 1 sealed: ${commitment(first.seed, 1).slice(0, 8)}…`);

      // A second match, so that the list has two pages of one.
      await playAgain(page, first.match);
      if (!liveChecked && (await waitForMyTurn(page))) {
        await checkLiveMatchPage(page, seat);
        liveChecked = true;
      }
      assert.ok(liveChecked, "one of two matches was still live at this seat's first turn");
      const second = await playToTheEnd(page);
      assert.notEqual(second.match_id, first.match_id);

      // The match-over panel links to the record.
      await page.click('[data-testid="match-record"]');
      const main = page.locator('[data-testid="history"]');
      await main.waitFor({ state: "visible" });
      assert.match(await main.locator("h2").innerText(), new RegExp(second.match_id));
      const seats = await page.locator('[data-testid="match-seats"]').innerText();
      for (const name of ["Historian", "Bot 2", "Bot 3"]) assert.ok(seats.includes(name), `${name} is in the seats`);
      assert.equal(await page.locator('[data-testid="match-seats"] tr.winner').count() >= 1, true, "the winner is marked");
      assert.equal(await page.locator('[data-testid="match-status"]').first().innerText(), "finished");
      assert.equal(await page.locator('[data-testid="match-seed"]').innerText(), second.seed);
      assert.equal(Number(await page.locator('[data-testid="match-actions"]').innerText()), second.actions);
      const hashes = await page.locator('[data-testid="commitments"] tbody td.hex').allInnerTexts();
      assert.ok(hashes.length >= 1);
      hashes.forEach((hash, i) => assert.equal(hash, commitment(second.seed, i + 1)));
      assert.match(await page.locator('[data-testid="fairness-note"]').innerText(), new RegExp(`parlor verify ${second.match_id}\\.json`));
      assert.ok((await page.locator('[data-testid="match-rounds"] details.round').count()) >= 1, "the rounds are listed");
      const href = await page.locator('[data-testid="download-record"]').getAttribute("href");
      const record = await (await fetch(server.base + href)).json();
      assert.equal(record.id, second.match_id);
      assert.equal(record.seed, second.seed);
      assert.ok(await page.locator('[data-testid="back-to-table"]').isVisible(), "a way back to the table");
      // The replay walks the recorded moves in words, named, one step at a time.
      const current = page.locator('[data-testid="replay-current"]');
      assert.match(await current.innerText(), new RegExp(`^Move 1 of ${second.actions}: (Historian|Bot 2|Bot 3) `));
      await page.click('[data-action="replay-forward"]');
      assert.match(await current.innerText(), new RegExp(`^Move 2 of ${second.actions}: `));
      await page.click('[data-action="replay-last"]');
      assert.match(await current.innerText(), new RegExp(`^Move ${second.actions} of ${second.actions}: `));
      // A finished match's replay shows the cards too: every hand after each move, as the
      // server replays them from the revealed seed.
      const cardSteps = (await (await fetch(`${server.base}/api/matches/${second.match_id}/replay`)).json()).steps;
      assert.equal(cardSteps.length, second.actions + 1);
      await page.click('[data-action="replay-first"]');
      const firstHand = page.locator('[data-testid="replay-hand-0"] [data-card]');
      await firstHand.first().waitFor({ state: "attached" });
      assert.deepEqual(await firstHand.evaluateAll((cards) => cards.map((c) => c.dataset.card)), cardSteps[1].seats[0].hand,
        "seat 0's hand after move 1 is the server's replay of it");
      assert.equal(await page.locator('[data-testid="replay-cards"] [data-testid^="replay-hand-"]').count(), 3, "every seat's hand");
      await screenshot(page, "history-replay-cards");
      await page.click('[data-action="replay-last"]');
      assert.doesNotMatch(await page.locator('[data-testid="replay-list"]').innerText(), /\b(10|[2-9TJQKA])[CDHS]\b|seat \d/);
      await screenshot(page, "history-match");

      // The list, newest first, one per page: "More" brings the older match.
      await page.goto(`${server.base}/#/history?player=historian&limit=1`);
      await settled(page);
      const list = page.locator('[data-testid="match-list"] tbody tr');
      await list.first().waitFor({ state: "visible" });
      assert.deepEqual(await list.evaluateAll((rows) => rows.map((r) => r.dataset.match)), [second.match_id]);
      await page.click('[data-action="more"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="match-list"] tbody tr').length === 2);
      assert.deepEqual(await list.evaluateAll((rows) => rows.map((r) => r.dataset.match)), [second.match_id, first.match_id]);
      assert.ok(await page.locator('[data-action="more"]').isHidden(), "no more after the last page");

      // The filters: by name (no such player), then by another game, then all of Perico.
      await page.fill('[data-testid="history-player"]', "Nobody Atall");
      await page.click('[data-action="filter"]');
      await settled(page);
      assert.match(await page.locator('[data-testid="history-note"]').innerText(), /No match fits/);
      const other = server.games.find((g) => g !== "perico");
      if (other) {
        await page.fill('[data-testid="history-player"]', "");
        await page.selectOption('[data-testid="history-game"]', other);
        await page.click('[data-action="filter"]');
        await settled(page);
        assert.match(await page.locator('[data-testid="history-note"]').innerText(), /No match fits/, `no ${other} match`);
      }
      await page.selectOption('[data-testid="history-game"]', "perico");
      await page.click('[data-action="filter"]');
      await settled(page);
      await page.locator(`[data-match="${second.match_id}"]`).waitFor({ state: "visible" });
      assert.match(await page.locator(`[data-match="${second.match_id}"]`).innerText(), /Historian/);
      await page.click(`[data-match="${first.match_id}"] [data-action="open-match"]`);
      await page.waitForFunction((id) => document.querySelector('[data-testid="history"] h2')?.textContent?.includes(id), first.match_id);

      // The leaderboard of Perico lists the player with both matches.
      const wins = [first, second].filter((m) => m.results.placings[seat] === 1).length;
      await page.click("header nav.links >> text=Leaderboard");
      await page.click('nav.tabs >> text=Perico');
      const row = page.locator('[data-testid="leaderboard"] tbody tr', { hasText: "Historian" });
      await row.waitFor({ state: "visible" });
      const cells = await row.locator("td").allInnerTexts();
      assert.deepEqual(cells.slice(1, 5), ["Historian", "2", String(wins), `${Math.round((wins / 2) * 100)}%`]);
      assert.equal(await page.locator('[data-testid="leaderboard"] tbody tr', { hasText: "Bot 2" }).count(), 0, "bots are not ranked");
      await screenshot(page, "history-leaderboard");

      // The player's page: Perico's numbers and the recent matches.
      await row.locator("a").click();
      await page.locator('[data-testid="player-games"]').waitFor({ state: "visible" });
      assert.match(await page.locator('[data-testid="player-games"]').innerText(), /Perico\s+2\s+/);
      assert.equal(await page.locator('[data-testid="match-list"] tbody tr').count(), 2);

      // A phone: the pages fit without sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "phone-history-player");
      await noSidewaysScroll(page, "player page");
      for (const [route, name] of [[`#/match/${second.match_id}`, "phone-history-match"], ["#/history", "phone-history-list"], ["#/leaderboard?game=perico", "phone-history-leaderboard"]]) {
        await page.goto(`${server.base}/${route}`);
        await settled(page);
        await page.locator('[data-testid="history"] table').first().waitFor({ state: "visible" });
        await screenshot(page, name);
        await noSidewaysScroll(page, route);
      }
    } finally {
      await context.close();
    }
  });

  it("says so for a match that does not exist", async (t) => {
    if (!hasHistory) return t.skip("this parlor-server has no history API (/api/matches) yet");
    const { context, page } = await openLobby(browser, server.base, "Reader");
    try {
      await page.goto(`${server.base}/#/match/m000000000000`);
      await settled(page);
      const text = await page.locator('[data-testid="history-note"]').innerText();
      assert.ok(text.length > 5 && !/undefined|null/.test(text), text);
    } finally {
      await context.close();
    }
  });
});
