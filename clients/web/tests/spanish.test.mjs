// Parlor in Spanish, and no word outside the catalogue (issue 50), on one server:
// - a browser whose language is Spanish gets every page in Spanish: the lobby, a whole
//   round of each of the five games (bots fill the seats), the rules pages, a finished
//   match's page with its replay; at 360 px and at desktop width, no text of the
//   English catalogue on screen (names and card codes aside) and nothing wider than its
//   box (the page, buttons, cards);
// - numbers in the reader's locale: a Poker table of 123,456-chip stacks shows
//   "Fichas 123.455" in Spanish (at 360 px) and "Stack 123,455" in English, and the
//   page's own formatNumber / formatNumberOr and a result value drawn by results.ts
//   group per locale (Spanish from five digits: "1234", "12.345");
// - a third language added as one catalogue file (a pseudo-locale made here from
//   en.json: every message bracketed and lengthened, "[Ĺöƀƀý~~]") shows that every
//   visible text on the lobby, a table and a rules page comes from the catalogue.
// Screenshots of each page go to test-artifacts/ (spanish-*.png, pseudo-*.png).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import { createAndStart, openLobby, playRound, screenshot, waitForMyTurn, withServerAndBrowser } from "./helpers.mjs";
import { steps } from "./games.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const catalogue = (lang) => JSON.parse(readFileSync(join(here, "..", "locales", `${lang}.json`), "utf8"));
const en = catalogue("en");
const es = catalogue("es");
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const SPANISH = { locale: "es-ES", online: "conectado como" };

/**
 * Walks an ICU message, calling TEXT(c) on each character of its literal runs (the
 * message itself and the bodies of plural and select options) and KEEP(c) on the rest
 * (arguments, their names, types and option keys).
 */
function walkMessage(message, text, keep) {
  const stack = ["text"];
  for (const c of message) {
    if (c === "{") {
      keep(c);
      stack.push(stack[stack.length - 1] === "text" ? "argument" : "text");
    } else if (c === "}") {
      keep(c);
      stack.pop();
    } else if (stack[stack.length - 1] === "text" && c !== "#") {
      text(c);
    } else {
      keep(c);
    }
  }
}

/** The literal runs of an ICU message, placeholders and syntax removed. */
function literalPieces(message) {
  const pieces = [""];
  walkMessage(message, (c) => { pieces[pieces.length - 1] += c; }, () => pieces.push(""));
  return pieces.map((p) => p.replace(/''/g, "'").trim()).filter(Boolean);
}

// English phrases a Spanish reader must never see: the catalogue's literal pieces with
// a word of four letters or more, less any that the Spanish catalogue itself uses
// ("Carioca", "Pedro", "King Pedro", "Parlor", "SHA-256"), and the header's menu
// naming each language in its own words ("English").
const spanishText = Object.values(es).join("\n").toLowerCase();
const englishPhrases = [...new Set(Object.entries(en).filter(([key]) => key !== "language.name").flatMap(([, text]) => literalPieces(text)))]
  .map((p) => p.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""))
  .filter((p) => /\p{L}{4,}/u.test(p) && !spanishText.includes(p.toLowerCase()));

