// What a newcomer reads and does around the moves (issue 22): names and card names
// everywhere (never 0-based seats or codes), the header's name, turn timeouts and
// comings and goings announced, finished matches keeping their names, invite links,
// the rules from the table, phones at 360 and 390 px, keyboard-only play of a whole
// round with focus kept and one live region updated in place, hand sorting, quick play.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAndStart, handFacts, openLobby, playRound, screenshot, waitForMyTurn, waitForTurnOrRoundEnd, withServerAndBrowser } from "./helpers.mjs";
import { steps } from "./games.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

// Raw codes a person should never read: "7H", "TC", "JK", "T19" and 0-based seat fields.
const CARD_CODE = /(^|[\s(,:])(10|[2-9TJQKA])[CDHS](?=$|[\s),.;:])|\bJK\b|\bT\d{1,2}\b/;
const SEAT_FIELD = /\b(seat|knocker|discarder|leader|owner|upcard|dealer|winner)\s\d|\bmeld 0\b/i;

async function logLines(page) {
  return page.locator('[data-testid="log"] li').allInnerTexts();
}

async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("the players' experience", () => {
  it("writes names and card names in the log and on the buttons of every game", async () => {
    for (const [game, seats, options] of [["perico", 3], ["carioca", 3], ["loc", 3, { deck: "tarot" }], ["pedro", 4], ["poker", 3]]) {
      if (!server.games.includes(game)) continue;
      const { context, page } = await openLobby(browser, server.base, `Reader ${game}`);
      try {
        await createAndStart(page, game, { seats, options });
        let turns = 0;
        await playRound(page, async (p) => {
          // Choose a card (when cards may be chosen) so buttons name it, then read them.
          const card = p.locator('[data-testid="hand"] button.card:not([disabled]):not([aria-disabled="true"])').first();
          const names = turns++ < 4 && (await card.count()) > 0 && (await p.locator('[data-action="discard"], [data-action="play"]').count()) > 0;
          if (names) await card.click();
          for (const text of await p.locator('[data-testid="controls"] button').allInnerTexts()) {
            assert.doesNotMatch(text, CARD_CODE, `${game} button "${text}" shows a card code`);
          }
          if (names) await card.click();
          await steps[game](p);
        }, { maxTurns: 60 }).catch((e) => { if (!/did not end/.test(e.message)) throw e; });
        const lines = await logLines(page);
        assert.ok(lines.length > 3, `${game}: the log tells what happened`);
        for (const line of lines) {
          if (line.startsWith("Deal ") && line.includes("sealed")) continue; // a hash, not a card
          assert.doesNotMatch(line, CARD_CODE, `${game} log line "${line}" shows a card code`);
          assert.doesNotMatch(line, SEAT_FIELD, `${game} log line "${line}" shows a seat number`);
        }
        await screenshot(page, `names-${game}`);
      } finally {
        await context.close();
      }
    }
  });

  it("announces a turn the server played because time ran out", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const { context, page } = await openLobby(browser, server.base, "Sleepy");
    try {
      await page.selectOption('[data-testid="game-select"]', "perico");
      await page.fill("#turn-seconds", "2");
      await page.fill("#seats", "2");
      await page.click('[data-action="create"]');
      await page.click('[data-action="fill-bots"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
      await page.click('[data-action="start"]');
      const line = page.locator('[data-testid="log"] li.timeout').first();
      await line.waitFor({ state: "visible", timeout: 15000 });
      assert.match(await line.innerText(), /^Sleepy ran out of time; the server played for them: Sleepy /);
    } finally {
      await context.close();
    }
  });

  it("keeps a finished match's names, says who left and who is back, and invites by link", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const host = await openLobby(browser, server.base, "Hostess");
    const guest = await openLobby(browser, server.base, "Visitor");
    try {
      await host.page.selectOption('[data-testid="game-select"]', "perico");
      await host.page.fill("#seats", "3");
      await host.page.fill('[data-option="target"]', "1");
      await host.page.selectOption("#visibility", "private");
      await host.page.click('[data-action="create"]');
      const link = await host.page.locator('[data-testid="invite-link"]').getAttribute("href");
      const code = (await host.page.locator('[data-testid="room-code"] b').innerText()).trim();
      assert.ok(link.endsWith(`#/join/${code}`), `the invite link carries the code: ${link}`);

      // The friend opens the link: straight to the table, in a seat.
      await guest.page.goto(link);
      await guest.page.waitForSelector('[data-testid="seat-list"]');
      await host.page.waitForFunction(() => document.querySelector('[data-testid="seat-list"]').textContent.includes("Visitor"));
      await host.page.click('[data-action="fill-bots"]');
      await host.page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
      await host.page.click('[data-action="start"]');
      await guest.page.waitForSelector('[data-testid="hand"]');

      // A dropped connection is told to the others, and the return too.
      await guest.page.evaluate(() => window.parlor.conn.drop());
      await host.page.locator('[data-testid="log"] li', { hasText: "Visitor is back" }).waitFor({ timeout: 15000 });
      assert.ok((await logLines(host.page)).some((l) => l.startsWith("Visitor lost the connection")), "the drop was told");

      // Both play until the match ends (a match to 1 point).
      for (let i = 0; i < 200 && !(await handFacts(guest.page)).over; i++) {
        for (const p of [host.page, guest.page]) {
          const u = await p.evaluate(() => window.parlor.update);
          if (u && !u.view.over && (u.view.waiting?.seats ?? []).includes(u.seat) && Object.keys(u.view.legal ?? {}).length) await steps.perico(p);
        }
        await guest.page.waitForTimeout(50);
      }
      const panel = guest.page.locator('[data-testid="match-over"]');
      await panel.waitFor({ state: "visible", timeout: 30000 });
      assert.ok((await panel.innerText()).includes("Hostess"));

      // The host leaves: the guest reads it, and the finished match keeps her name.
      await host.page.click('[data-action="leave"]');
      await guest.page.locator('[data-testid="log"] li', { hasText: "Hostess left" }).waitFor({ timeout: 10000 });
      const text = await panel.innerText();
      assert.ok(text.includes("Hostess"), `the results still name the host: ${text}`);
      assert.ok(!/Seat \d/.test(text), `no "Seat N" replaces a name: ${text}`);
      assert.ok((await guest.page.locator('[data-testid="scores"]').innerText()).includes("Hostess"));
      await screenshot(guest.page, "finished-match-after-host-left");

      // A link whose table is gone says so in words.
      await guest.page.click('[data-action="lobby"]');
      await guest.page.goto(`${server.base}/#/join/ZZZZZZ`);
      const error = guest.page.locator('[data-testid="error"]');
      await error.waitFor({ state: "visible" });
      assert.match(await error.innerText(), /invite link.*closed or the code is wrong/);
      // Editing the form clears the stale error.
      await guest.page.fill("#join-code", "AB");
      await error.waitFor({ state: "hidden" });
      // An old room link (#/room/ID, no code) to a private or closed table says why.
      await guest.page.goto(`${server.base}/#/room/R999`);
      await guest.page.reload();
      await error.waitFor({ state: "visible" });
      assert.match(await error.innerText(), /closed, or private: a private table opens with its invite link/);
    } finally {
      await host.context.close();
      await guest.context.close();
    }
  });

  it("opens the rules and hand ranks from the table and comes back to the seat", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const { context, page } = await openLobby(browser, server.base, "Student");
    try {
      await createAndStart(page, "perico", { seats: 3, options: { variant: "six_card" } });
      const panel = page.locator('[data-testid="rules-panel"]');
      await panel.locator("summary").click();
      assert.match(await panel.innerText(), /old house/i, "the six-card categories are explained");
      assert.match(await panel.innerText(), /Hand size\s+6 cards/, "with this room's options, in words");
      await page.click('[data-testid="rules-link"]');
      await page.waitForSelector('[data-testid="rules-page"]');
      assert.match(await page.locator('[data-testid="hand-ranks"]').innerText(), /royal flush/);
      const seat = await page.evaluate(() => window.parlor.update.seat);
      await page.click('[data-testid="back-to-table"]');
      await page.waitForSelector('[data-testid="hand"]');
      assert.equal(await page.evaluate(() => window.parlor.update.seat), seat, "still in the same seat");
      // A card drawn arrives with a short animation (and the hand stays usable meanwhile).
      if (await waitForMyTurn(page) && (await page.locator('[data-action="draw"]').count())) {
        await page.click('[data-action="draw"]');
        await page.waitForFunction(() => window.parlor.update.view.drawn);
        const drawn = await page.evaluate(() => window.parlor.update.view.drawn);
        const held = await page.evaluate((d) => window.parlor.update.view.hand.filter((c) => c === d).length, drawn);
        if (held === 1) assert.equal(await page.locator(`[data-testid="hand"] .card.fresh[data-card="${drawn}"]`).count(), 1, `the drawn ${drawn} is marked fresh`);
      }
    } finally {
      await context.close();
    }
  });

  it("plays a whole round with the keyboard alone, keeping focus and one live region", async (t) => {
    if (!server.games.includes("loc")) return t.skip("loc is not registered");
    const { context, page } = await openLobby(browser, server.base, "Keyboard");
    try {
      await createAndStart(page, "loc", { seats: 3 });
      await page.evaluate(() => { document.querySelector('[data-testid="live-region"]').dataset.original = "yes"; });
      const round = (await handFacts(page)).round;
      const heard = new Set();
      let moves = 0;
      while (await waitForTurnOrRoundEnd(page, round)) {
        heard.add(await page.locator('[data-testid="live-region"]').textContent());
        // Tab to a card that may be chosen, Space, Tab to the move, Enter: no mouse.
        for (let i = 0; i < 40; i++) {
          const on = await page.evaluate(() => document.activeElement?.matches('[data-testid="hand"] button.card:not([disabled])'));
          if (on) break;
          await page.keyboard.press("Tab");
        }
        await page.keyboard.press("Space");
        for (let i = 0; i < 20; i++) {
          const action = await page.evaluate(() => document.activeElement?.getAttribute("data-action"));
          if (action === "discard" || action === "play") break;
          await page.keyboard.press("Tab");
        }
        const before = await page.evaluate(() => window.parlor.update.seq);
        await page.keyboard.press("Enter");
        await page.waitForFunction((b) => window.parlor.update.seq > b, before);
        const focused = await page.evaluate(() => document.activeElement && document.activeElement !== document.body);
        assert.ok(focused, "focus stays on the table after a move, never on <body>");
        moves++;
      }
      assert.equal(moves, 6, "one discard and five plays, every one by keyboard");
      assert.equal(await page.evaluate(() => document.querySelector('[data-testid="live-region"]').dataset.original), "yes", "the live region is the same node");
      assert.ok(heard.has("Your turn"), `the live region said "Your turn": ${[...heard]}`);
      // During the pause between rounds the turn line never says "Your turn".
      const paused = await page.evaluate(() => { const u = window.parlor.update; const was = u.paused; u.paused = true; const text = window.parlor.turnText(); u.paused = was; return text; });
      assert.match(paused, /^Round over/);
      const seatBox = page.locator('[data-testid^="seat-"]').first();
      assert.equal(await seatBox.getAttribute("role"), "group");
      assert.match(await seatBox.getAttribute("aria-label"), /\d+ cards, score/);
    } finally {
      await context.close();
    }
  });

  it("sorts the hand by suit or rank without changing what a card does", async (t) => {
    if (!server.games.includes("carioca")) return t.skip("carioca is not registered");
    const { context, page } = await openLobby(browser, server.base, "Sorter");
    try {
      await createAndStart(page, "carioca", { seats: 2 });
      await page.selectOption('[data-testid="hand-sort"]', "suit");
      const codes = await page.locator('[data-testid="hand"] .card').evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
      const suits = codes.filter((c) => c !== "JK").map((c) => c.slice(-1));
      assert.deepEqual(suits, [...suits].sort(), `grouped by suit: ${codes}`);
      assert.deepEqual([...codes].sort(), [...(await page.evaluate(() => window.parlor.update.view.hand))].sort(), "the same cards");
      await page.selectOption('[data-testid="hand-sort"]', "dealt");
      // The turn alert (tone, title bar) can be turned off, and stays off after a reload.
      await page.click('[data-action="toggle-alert"]');
      assert.equal(await page.locator('[data-action="toggle-alert"]').getAttribute("aria-pressed"), "false");
      await page.reload();
      await page.waitForSelector('[data-testid="hand"]');
      assert.match(await page.locator('[data-action="toggle-alert"]').innerText(), /off/);
    } finally {
      await context.close();
    }
  });

  for (const width of [360, 390]) {
    it(`fits ${width} px: lobby, form, table, rules`, async (t) => {
      const game = ["carioca", "perico"].find((g) => server.games.includes(g));
      if (!game) return t.skip("no game");
      const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      try {
        await page.goto(server.base + "/");
        await page.fill("#player-name", `Phone${width}`);
        await page.tap('[data-action="save-name"]');
        await page.waitForFunction((n) => document.querySelector("[data-testid=connection]")?.textContent === `online as ${n}`, `Phone${width}`);
        await page.selectOption('[data-testid="game-select"]', game);
        assert.ok(await overflow(page) <= 1, `lobby at ${width}: overflow ${await overflow(page)} px`);
        await screenshot(page, `lobby-${width}`);
        // The tap on "Create room" lands on it, not on a neighbouring row.
        const create = page.locator('[data-action="create"]');
        await create.scrollIntoViewIfNeeded();
        const box = await create.boundingBox();
        const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.getAttribute("data-action"), [box.x + box.width / 2, box.y + box.height / 2]);
        assert.equal(hit, "create");
        await create.tap();
        await page.waitForSelector('[data-testid="seat-list"]');
        assert.ok(await overflow(page) <= 1, `waiting room at ${width}`);
        await page.tap('[data-action="fill-bots"]');
        await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
        await page.tap('[data-action="start"]');
        await page.waitForSelector('[data-testid="hand"]');
        assert.ok(await overflow(page) <= 1, `table at ${width}: overflow ${await overflow(page)} px`);
        await screenshot(page, `table-${game}-${width}`);
        await page.tap('[data-testid="rules-link"]');
        await page.waitForSelector('[data-testid="rules-page"]');
        assert.ok(await overflow(page) <= 1, `rules at ${width}`);
        await screenshot(page, `rules-${game}-${width}`);
      } finally {
        await context.close();
      }
    });
  }

  it("tells apart two players with the same name on the leaderboard", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const twins = [await openLobby(browser, server.base, "Twin"), await openLobby(browser, server.base, "Twin")];
    try {
      for (const { page } of twins) {
        await createAndStart(page, "perico", { seats: 2, options: { target: 1 } });
        for (let i = 0; i < 200 && !(await handFacts(page)).over; i++) {
          const f = await handFacts(page);
          if (await waitForTurnOrRoundEnd(page, f.round)) await steps.perico(page);
        }
        await page.locator('[data-testid="match-over"]').waitFor({ state: "visible" });
      }
      const page = twins[0].page;
      await page.goto(`${server.base}/#/leaderboard?game=perico`);
      const board = page.locator('[data-testid="leaderboard"]');
      await board.waitFor({ state: "visible" });
      const ids = await board.locator('[data-testid="player-id"]').allInnerTexts();
      assert.equal(ids.length, 2, "both Twins carry their player id");
      assert.notEqual(ids[0], ids[1]);
      assert.ok(await page.locator('[data-testid="shared-names"]').isVisible());
    } finally {
      for (const twin of twins) await twin.context.close();
    }
  });

  it("fits every game's table, moves and results at 360 px", async () => {
    for (const [game, seats, options] of [["perico", 4], ["loc", 6, { deck: "tarot" }], ["pedro", 4], ["carioca", 5], ["poker", 7]]) {
      if (!server.games.includes(game)) continue;
      const { context, page } = await openLobby(browser, server.base, `Narrow ${game}`, { width: 360, height: 780 });
      try {
        await createAndStart(page, game, { seats, options });
        await waitForMyTurn(page);
        assert.ok(await overflow(page) <= 1, `${game} table at 360 px: overflow ${await overflow(page)} px`);
        await screenshot(page, `narrow-${game}`);
        await playRound(page, steps[game]);
        await page.locator('[data-testid="round-results"]').waitFor({ state: "visible" });
        assert.ok(await overflow(page) <= 1, `${game} results at 360 px: overflow ${await overflow(page)} px`);
      } finally {
        await context.close();
      }
    }
  });

  it("quick play seats a second player at the first one's open table", async (t) => {
    if (!server.games.includes("poker")) return t.skip("poker is not registered");
    const first = await openLobby(browser, server.base, "Quick One");
    const second = await openLobby(browser, server.base, "Quick Two");
    try {
      await first.page.selectOption("#quick-game", "poker");
      await first.page.click('[data-action="quick-play"]');
      await first.page.waitForSelector('[data-testid="seat-list"]');
      const room = await first.page.evaluate(() => window.parlor.room.id);
      await second.page.selectOption("#quick-game", "poker");
      await second.page.click('[data-action="quick-play"]');
      await second.page.waitForSelector('[data-testid="seat-list"]');
      assert.equal(await second.page.evaluate(() => window.parlor.room.id), room, "the open table, not a new one");
      await first.page.locator('[data-testid="log"] li, [data-testid="seat-list"]', { hasText: "Quick Two" }).first().waitFor();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
