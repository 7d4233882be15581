// The operator's page (issue 48; protocol/README.md, "Operators: op_* requests"), driven
// as an admin and a moderator would: on a members-only server an unapproved account waits
// on its page until the admin approves it; the announcement reaches another open page;
// the live rooms are watched and closed with a reason; a ban shows the banned page on the
// member's open page within a couple of seconds, and lifting it lets them in again; a
// moderator sees only a moderator's controls; the audit log; the page at 360 px. On an
// invite-only server: no invite, the invite page; the admin makes an invite there, its
// link lets a new guest in, and a single-use link is refused the second time.
// Needs a parlor-server with accounts (--access, --admin).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { launchBrowser, screenshot, startServer } from "./helpers.mjs";
import { BROWSER_ARGS, accountRow, logIn, memberPage, openOperator, openPage, overflow, signUp, waitAccount, waitGate, waitWelcomed } from "./account_steps.mjs";

function serverAndBrowser(args) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(args);
    env.browser = await launchBrowser(BROWSER_ARGS);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

describe("a members-only club run from the operator's page", () => {
  const env = serverAndBrowser(["--access", "members", "--admin", "boss"]);

  it("approves a waiting account, announces, closes a room, bans and lifts", async (t) => {
    if (!env.server.games.includes("perico")) return t.skip("perico is not registered");
    // The --admin handle's sign-up is approved and made admin at once.
    const boss = await memberPage(env.browser, env.server.base, "boss");
    const waiter = await openPage(env.browser, env.server.base + "/");
    try {
      assert.equal(await boss.page.evaluate(() => window.parlor.account.role), "admin");
      await boss.page.waitForSelector('[data-action="operator"]');

      // A new account waits for approval, on a page of its own (no lobby).
      await waitGate(waiter.page, "login_required");
      await signUp(waiter.page, "waiter");
      await waitGate(waiter.page, "approval_pending");
      assert.equal(await waiter.page.locator('[data-testid="game-select"]').count(), 0);
      await screenshot(waiter.page, "operator-waiting-for-approval");

      // The admin approves it from the accounts awaiting approval; the waiting page lets it in by itself.
      await openOperator(boss.page);
      const row = await accountRow(boss.page, "waiter", { pending: true });
      await row.locator('[data-action="op-approve"]').click();
      await waitAccount(waiter.page, "waiter", 20000);
      await waiter.page.waitForSelector('[data-testid="game-select"]');

      // The announcement reaches the other open page as a banner.
      await boss.page.fill('[data-testid="op-announce-text"]', "Club night Friday at 8");
      await boss.page.click('[data-action="op-announce"]');
      await waiter.page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="announcement"]');
        return el && !el.hidden && el.textContent === "Club night Friday at 8";
      }, null, { timeout: 5000 });

      // The member opens a room; the operator sees it live, watches it, then closes it with a reason.
      await waiter.page.selectOption('[data-testid="game-select"]', "perico");
      await waiter.page.fill("#seats", "3");
      await waiter.page.selectOption("#visibility", "private");
      await waiter.page.click('[data-action="create"]');
      await waiter.page.waitForSelector('[data-testid="seat-list"]');
      const room = await waiter.page.evaluate(() => window.parlor.room.id);
      const liveRow = boss.page.locator(`[data-testid="op-rooms"] tr[data-room="${room}"]`);
      await liveRow.waitFor({ timeout: 10000 }); // the overview refreshes by itself
      await boss.page.waitForSelector('[data-testid="op-online"] li');
      assert.match(await boss.page.locator('[data-testid="op-online"]').innerText(), /waiter/);
      await liveRow.locator('[data-action="op-watch"]').click();
      await boss.page.waitForFunction((r) => window.parlor.room?.id === r && window.parlor.mySeat === null, room);
      await boss.page.waitForSelector('[data-testid="spectating"]');
      await boss.page.evaluate(() => { location.hash = "#/operator"; });
      await boss.page.waitForSelector('[data-testid="operator-page"]');
      await boss.page.locator(`[data-testid="op-rooms"] tr[data-room="${room}"] [data-action="op-close"]`).click();
      await boss.page.fill('[data-testid="op-close-reason"]', "maintenance");
      await boss.page.click('[data-action="op-close-confirm"]');
      await waiter.page.waitForFunction(() => !window.parlor.room && /maintenance/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ""), null, { timeout: 5000 });
      await boss.page.waitForFunction((r) => !document.querySelector(`[data-testid="op-rooms"] tr[data-room="${r}"]`), room, { timeout: 10000 });

      // A ban: the member's open page shows the banned page, with the reason, within a couple of seconds.
      const banRow = await accountRow(boss.page, "waiter");
      await banRow.locator('[data-action="op-ban"]').click();
      await boss.page.fill('[data-testid="op-reason"]', "cheating at cards");
      await boss.page.click('[data-action="op-sanction-confirm"]');
      await waitGate(waiter.page, "account_banned", 3000);
      assert.match(await waiter.page.locator('[data-testid="gate-reason"]').innerText(), /cheating at cards/);
      await waiter.page.waitForTimeout(1500);
      assert.equal(await waiter.page.evaluate(() => window.parlor.gate?.code), "account_banned", "no reconnect loop");
      await screenshot(waiter.page, "operator-banned");
      // Coming back is refused at the door, saying why.
      await waiter.page.reload();
      await waitGate(waiter.page, "account_banned");
      assert.equal(await waiter.page.locator('[data-testid="game-select"]').count(), 0);

      // Lifted: the member gets in again.
      const liftRow = await accountRow(boss.page, "waiter");
      await liftRow.locator('[data-action="op-lift"]').click();
      await boss.page.waitForFunction(() => !document.querySelector('[data-testid="op-accounts"] tr[data-handle="waiter"] [data-action="op-lift"]'));
      await waiter.page.reload();
      await waitAccount(waiter.page, "waiter");

      // A suspension says until when and why.
      const suspendRow = await accountRow(boss.page, "waiter");
      await suspendRow.locator('[data-action="op-suspend"]').click();
      await boss.page.fill('[data-testid="op-hours"]', "2");
      await boss.page.fill('[data-testid="op-reason"]', "cooling off");
      await boss.page.click('[data-action="op-sanction-confirm"]');
      await waitGate(waiter.page, "account_suspended", 3000);
      assert.match(await waiter.page.locator('[data-testid="gate-until"]').innerText(), /suspended until/);
      assert.match(await waiter.page.locator('[data-testid="gate-reason"]').innerText(), /cooling off/);

      // The audit log has it all, newest first.
      await boss.page.reload();
      await waitAccount(boss.page, "boss");
      await boss.page.waitForSelector('[data-testid="op-audit"] tbody tr[data-seq]');
      assert.ok(await boss.page.locator('[data-testid="op-audit"] tbody tr[data-seq]').count() >= 5, "approve, announce, close, ban, lift, suspend are logged");
      await screenshot(boss.page, "operator-page");
      assert.deepEqual([...await boss.violations(), ...await waiter.violations()], [], "no CSP violation");
    } finally {
      await boss.context.close();
      await waiter.context.close();
    }
  });

  it("shows a moderator a moderator's controls only", async () => {
    const boss = await openPage(env.browser, env.server.base + "/");
    const mod = await openPage(env.browser, env.server.base + "/");
    try {
      await waitGate(boss.page, "login_required");
      await logIn(boss.page, "boss");
      await waitAccount(boss.page, "boss");
      await waitGate(mod.page, "login_required");
      await signUp(mod.page, "modesto");
      await waitGate(mod.page, "approval_pending");
      await openOperator(boss.page);
      const row = await accountRow(boss.page, "modesto", { pending: true });
      await row.locator('[data-action="op-approve"]').click();
      await waitAccount(mod.page, "modesto", 20000);
      const again = await accountRow(boss.page, "modesto");
      await again.locator('[data-action="op-role"]').selectOption("moderator");
      await boss.page.waitForFunction(() => /moderator/.test(document.querySelector('[data-testid="op-status"]')?.textContent ?? ""));
      // The new role counts from the next hello.
      await mod.page.reload();
      await mod.page.waitForFunction(() => window.parlor?.account?.role === "moderator", null, { timeout: 15000 });
      await openOperator(mod.page);
      assert.equal(await mod.page.locator('[data-testid="op-invites"]').count(), 0, "no invites for a moderator");
      const bossRow = await accountRow(mod.page, "boss");
      for (const action of ["op-approve", "op-role", "op-suspend", "op-ban", "op-lift"]) {
        assert.equal(await bossRow.locator(`[data-action="${action}"]`).count(), 0, `no ${action} on an admin`);
      }
      const selfRow = await accountRow(mod.page, "modesto");
      assert.equal(await selfRow.locator('[data-action="op-suspend"], [data-action="op-ban"]').count(), 0, "nobody sanctions themselves");
      // The page fits a phone.
      await mod.page.setViewportSize({ width: 360, height: 800 });
      await mod.page.waitForTimeout(300);
      assert.ok(await overflow(mod.page) <= 1, `the operator's page at 360 px: overflow ${await overflow(mod.page)} px`);
      await screenshot(mod.page, "operator-moderator-360");
      assert.deepEqual(await mod.violations(), []);
    } finally {
      await boss.context.close();
      await mod.context.close();
    }
  });
});

