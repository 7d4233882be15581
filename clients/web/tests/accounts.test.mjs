// Accounts in the web client (issue 48; protocol/README.md, "Accounts and access"):
// a guest who signs up stays the same player with its seat; sign out, and sign in again
// on another browser; a wrong password said in words; the sessions, one ended from the
// other device; a guest on a members-only server sees the login page, never the lobby;
// guests marked "(guest)" at the table; the pages under the server's strict CSP
// (Chromium and a Firefox smoke test); the account page at 360 px.
// Needs a parlor-server with accounts (--access, --guests, --admin).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { screenshot, startServer, launchBrowser, withServerAndFirefox } from "./helpers.mjs";
import { BROWSER_ARGS, CSP, PASSWORD, logIn, memberPage, openPage, overflow, signUp, waitAccount, waitGate, waitWelcomed } from "./account_steps.mjs";

/** A server with ARGS and a browser for the describe this is called in. */
function serverAndBrowser(args) {
  const it = { server: null, browser: null };
  before(async () => {
    it.server = await startServer(args);
    it.browser = await launchBrowser(BROWSER_ARGS);
  });
  after(async () => {
    await it.browser?.close();
    await it.server?.stop();
  });
  return it;
}

const playerId = (page) => page.evaluate(() => window.parlor.playerId);

