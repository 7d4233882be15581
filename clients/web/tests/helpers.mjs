// Shared set-up of the browser tests: a real parlor-server on a free loopback port
// serving dist/, Debian's Chromium driven by playwright-core, and small helpers that
// act like a person at the table (click cards, press buttons, wait for the server).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const webRoot = resolve(process.env.PARLOR_WEB_ROOT ?? join(here, "..", "dist"));
export const serverPath = resolve(process.env.PARLOR_SERVER ?? join(here, "..", "..", "..", "build", "bin", "parlor-server"));
export const artifacts = resolve(process.env.PARLOR_ARTIFACTS ?? join(here, "..", "..", "..", "test-artifacts"));
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/** A standard card as the page writes it for people: "TC" is "10♣", "JK" is "Joker". */
export function shortName(code) {
  if (code === "JK") return "Joker";
  const suits = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const rank = code.slice(0, -1);
  return `${rank === "T" ? "10" : rank}${suits[code.slice(-1)]}`;
}

/** The two widths every page is looked at: a phone's and a desktop's. */
export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/** How many pixels the page scrolls sideways (0: none). */
export const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The elements reaching past the window's right edge (what a failure names). */
export const widest = (page) => page.evaluate(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && out.length < 5; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNode(node);
    const right = node.nodeType === Node.TEXT_NODE ? range.getBoundingClientRect().right : node.getBoundingClientRect().right;
    if (right > window.innerWidth + 1) {
      const el = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
      out.push(`${el.tagName.toLowerCase()}.${el.className}${node.nodeType === Node.TEXT_NODE ? ` "${node.textContent.slice(0, 30)}"` : ""} (${Math.round(right)} px)`);
    }
  }
  return out;
});

// One server and one browser for a whole test file (or the describe it is called in):
// started before its first test, stopped after its last; `use(server, browser)` receives
// them once started. SERVER_ARGS are more parlor-server arguments (`--access members`, ...).
export function withServerAndBrowser(use, { serverArgs = [] } = {}) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(serverArgs);
    browser = await launchBrowser();
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

// The same in Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi, for
// a describe block: returns { missing, server, firefox }, the last two set once started.
// `missing` is why the block is skipped ("" when Firefox is there; WHAT names the run in
// it), known at once, for `it(..., { skip: fx.missing || false })`.
export function withServerAndFirefox(serverArgs, what) {
  const firefoxPath = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
  const fx = {
    missing: existsSync(firefoxPath) ? "" : `Firefox not found at ${firefoxPath}: ${what} is skipped`,
    server: null,
    firefox: null,
  };
  before(async () => {
    if (fx.missing) return;
    fx.server = await startServer(serverArgs);
    const { default: puppeteer } = await import("puppeteer-core");
    fx.firefox = await puppeteer.launch({ browser: "firefox", executablePath: firefoxPath, headless: true, protocolTimeout: 60000 });
  });
  after(async () => {
    await fx.firefox?.close();
    await fx.server?.stop();
  });
  return fx;
}

/**
 * Starts parlor-server; returns {base, games, dir, stop}. EXTRA_ARGS are more arguments
 * (`["--access", "members", "--admin", "boss"]`); DIR an existing directory whose
 * parlor.db to use (a restart on the same database), kept on stop when given.
 */
export async function startServer(extraArgs = [], { dir: keptDir } = {}) {
  if (!existsSync(serverPath)) throw new Error(`parlor-server not found at ${serverPath} (run scripts/setup.sh or set PARLOR_SERVER)`);
  if (!existsSync(join(webRoot, "index.html"))) throw new Error(`${webRoot} has no index.html: run npm run build`);
  const port = await freePort();
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), "parlor-web-test-"));
  const args = ["--address", "127.0.0.1", "--port", String(port), "--web-root", webRoot, "--db", join(dir, "parlor.db"),
    "--bot-delay-ms", "0", "--round-pause-ms", "400", "--log-level", "warn", "--rate", "0", ...extraArgs];
  const child = spawn(serverPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => { stderr += d; });
  const base = `http://127.0.0.1:${port}`;
  let games = null;
  for (let i = 0; i < 100 && !games; i++) {
    if (child.exitCode !== null) throw new Error(`parlor-server exited: ${stderr}`);
    try {
      // /healthz names the games and answers whatever --access says (a members-only
      // server keeps /api/ to its members).
      const res = await fetch(`${base}/healthz`);
      if (res.ok) games = (await res.json()).games.map((g) => (typeof g === "string" ? g : g.name));
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!games) throw new Error(`parlor-server did not answer: ${stderr}`);
  return {
    base, games, dir,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      if (!keptDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Chromium, headless; EXTRA_ARGS are more command-line switches. */
export async function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", "--disable-quic", ...extraArgs],
  });
}

export async function screenshot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * Opens the lobby in a fresh context (own localStorage) with a name. LOCALE is the
 * browser's language (navigator.languages); ONLINE the header's words for "online as".
 */
export async function openLobby(browser, base, name, viewport = { width: 1280, height: 900 }, { locale = "en-US", online = "online as" } = {}) {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  page.on("pageerror", (e) => { throw e; });
  await page.goto(base + "/");
  await page.fill("#player-name", name);
  await page.click('[data-action="save-name"]');
  // The header names the player (never an internal id such as "p5").
  await page.waitForFunction(([n, words]) => window.parlor?.connection === "online" && document.querySelector("[data-testid=connection]")?.textContent === `${words} ${n}`, [name, online]);
  await page.waitForSelector('[data-testid="game-select"]');
  return { context, page };
}