describe("an invite-only club", () => {
  const env = serverAndBrowser(["--access", "invite", "--admin", "chief"]);

  it("asks for an invite; the admin's single-use link lets one guest in, the second is refused", async () => {
    const stranger = await openPage(env.browser, env.server.base + "/");
    let chief = null;
    const guests = [];
    try {
      await waitGate(stranger.page, "invite_required");
      assert.equal(await stranger.page.locator('[data-testid="game-select"]').count(), 0, "no lobby");
      assert.ok(await stranger.page.locator('[data-testid="invite-input"]').isVisible());
      await screenshot(stranger.page, "operator-invite-required");

      // The --admin handle signs up without an invite (as on a members server it needs no approval).
      chief = await openPage(env.browser, env.server.base + "/");
      await waitGate(chief.page, "invite_required");
      await signUp(chief.page, "chief");
      await waitAccount(chief.page, "chief");
      await openOperator(chief.page);
      await chief.page.fill('[data-testid="op-invite-uses"]', "1");
      await chief.page.fill('[data-testid="op-invite-note"]', "for Nora");
      await chief.page.click('[data-action="op-make-invite"]');
      const link = await chief.page.locator('[data-testid="op-invite-link"]').innerText();
      const code = await chief.page.locator('[data-testid="op-invite-code"]').innerText();
      assert.equal(link, `${env.server.base}/?invite=${encodeURIComponent(code)}`);
      await chief.page.waitForSelector('[data-testid="op-invites"] tr[data-invite]');
      assert.match(await chief.page.locator('[data-testid="op-invites"]').innerText(), /for Nora/);

      // The link lets a new guest in (the address then forgets the code).
      const nora = await openPage(env.browser, link);
      guests.push(nora);
      await waitWelcomed(nora.page);
      await nora.page.waitForSelector('[data-testid="game-select"]');
      assert.equal(await nora.page.evaluate(() => location.search), "");
      assert.equal(await nora.page.evaluate(() => window.parlor.guest), true);
      // A reload keeps her in: she is invited now, the code is not asked again.
      await nora.page.reload();
      await waitWelcomed(nora.page);

      // The single-use link is spent: the next one is refused, and says so.
      const late = await openPage(env.browser, link);
      guests.push(late);
      await waitGate(late.page, "bad_invite");
      assert.match(await late.page.locator('[data-testid="bad-invite"]').innerText(), /does not work/);
      await screenshot(late.page, "operator-bad-invite");

      // A code typed on the invite page works too.
      await chief.page.click('[data-action="op-make-invite"]');
      await chief.page.waitForFunction((old) => document.querySelector('[data-testid="op-invite-code"]')?.textContent !== old, code);
      const typed = await chief.page.locator('[data-testid="op-invite-code"]').innerText();
      await stranger.page.fill('[data-testid="invite-input"]', typed);
      await stranger.page.click('[data-action="use-invite"]');
      await waitWelcomed(stranger.page);
      // Revoking an invite takes it off the list's live ones.
      await chief.page.locator('[data-testid="op-invites"] tr[data-invite] [data-action="op-revoke"]').first().click();
      await chief.page.waitForFunction(() => /revoked/.test(document.querySelector('[data-testid="op-invites"]')?.textContent ?? ""));
      const all = [stranger, chief, ...guests];
      const breaches = (await Promise.all(all.map((p) => p.violations()))).flat();
      assert.deepEqual(breaches, [], "no CSP violation");
    } finally {
      await stranger.context.close();
      await chief?.context.close();
      for (const g of guests) await g.context.close();
    }
  });
});