/** The English phrases visible on the page, and the elements wider than their box. */
async function pageFaults(page) {
  return page.evaluate((phrases) => {
    const text = document.body.innerText;
    const english = phrases.filter((p) => new RegExp(`(^|[^\\p{L}])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text));
    const root = document.documentElement;
    const wide = [];
    if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll("button, .card, .badge")) {
      if (el.checkVisibility && !el.checkVisibility()) continue;
      if (el.scrollWidth > el.clientWidth + 1) wide.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return { english, wide, lang: document.documentElement.lang };
  }, englishPhrases);
}

async function assertSpanish(page, where) {
  const faults = await pageFaults(page);
  assert.equal(faults.lang, "es", `${where}: <html lang>`);
  assert.deepEqual(faults.english, [], `${where}: English on screen`);
  assert.deepEqual(faults.wide, [], `${where}: wider than its box`);
}

/** The same checks at desktop width, then back to the phone. */
async function assertSpanishBothWidths(page, where, name) {
  await assertSpanish(page, `${where} at 360 px`);
  await screenshot(page, `spanish-${name}-360`);
  await page.setViewportSize(DESKTOP);
  await assertSpanish(page, `${where} at desktop width`);
  await screenshot(page, `spanish-${name}-desktop`);
  await page.setViewportSize(PHONE);
}

/** A pseudo-locale of en.json: every literal run accented and the whole bracketed and lengthened. */
const ACCENTS = Object.fromEntries([..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) =>
  [c, "åƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"[i]]));
function pseudo(message) {
  let out = "";
  walkMessage(message, (c) => { out += ACCENTS[c] ?? c; }, (c) => { out += c; });
  return `[${out}${"~".repeat(Math.max(2, Math.ceil(message.length * 0.3)))}]`;
}

describe("Parlor in Spanish", () => {
  let server;
  let browser;
  withServerAndBrowser((s, b) => { server = s; browser = b; });

  it("the lobby, a whole round of every game, the rules pages, in Spanish at 360 px and desktop width", async () => {
    const { context, page } = await openLobby(browser, server.base, "Ana", PHONE, SPANISH);
    try {
      await assertSpanishBothWidths(page, "lobby", "lobby");
      for (const game of ["perico", "loc", "pedro", "carioca", "poker"]) {
        if (!server.games.includes(game)) continue;
        await createAndStart(page, game, { seats: game === "pedro" ? 4 : 3 });
        let checked = 0;
        await playRound(page, steps[game], {
          yourTurn: "Te toca",
          onTurn: async (turn) => {
            if (turn % 6 === 0 && checked < 3) {
              checked++;
              await assertSpanish(page, `${game}, turn ${turn}`);
            }
          },
        });
        await page.waitForSelector('[data-testid="round-results"], [data-testid="match-over"]');
        await assertSpanishBothWidths(page, `${game}: the round's results`, game);
        await page.goto(`${server.base}/#/rules/${game}`);
        await page.waitForSelector('[data-testid="rules-page"] [data-testid="option-guide"]');
        await assertSpanishBothWidths(page, `${game}'s rules page`, `rules-${game}`);
        await page.goto(`${server.base}/#`);
        await page.click('[data-action="leave"]').catch(() => {});
        await page.waitForSelector('[data-testid="game-select"]');
      }
    } finally {
      await context.close();
    }
  });

  it("a finished match's page and its replay, in Spanish", async (t) => {
    if (!server.games.includes("perico")) return t.skip("this server does not host perico");
    const { context, page } = await openLobby(browser, server.base, "Berta", PHONE, SPANISH);
    try {
      await createAndStart(page, "perico", { seats: 3, options: { target: 1 } });
      while (!(await page.evaluate(() => window.parlor.update?.view.over))) {
        if (await waitForMyTurn(page)) await steps.perico(page);
      }
      await page.waitForSelector('[data-testid="match-record"]');
      await assertSpanish(page, "the match's end");
      await page.click('[data-testid="match-record"]');
      await page.waitForSelector('[data-testid="replay-cards"]');
      await page.click('[data-action="replay-forward"]');
      const line = await page.locator('[data-testid="replay-current"]').innerText();
      assert.match(line, /^Jugada 2 de \d+: /, "the replay's line in Spanish");
      await assertSpanishBothWidths(page, "the match page", "match");
    } finally {
      await context.close();
    }
  });

  it("numbers in the reader's locale: a Poker table's six-figure stacks grouped as Spanish and English group them", async (t) => {
    if (!server.games.includes("poker")) return t.skip("this server does not host poker");
    // Spanish groups from five digits ("123.456", "1000"), English from four ("123,456").
    for (const [who, viewport, options, locale] of [["Celia", PHONE, SPANISH, "es"], ["Carl", DESKTOP, {}, "en"]]) {
      const { context, page } = await openLobby(browser, server.base, who, viewport, options);
      try {
        await createAndStart(page, "poker", { seats: 3, options: { stack: 123456 } });
        await page.waitForFunction(() => window.parlor.update?.view.players?.every((p) => typeof p.stack === "number"));
        const { stacks, pot } = await page.evaluate(() => ({
          stacks: window.parlor.update.view.players.map((p) => p.stack), pot: window.parlor.update.view.pot_total }));
        const fmt = new Intl.NumberFormat(locale);
        assert.ok(stacks.every((n) => n >= 10000), `the stacks are large: ${stacks}`);
        const words = locale === "es" ? "Fichas" : "Stack";
        for (const [s, stack] of stacks.entries()) {
          const shown = await page.innerText(`[data-testid="seat-${s}"]`);
          assert.ok(shown.includes(`${words} ${fmt.format(stack)}`), `${locale}: seat ${s} shows its stack ${fmt.format(stack)}: ${shown}`);
          assert.match(fmt.format(stack), locale === "es" ? /^\d{3}\.\d{3}$/ : /^\d{3},\d{3}$/);
        }
        if (pot) assert.match(await page.innerText('[data-testid="pot"]'), new RegExp(fmt.format(pot).replace(/[.,]/g, "\\$&")));
        // The page's own modules (the same instances, in the reader's language): the
        // formatter, and a result value drawn without knowing the game.
        const drawn = await page.evaluate(async () => {
          const i18n = await import("/js/i18n.js");
          const results = await import("/js/results.js");
          return { five: i18n.formatNumber(12345), four: i18n.formatNumber(1234), half: i18n.formatNumber(2.5),
            missing: i18n.formatNumberOr(null, "—"), value: results.renderValue(123456, ["A"], "pot") };
        });
        assert.deepEqual(drawn, locale === "es"
          ? { five: "12.345", four: "1234", half: "2,5", missing: "—", value: "123.456" }
          : { five: "12,345", four: "1,234", half: "2.5", missing: "—", value: "123,456" });
        await screenshot(page, `numbers-poker-${locale}-${viewport.width}`);
        await page.click('[data-action="leave"]').catch(() => {});
      } finally {
        await context.close();
      }
    }
  });

  it("a pseudo-locale added as one catalogue file: every visible text comes from it", async (t) => {
    if (!server.games.includes("loc")) return t.skip("this server does not host loc");
    const messages = Object.fromEntries(Object.entries(en).map(([k, v]) => [k, pseudo(v)]));
    messages["language.name"] = "[Ƥšéûđö~~]";
    const context = await browser.newContext({ viewport: DESKTOP, locale: "xx" });
    const page = await context.newPage();
    await page.route("**/locales/index.json", (route) => route.fulfill({ json: [{ code: "en", name: "English" }, { code: "xx", name: messages["language.name"] }] }));
    await page.route("**/locales/xx.json", (route) => route.fulfill({ json: messages }));
    const escapes = () => page.evaluate(() => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const el = node.parentElement;
        if (!/\p{L}/u.test(text) || !el || (el.checkVisibility && !el.checkVisibility())) continue;
        // Cards, codes, the language menu (each language in its own name) and the players' names.
        if (el.closest("[data-card], [data-testid=room-code], [data-testid=language], .hex, code")) continue;
        if (["Pia", "Ana", "Berta"].includes(text) || /^[AKQJ]$/.test(text)) continue;
        if (!text.startsWith("[")) out.push(text.slice(0, 60));
      }
      return out;
    });
    try {
      await page.goto(`${server.base}/`);
      await page.waitForFunction(() => window.parlor?.connection === "online" && document.documentElement.lang === "xx");
      await page.fill("#player-name", "Pia");
      await page.click('[data-action="save-name"]');
      await page.waitForSelector('[data-testid="game-select"]');
      await page.waitForFunction(() => /Pia/.test(document.querySelector("[data-testid=connection]")?.textContent ?? ""));
      assert.deepEqual(await escapes(), [], "the lobby: text outside the catalogue");
      await screenshot(page, "pseudo-lobby");
      await createAndStart(page, "loc", { seats: 3 });
      await waitForMyTurn(page);
      await steps.loc(page);
      await waitForMyTurn(page);
      assert.deepEqual(await escapes(), [], "a Loc table: text outside the catalogue");
      await screenshot(page, "pseudo-table");
      await page.goto(`${server.base}/#/rules/carioca`);
      await page.waitForSelector('[data-testid="rules-page"] [data-testid="option-guide"]');
      assert.deepEqual(await escapes(), [], "the rules page: text outside the catalogue");
      await screenshot(page, "pseudo-rules");
    } finally {
      await context.close();
    }
  });
});