/** Creates a room of GAME from the lobby form, fills it with bots and starts. */
export async function createAndStart(page, game, { seats, options = {}, visibility = "public" } = {}) {
  await page.selectOption('[data-testid="game-select"]', game);
  if (seats !== undefined) await page.fill("#seats", String(seats));
  for (const [name, value] of Object.entries(options)) {
    const el = page.locator(`[data-option="${name}"]`);
    if ((await el.evaluate((e) => e.tagName)) === "SELECT") await el.selectOption(String(value));
    else await el.fill(String(value));
  }
  await page.selectOption("#visibility", visibility);
  await page.click('[data-action="create"]');
  await page.waitForSelector('[data-testid="seat-list"]');
  await page.click('[data-action="fill-bots"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="seat-list"] [data-kind="empty"]'));
  await page.click('[data-action="start"]');
  await page.waitForSelector('[data-testid="turn-indicator"]');
}

export async function seq(page) {
  return page.evaluate(() => `${window.parlor.update?.match}:${window.parlor.update?.seq}:${window.parlor.log.length}`);
}

/** Clicks a control and waits until the server answered (an update or an error). */
export async function press(page, selector) {
  const before = await seq(page);
  const errors = await page.evaluate(() => window.parlor.log.filter((l) => l.kind === "error").length);
  await page.click(selector);
  await page.waitForFunction(([b, e]) => {
    const p = window.parlor;
    return `${p.update?.match}:${p.update?.seq}:${p.log.length}` !== b || p.log.filter((l) => l.kind === "error").length !== e;
  }, [before, errors], { timeout: 10000 });
}

/** Selects the first usable hand cards (n of them), skipping any listed in `avoid`. */
export async function selectCards(page, n, avoid = []) {
  let picked = 0;
  const cards = page.locator('[data-testid="hand"] button.card');
  const count = await cards.count();
  for (let i = 0; i < count && picked < n; i++) {
    const card = cards.nth(i);
    if (await card.isDisabled()) continue;
    if (avoid.includes(await card.getAttribute("data-card"))) continue;
    if ((await card.getAttribute("aria-pressed")) === "true") { picked++; continue; }
    await card.click();
    picked++;
  }
  return picked;
}

export async function visible(page, selector) {
  const el = page.locator(selector).first();
  return (await el.count()) > 0 && (await el.isVisible()) && !(await el.isDisabled().catch(() => false));
}

/** What the page shows about the seat: hand size drawn, hand size in the view, the seat box's count. */
export async function handFacts(page) {
  return page.evaluate(() => {
    const p = window.parlor;
    const seat = p.update?.seat;
    const box = document.querySelector(`[data-testid="seat-${seat}"] [data-testid="card-count"]`)?.textContent ?? "";
    return {
      drawn: document.querySelectorAll('[data-testid="hand"] .card').length,
      view: p.update?.view.hand?.length ?? -1,
      box: Number.parseInt(box, 10),
      turn: document.querySelector('[data-testid="turn-indicator"]')?.textContent ?? "",
      myTurn: (p.update?.view.waiting?.seats ?? []).includes(seat),
      round: p.update?.view.round,
      phase: p.update?.view.phase,
      over: p.update?.view.over,
      hasLastRound: Boolean(p.update?.view.last_round),
    };
  });
}

/** Waits until it is this seat's turn (true) or the round/match moved on (false). */
export async function waitForTurnOrRoundEnd(page, round) {
  await page.waitForFunction((r) => {
    const u = window.parlor.update;
    if (!u) return false;
    return u.view.over || u.view.round !== r || (u.view.waiting?.seats ?? []).includes(u.seat) && Object.keys(u.view.legal ?? {}).length > 0;
  }, round, { timeout: 20000 });
  const f = await handFacts(page);
  return !f.over && f.round === round;
}

/**
 * Waits until this seat may act in the round in progress; false if the round (or the
 * match) ended first. In Perico a complete hand ends the round at once, even at the deal,
 * so a match to 1 point can be over before this seat's first turn (about 4 in 10,000 at
 * three seats, counted over 200,000 seeds with the sensible bots).
 */
export async function waitForMyTurn(page) {
  return waitForTurnOrRoundEnd(page, (await handFacts(page)).round);
}

/**
 * Clicks "Play again" after match `match` and waits for the next match's first update,
 * which may already be the match's end (a complete hand at the deal).
 */
export async function playAgain(page, match) {
  await page.click('[data-action="play-again"]');
  await page.waitForFunction((m) => window.parlor.update?.match === m + 1, match);
}

/**
 * Plays until the round in progress ends, calling `step(page, facts)` on each of this
 * seat's turns. Checks on every turn that the hand drawn is the hand in the view and the
 * seat's card count, and that the turn indicator says so (YOUR_TURN: its words).
 */
export async function playRound(page, step, { maxTurns = 400, onTurn, yourTurn = "Your turn" } = {}) {
  const start = (await handFacts(page)).round;
  let turns = 0;
  while (await waitForTurnOrRoundEnd(page, start)) {
    const f = await handFacts(page);
    if (f.drawn !== f.view || f.drawn !== f.box) throw new Error(`hand shown ${f.drawn}, view ${f.view}, seat box ${f.box}`);
    if (!f.turn.startsWith(yourTurn)) throw new Error(`turn indicator says "${f.turn}" on our turn`);
    if (onTurn) await onTurn(turns, f);
    await step(page, f);
    if (++turns > maxTurns) throw new Error("the round did not end");
  }
  return turns;
}
