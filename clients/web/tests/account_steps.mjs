// Steps the account and operator tests share: a page that records every breach of the
// server's Content-Security-Policy, and signing up, logging in and opening the operator's
// page as a person does (protocol/README.md, "Accounts and access", "Operators").
import assert from "node:assert/strict";

/** Chromium's switches for these tests: a page whose CSP the test adds may still reach its server's /ws. */
export const BROWSER_ARGS = ["--disable-features=LocalNetworkAccessChecks"];

/** The policy parlor-server sends with its pages (issue 48). */
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
export const PASSWORD = "correct horse battery";

/**
 * A fresh context (own storage) and page. Every document gets the CSP above when the
 * server did not send one (so the check means the same against any server); breaches are
 * collected from `securitypolicyviolation` events and console messages: `violations()`.
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, locale = "en-US" } = {}) {
  const context = await browser.newContext({ viewport, locale });
  const sent = (await fetch(url)).headers.get("content-security-policy");
  // A page answered by the test (route.fulfill) is not the server's to Chromium's local
  // network checks: browsers for these tests start with BROWSER_ARGS.
  if (!sent) await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const headers = response.headers();
    if (!headers["content-security-policy"]) headers["content-security-policy"] = CSP;
    return route.fulfill({ response, headers });
  });
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const console = [];
  page.on("console", (m) => { if (/Content[- ]Security[- ]Policy|Refused to (apply|execute|load|connect)/i.test(m.text())) console.push(m.text()); });
  page.on("pageerror", (e) => { throw e; });
  await page.goto(url);
  const violations = async () => [...console, ...(await page.evaluate(() => window.__csp ?? []).catch(() => []))];
  return { context, page, violations };
}

/** Waits until the page is welcomed (in, past any door). */
export async function waitWelcomed(page, timeout = 15000) {
  await page.waitForFunction(() => window.parlor?.connection === "online" && !window.parlor.gate && window.parlor.playerId !== "", null, { timeout });
}

/** Waits for the door with CODE (login_required, invite_required, ...). */
export async function waitGate(page, code, timeout = 15000) {
  await page.waitForSelector(`[data-testid="gate"][data-gate="${code}"]`, { timeout });
}

/** Fills and sends the sign-up form shown on the page (the account page or a door). */
export async function signUp(page, handle, { password = PASSWORD, invite } = {}) {
  const form = page.locator('[data-testid="signup-form"]');
  await form.locator('[data-testid="signup-handle"]').fill(handle);
  await form.locator('[data-testid="signup-password"]').fill(password);
  assert.equal(await form.locator('[data-testid="signup-password"]').getAttribute("type"), "password");
  assert.equal(await form.locator('[data-testid="signup-password"]').getAttribute("autocomplete"), "new-password");
  if (invite !== undefined) await form.locator('[data-testid="signup-invite"]').fill(invite);
  await form.locator('[data-action="signup"]').click();
}

/** Fills and sends the log-in form shown on the page. */
export async function logIn(page, handle, password = PASSWORD) {
  const form = page.locator('[data-testid="login-form"]');
  await form.locator('[data-testid="login-handle"]').fill(handle);
  await form.locator('[data-testid="login-password"]').fill(password);
  assert.equal(await form.locator('[data-testid="login-password"]').getAttribute("autocomplete"), "current-password");
  await form.locator('[data-action="login"]').click();
}

/** Waits until the page is welcomed as the account HANDLE (any case). */
export async function waitAccount(page, handle, timeout = 15000) {
  await page.waitForFunction((h) => window.parlor?.connection === "online" && !window.parlor.gate &&
    window.parlor.account?.handle?.toLowerCase() === h.toLowerCase(), handle, { timeout });
}

/** A page signed up as HANDLE on a server that lets it straight in (open, or the --admin on members). */
export async function memberPage(browser, base, handle, options = {}) {
  const opened = await openPage(browser, base + "/#/account", options);
  await opened.page.waitForSelector('[data-testid="signup-form"], [data-testid="gate"]');
  await signUp(opened.page, handle);
  await waitAccount(opened.page, handle);
  return opened;
}

/** Opens the operator's page from the header's link and waits for its overview. */
export async function openOperator(page) {
  await page.click('[data-action="operator"]');
  await page.waitForSelector('[data-testid="operator-page"]');
  await page.waitForSelector('[data-testid="op-health"] [data-figure]');
}

/** The row of account HANDLE on the operator's page, after a search for it. */
export async function accountRow(page, handle, { pending = false } = {}) {
  await page.fill('[data-testid="op-filter"]', handle);
  if ((await page.isChecked('[data-testid="op-pending"]')) !== pending) await page.click('[data-testid="op-pending"]');
  await page.click('[data-action="op-accounts-search"]');
  const row = page.locator(`[data-testid="op-accounts"] tr[data-handle="${handle}" i]`);
  await row.waitFor();
  return row;
}

/** How far the page is wider than the window (0 when it fits). */
export { overflow } from "./helpers.mjs";
