// Table chat and the host's controls (issue 22), with three people in three browsers:
// chat reaches seats and spectators with names; the host mutes and unmutes, refuses
// spectators (the watcher is sent back to the lobby, told why) and removes a player who
// went away. Also Carioca's hand "by melds" on a fixed hand.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openLobby, screenshot, withServerAndBrowser } from "./helpers.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

async function say(page, text) {
  await page.fill('[data-testid="chat-input"]', text);
  await page.press('[data-testid="chat-input"]', "Enter");
}

async function chatLines(page) {
  return page.locator('[data-testid="chat-lines"] li').allInnerTexts();
}

async function waitForLine(page, line) {
  // On a server with accounts a guest's name is marked where the server says so
  // (protocol/README.md, "Accounts and access"): "Ann (guest): …", "Cy (guest) (watching): …".
  const marked = line.replace(/^([^:(]+?)( \(watching\))?:/, "$1 (guest)$2:");
  await page.waitForFunction(([l, m]) => [...document.querySelectorAll('[data-testid="chat-lines"] li')].some((li) => li.innerText === l || li.innerText === m), [line, marked], { timeout: 10000 });
}

describe("table chat and host controls", () => {
  it("chats, mutes, refuses spectators and removes an away player", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered");
    const ann = await openLobby(browser, server.base, "Ann");
    const bob = await openLobby(browser, server.base, "Bob");
    const cy = await openLobby(browser, server.base, "Cy");
    try {
      await ann.page.selectOption('[data-testid="game-select"]', "perico");
      await ann.page.fill("#seats", "3");
      await ann.page.fill("#turn-seconds", "1");
      await ann.page.click('[data-action="create"]');
      await ann.page.waitForSelector('[data-testid="seat-list"]');
      const code = await ann.page.locator('[data-testid="room-code"] b').innerText();
      await bob.page.goto(`${server.base}/#/join/${code}`);
      await bob.page.waitForFunction(() => window.parlor.mySeat === 1);
      await cy.page.fill("#join-code", code);
      await cy.page.click('[data-action="watch-code"]');
      await cy.page.waitForSelector('[data-testid="chat-input"]');

      // Chat: everyone reads it with the sender's name; a watcher is marked as such.
      await say(ann.page, "Hello table\nsecond line?");
      for (const who of [ann, bob, cy]) await waitForLine(who.page, "Ann: Hello table second line?");
      await say(cy.page, "good luck");
      await waitForLine(bob.page, "Cy (watching): good luck");
      assert.equal(await ann.page.inputValue('[data-testid="chat-input"]'), "", "the box empties once the line is sent");
      assert.equal(await bob.page.locator('[data-testid="host-controls"]').count(), 0, "only the host sees host controls");

      // Mute: Bob is told, his box is off, and the host sees it; unmute brings him back.
      await ann.page.click('[data-testid="host-seat-1"] [data-action="mute"]');
      await bob.page.waitForSelector('[data-testid="chat-muted"]');
      assert.ok(await bob.page.locator('[data-testid="chat-input"]').isDisabled());
      await ann.page.waitForSelector('[data-testid="host-seat-1"] [data-action="unmute"]');
      await screenshot(ann.page, "talk-host-controls");
      await screenshot(bob.page, "talk-muted");
      await ann.page.click('[data-testid="host-seat-1"] [data-action="unmute"]');
      await bob.page.waitForFunction(() => !document.querySelector('[data-testid="chat-muted"]'));
      await say(bob.page, "thanks");
      await waitForLine(ann.page, "Bob: thanks");

      // Refusing spectators sends the watcher back to the lobby, saying why.
      await ann.page.uncheck('[data-testid="allow-spectators"]');
      await cy.page.waitForSelector('[data-testid="game-select"]');
      await cy.page.waitForFunction(() => /no longer allows spectators/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ""));
      await screenshot(cy.page, "talk-spectators-refused");
      await cy.page.fill("#join-code", code);
      await cy.page.click('[data-action="watch-code"]');
      await cy.page.waitForFunction(() => /does not allow spectators/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ""));

      // Bob goes away; the host may remove him only once he has been away for a turn.
      const remove = ann.page.locator('[data-testid="host-seat-1"] [data-action="remove-player"]');
      assert.ok(await remove.isDisabled(), "a player who is here cannot be removed");
      await bob.context.close();
      await ann.page.waitForFunction(() => !document.querySelector('[data-testid="host-seat-1"] [data-action="remove-player"]')?.disabled);
      await ann.page.waitForTimeout(1300); // away longer than the 1 s turn timer
      await remove.click();
      await ann.page.waitForFunction(() => document.querySelectorAll('[data-testid="seat-list"] [data-kind="empty"]').length === 2);
      assert.equal(await ann.page.locator('[data-testid="host-seat-1"]').count(), 0);
      const lines = await chatLines(ann.page);
      assert.ok(lines.includes("Bob: thanks") || lines.includes("Bob (guest): thanks"), "the chat stays");
    } finally {
      for (const who of [ann, bob, cy]) await who.context.close().catch(() => {});
    }
  });

  it("sorts a Carioca hand by melds: straights and trios first, then near melds, jokers, the rest", async () => {
    const { context, page } = await openLobby(browser, server.base, "Sorter");
    try {
      const hand = ["7C", "KD", "7H", "4S", "JK", "5S", "7D", "6S", "3S", "2H", "9C", "9D", "QH"];
      const sorted = await page.evaluate(async (h) => {
        const { meldOrder } = await import("/js/meld_sort.js");
        const { order, groupStarts } = meldOrder(h);
        return { cards: order.map((i) => h[i]), starts: [...groupStarts] };
      }, hand);
      assert.deepEqual(sorted.cards.slice(0, 4), ["3S", "4S", "5S", "6S"], "the straight first");
      assert.deepEqual(new Set(sorted.cards.slice(4, 7)), new Set(["7C", "7H", "7D"]), "then the trio");
      assert.deepEqual(new Set(sorted.cards.slice(7, 9)), new Set(["9C", "9D"]), "then the pair");
      assert.equal(sorted.cards[9], "JK", "then the joker");
      assert.deepEqual(sorted.cards.slice(10), ["2H", "QH", "KD"], "then the rest by rank");
      assert.deepEqual(sorted.starts, [4, 7, 9, 10]);
      assert.deepEqual([...sorted.cards].sort(), [...hand].sort(), "every card once");
    } finally {
      await context.close();
    }
  });
});
