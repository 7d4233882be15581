// A page whose scripts did not all arrive (static/index.html's load guard). Chromium aborts
// a page's pending requests with ERR_NETWORK_CHANGED whenever a network interface comes or
// goes: a laptop moving from Wi-Fi to mobile, a VPN, or here, on CI's machine, the
// container tests starting containers beside the browser tests. One module missing and
// main.js never runs: the page was blank. It now loads itself once more, and if that fails
// too it says so with a Reload button instead of looping.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { screenshot, withServerAndBrowser } from "./helpers.mjs";

let server;
let browser;
withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** A context in which table.js fails to arrive the first `failures` times it is asked for. */
async function contextLosingTableJs(failures) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const asked = { count: 0 };
  await context.route("**/js/table.js", (route) => {
    asked.count += 1;
    return asked.count <= failures ? route.abort("connectionreset") : route.continue();
  });
  return { context, asked };
}

describe("a page load that loses a script", () => {
  it("loads the page again by itself and shows the lobby", async () => {
    const { context, asked } = await contextLosingTableJs(1);
    try {
      const page = await context.newPage();
      await page.goto(server.base + "/");
      await page.fill("#player-name", "Reloaded");
      assert.equal(asked.count, 2, "table.js asked for once more, by the reload");
      assert.equal(await page.evaluate(() => typeof window.parlor), "object");
      assert.equal(await page.locator('[data-testid="load-failed"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  it("says so with a Reload button when the second load fails too, and the button works", async () => {
    const { context, asked } = await contextLosingTableJs(2);
    try {
      const page = await context.newPage();
      await page.goto(server.base + "/");
      const alert = page.locator('[data-testid="load-failed"]');
      await alert.waitFor();
      assert.match(await alert.textContent(), /Parlor did not load/);
      assert.equal(asked.count, 2, "one reload by itself, not a loop");
      await screenshot(page, "page-load-failed");
      await page.click('[data-testid="load-failed"] [data-action="reload"]');
      await page.fill("#player-name", "Pressed reload");
      assert.equal(asked.count, 3);
    } finally {
      await context.close();
    }
  });
});
