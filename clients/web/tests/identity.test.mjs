// One player on several devices (issue 22): a claim code asked for in one browser and
// entered in another (a phone, 360 px wide) makes the second the same player, with the
// same name, and a code works once; player pages are by id, and a name's page says who
// else chose that name.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openLobby, screenshot, withServerAndBrowser } from "./helpers.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

const playerId = (page) => page.evaluate(() => window.parlor.playerId);
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function askForCode(page) {
  await page.click('[data-action="claim-code"]');
  const code = page.locator('[data-testid="claim-code"]');
  await code.waitFor({ state: "visible" });
  return (await code.innerText()).trim();
}

describe("one identity across devices", () => {
  it("a claim code makes another browser the same player, once", async () => {
    const laptop = await openLobby(browser, server.base, "Ines");
    const phone = await openLobby(browser, server.base, "Someone", { width: 360, height: 800 });
    const stranger = await openLobby(browser, server.base, "Stranger");
    try {
      const ines = await playerId(laptop.page);
      assert.notEqual(await playerId(phone.page), ines, "a new browser starts as a new player");
      assert.match(await laptop.page.locator('[data-testid="identity-who"]').innerText(), new RegExp(`Ines \\(player ${ines}\\)`));

      const code = await askForCode(laptop.page);
      assert.match(code, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      await laptop.page.locator('[data-testid="identity"]').scrollIntoViewIfNeeded();
      await screenshot(laptop.page, "identity-code-1280");

      // Typed on the phone as people type: lower case, no dashes.
      await phone.page.fill('[data-testid="claim-input"]', code.replace(/-/g, " ").toLowerCase());
      await phone.page.click('[data-action="claim"]');
      await phone.page.waitForFunction((n) => window.parlor?.connection === "online" && document.querySelector("[data-testid=connection]")?.textContent === `online as ${n}`, "Ines");
      assert.equal(await playerId(phone.page), ines, "the phone is Ines now");
      assert.equal(await phone.page.inputValue("#player-name"), "Ines", "the name came with the identity");
      assert.ok(await overflow(phone.page) <= 1, `the lobby fits 360 px: overflow ${await overflow(phone.page)} px`);
      await phone.page.locator('[data-testid="identity"]').scrollIntoViewIfNeeded();
      await screenshot(phone.page, "identity-claimed-360");

      // A reload keeps it (the phone's own token), and the laptop is still Ines too.
      await phone.page.reload();
      await phone.page.waitForFunction(() => window.parlor?.connection === "online");
      assert.equal(await playerId(phone.page), ines);
      assert.equal(await playerId(laptop.page), ines);

      // The code is spent: nobody else can use it.
      await stranger.page.fill('[data-testid="claim-input"]', code);
      await stranger.page.click('[data-action="claim"]');
      const status = stranger.page.locator('[data-testid="claim-status"]');
      await stranger.page.waitForFunction(() => /does not work/.test(document.querySelector('[data-testid="claim-status"]')?.textContent ?? ""));
      assert.match(await status.innerText(), /get a new one/);
      assert.notEqual(await playerId(stranger.page), ines);
    } finally {
      for (const device of [laptop, phone, stranger]) await device.context.close();
    }
  });

  it("opens a player's page by id and names the others who chose the same name", async () => {
    const first = await openLobby(browser, server.base, "Sam");
    const second = await openLobby(browser, server.base, "Sam");
    try {
      const ids = [await playerId(first.page), await playerId(second.page)];
      assert.notEqual(ids[0], ids[1]);
      // The renames to "Sam" are queued writes: wait until the store has both.
      for (let i = 0; i < 50; i++) {
        const names = await Promise.all(ids.map(async (id) => (await (await fetch(`${server.base}/api/players/by-id/${id}`)).json()).name));
        if (names.every((n) => n === "Sam")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const [i, id] of ids.entries()) {
        const page = first.page;
        await page.goto(`${server.base}/#/player-id/${id}`);
        const note = page.locator('[data-testid="namesakes"]');
        // A change of hash keeps the page: the previous player's note stays until this
        // player's page is drawn.
        await page.waitForFunction(
          (expected) => document.querySelector('[data-testid="namesakes"]')?.textContent?.includes(expected),
          `This is player ${id}.`,
        );
        const text = await note.innerText();
        assert.match(text, new RegExp(`This is player ${id}\\.`));
        assert.match(text, new RegExp(`Sam \\(player ${ids[1 - i]}\\)`), "the other Sam is named, with a link");
        const link = note.locator("a").first();
        assert.equal(await link.getAttribute("href"), `#/player-id/${ids[1 - i]}`);
      }
      await screenshot(first.page, "player-namesakes-1280");
      // The old route by name still answers: the most recently seen Sam, saying so.
      const byName = await (await fetch(`${server.base}/api/players/Sam`)).json();
      assert.ok(ids.includes(byName.player));
      assert.equal(byName.namesakes.length, 1);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