describe("accounts on an open server", () => {
  const env = serverAndBrowser(["--access", "open", "--guests", "on"]);

  it("a guest who signs up is the same player, keeps its seat, and is marked until then", async (t) => {
    if (!env.server.games.includes("perico")) return t.skip("perico is not registered");
    const { context, page, violations } = await openPage(env.browser, env.server.base + "/");
    try {
      await waitWelcomed(page);
      await page.fill("#player-name", "Anita");
      await page.click('[data-action="save-name"]');
      await page.waitForFunction(() => window.parlor.connection === "online" && window.parlor.playerName === "Anita");
      // The header says this is a guest and offers the ways in.
      await page.waitForSelector('[data-testid="guest-badge"]');
      assert.equal(await page.locator('[data-testid="guest-badge"]').innerText(), "(guest)");
      assert.ok(await page.locator('[data-action="header-signup"]').isVisible());
      const guestId = await playerId(page);

      // A room with a seat; the seat list marks the guest.
      await page.selectOption('[data-testid="game-select"]', "perico");
      await page.fill("#seats", "3");
      await page.click('[data-action="create"]');
      await page.waitForSelector('[data-testid="seat-list"]');
      const room = await page.evaluate(() => window.parlor.room.id);
      await page.locator('[data-testid="seat-list"] li[data-kind="human"] [data-testid="guest-mark"]').waitFor();
      assert.match(await page.locator('[data-testid="seat-list"] li[data-kind="human"]').innerText(), /Anita \(guest\)/);
      await screenshot(page, "accounts-guest-seat");

      // Sign up from the account page (the seat is kept while reading it).
      await page.click('[data-action="header-signup"]');
      await page.waitForSelector('[data-testid="signup-form"]');
      assert.match(await page.locator('[data-testid="signup-keeps-history"]').innerText(), /same player/);
      await signUp(page, "anita");
      await waitAccount(page, "anita");
      assert.equal(await playerId(page), guestId, "the same player id: its matches and history stay its own");
      await page.waitForSelector('[data-testid="member-badge"]');
      assert.equal(await page.locator('[data-testid="guest-badge"]').count(), 0);
      assert.equal(await page.evaluate(() => window.parlor.guest), false);
      // The new token replaced the old one, and the password is kept nowhere.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      assert.ok(!stored.includes(PASSWORD), "the password is not stored");
      // Back at the table: the same seat, no longer marked as a guest's.
      await page.waitForFunction((r) => window.parlor.room?.id === r && window.parlor.room.seats.some((s) => s.player === window.parlor.playerId && s.guest !== true), room);
      await page.goto(env.server.base + `/#/room/${room}`);
      await waitAccount(page, "anita");
      await page.waitForSelector('[data-testid="seat-list"]');
      assert.equal(await page.locator('[data-testid="seat-list"] li[data-kind="human"] [data-testid="guest-mark"]').count(), 0);
      assert.deepEqual(await violations(), [], "no CSP violation");
    } finally {
      await context.close();
    }
  });

  it("signs out, says a wrong password in words, signs in again elsewhere; sessions and ending one", async () => {
    const first = await memberPage(env.browser, env.server.base, "bruno");
    const second = await openPage(env.browser, env.server.base + "/#/account");
    try {
      const brunoId = await playerId(first.page);
      // Sign out: the session ends, this browser is a new guest.
      await first.page.click('[data-action="header-logout"]');
      await first.page.waitForFunction((id) => window.parlor.connection === "online" && !window.parlor.account && window.parlor.playerId && window.parlor.playerId !== id, brunoId);

      // The other browser: a wrong password first, then the right one.
      await second.page.waitForSelector('[data-testid="login-form"]');
      await logIn(second.page, "bruno", "not the password at all");
      await second.page.waitForFunction(() => /wrong handle or password/i.test(document.querySelector('[data-testid="login-status"]')?.textContent ?? ""));
      assert.equal(await second.page.inputValue('[data-testid="login-password"]'), "", "the password is not kept in the form");
      await logIn(second.page, "Bruno");
      await waitAccount(second.page, "bruno");
      assert.equal(await playerId(second.page), brunoId, "the same player on another device");

      // The first browser signs in too; the second sees both sessions and ends the first's.
      await first.page.goto(env.server.base + "/#/account");
      await first.page.waitForSelector('[data-testid="login-form"]');
      await logIn(first.page, "bruno");
      await waitAccount(first.page, "bruno");
      await second.page.reload();
      await waitAccount(second.page, "bruno");
      await second.page.waitForSelector('[data-testid="sessions"] [data-testid="current-session"]');
      await second.page.waitForFunction(() => document.querySelectorAll('[data-testid="sessions"] li[data-session]').length >= 2);
      await screenshot(second.page, "accounts-sessions");
      // End every session but this one (the first browser's among them).
      const others = second.page.locator('[data-testid="sessions"] li[data-session]:not(.current) [data-action="end-session"]');
      while (await others.count() > 0) {
        const before = await others.count();
        await others.first().click();
        await second.page.waitForFunction((n) => document.querySelectorAll('[data-testid="sessions"] li[data-session]:not(.current)').length < n, before);
      }
      // The first browser is told within a couple of seconds, and does not reconnect in a loop.
      await waitGate(first.page, "session_ended", 5000);
      await first.page.waitForTimeout(1500);
      assert.equal(await first.page.evaluate(() => window.parlor.gate?.code), "session_ended");
      assert.equal(await first.page.locator('[data-testid="game-select"]').count(), 0, "no lobby behind it");
      // From that page, signing in again works.
      await logIn(first.page, "bruno");
      await waitAccount(first.page, "bruno");
      assert.deepEqual([...await first.violations(), ...await second.violations()], []);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it("changes the password: the old one no longer works", async () => {
    const { context, page } = await memberPage(env.browser, env.server.base, "carla");
    try {
      await page.goto(env.server.base + "/#/account");
      await waitAccount(page, "carla");
      await page.fill('[data-testid="current-password"]', PASSWORD);
      await page.fill('[data-testid="new-password"]', "a brand new secret");
      await page.click('[data-action="change-password"]');
      await page.waitForFunction(() => /Password changed/.test(document.querySelector('[data-testid="password-status"]')?.textContent ?? ""));
      const other = await openPage(env.browser, env.server.base + "/#/account");
      try {
        await other.page.waitForSelector('[data-testid="login-form"]');
        await logIn(other.page, "carla");
        await other.page.waitForFunction(() => /wrong handle or password/i.test(document.querySelector('[data-testid="login-status"]')?.textContent ?? ""));
        await logIn(other.page, "carla", "a brand new secret");
        await waitAccount(other.page, "carla");
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it("the account page fits 360 px, for a guest and for a member", async () => {
    const { context, page } = await openPage(env.browser, env.server.base + "/#/account", { viewport: { width: 360, height: 800 } });
    try {
      await page.waitForSelector('[data-testid="signup-form"]');
      assert.ok(await overflow(page) <= 1, `guest's account page: overflow ${await overflow(page)} px`);
      await screenshot(page, "accounts-guest-360");
      await signUp(page, "dora_phone");
      await waitAccount(page, "dora_phone");
      await page.waitForSelector('[data-testid="sessions"] li');
      assert.ok(await overflow(page) <= 1, `member's account page: overflow ${await overflow(page)} px`);
      await screenshot(page, "accounts-member-360");
    } finally {
      await context.close();
    }
  });
});

describe("a members-only server", () => {
  const env = serverAndBrowser(["--access", "members", "--admin", "boss"]);

  it("shows a guest the login page, never the lobby", async () => {
    const { context, page, violations } = await openPage(env.browser, env.server.base + "/");
    try {
      await waitGate(page, "login_required");
      assert.equal(await page.locator('[data-testid="game-select"]').count(), 0, "no lobby");
      assert.equal(await page.locator('[data-testid="rooms"]').count(), 0, "no room list");
      assert.ok(await page.locator('[data-testid="login-form"]').isVisible());
      assert.ok(await page.locator('[data-testid="signup-form"]').isVisible());
      // A wrong login is said in words on the door itself.
      await logIn(page, "nobody_here", "whatever it is");
      await page.waitForFunction(() => /wrong handle or password/i.test(document.querySelector('[data-testid="login-status"]')?.textContent ?? ""));
      await screenshot(page, "accounts-login-required");
      assert.deepEqual(await violations(), []);
    } finally {
      await context.close();
    }
  });

  it("the login page fits 360 px", async () => {
    const { context, page } = await openPage(env.browser, env.server.base + "/", { viewport: { width: 360, height: 800 } });
    try {
      await waitGate(page, "login_required");
      assert.ok(await overflow(page) <= 1, `overflow ${await overflow(page)} px`);
      await screenshot(page, "accounts-login-360");
    } finally {
      await context.close();
    }
  });
});

describe("the strict Content-Security-Policy", () => {
  const env = serverAndBrowser(["--access", "open"]);

  it("is sent with the page", async () => {
    const res = await fetch(env.server.base + "/");
    const policy = res.headers.get("content-security-policy") ?? "";
    for (const part of CSP.split("; ")) assert.ok(policy.includes(part), `the policy has ${part}: ${policy}`);
  });

  it("nothing on the lobby, a table, the rules, the history and the account page breaches it", async (t) => {
    if (!env.server.games.includes("loc")) return t.skip("loc is not registered");
    const { context, page, violations } = await openPage(env.browser, env.server.base + "/");
    try {
      await waitWelcomed(page);
      await page.waitForSelector('[data-testid="game-select"]');
      // A tarot Loc table draws its suits as SVG: a table with cards in hand.
      await page.selectOption('[data-testid="game-select"]', "loc");
      await page.selectOption('[data-option="deck"]', "tarot");
      await page.click('[data-action="create"]');
      await page.waitForSelector('[data-testid="seat-list"]');
      await page.click('[data-action="fill-bots"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
      await page.click('[data-action="start"]');
      await page.waitForSelector('[data-testid="hand"] .card');
      for (const hash of ["#/rules/loc", "#/history", "#/leaderboard", "#/account"]) {
        await page.evaluate((h) => { location.hash = h; }, hash);
        await page.waitForTimeout(400);
      }
      await page.waitForSelector('[data-testid="account-page"]');
      assert.deepEqual(await violations(), [], "no CSP violation");
    } finally {
      await context.close();
    }
  });
});

describe("Firefox under the CSP", () => {
  const fx = withServerAndFirefox(["--access", "members", "--admin", "fox_admin"], "the Firefox smoke test");

  it("shows the login page, signs up the admin and opens the operator's page without a breach", { skip: fx.missing || false }, async () => {
    const context = await fx.firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (/Content[- ]Security[- ]Policy|Content-Security/i.test(m.text())) errors.push(m.text()); });
    try {
      await page.evaluateOnNewDocument(() => {
        window.__csp = [];
        document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(fx.server.base + "/");
      await page.waitForSelector('[data-testid="gate"][data-gate="login_required"]', { timeout: 15000 });
      await page.type('[data-testid="signup-form"] [data-testid="signup-handle"]', "fox_admin");
      await page.type('[data-testid="signup-form"] [data-testid="signup-password"]', PASSWORD);
      await page.click('[data-testid="signup-form"] [data-action="signup"]');
      await page.waitForFunction(() => window.parlor?.account?.role === "admin" && window.parlor.connection === "online", { timeout: 15000 });
      await page.click('[data-action="operator"]');
      await page.waitForSelector('[data-testid="op-health"] [data-figure]', { timeout: 15000 });
      const violations = await page.evaluate(() => window.__csp);
      assert.deepEqual([...errors, ...violations], [], "no CSP violation in Firefox");
    } finally {
      await context.close();
    }
  });
});
