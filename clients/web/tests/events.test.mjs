// Club nights in the browser (issue 49; protocol/README.md, "Club nights") against a real
// parlor-server whose event tables start quickly (an 8 s start grace: long enough for a
// page that polls every 3 s to see its table, short enough for bots to stand in soon):
// - a Swiss night of Perico to 1 point, 2 seats a table, 2 rounds, three players: the
//   organiser creates it in the form (a refused form first: the server's words shown),
//   the lobby lists it, everyone signs up from the list (one withdraws and comes back),
//   starting with too few entrants is refused in words, the organiser's page sees the
//   others sign up without a reload (it polls), then starts;
//   each round one player seated follows "Go to your table" and lands in that table's
//   room at the seat the event lists, plays the match out by clicking, and goes back to
//   the event; the other player at the table stays away (a bot stands in: absent, last).
//   The standings and final results the page shows are the server's own `event`
//   answer, which in turn is what the rules make of the outcomes (a win 1, absent 0,
//   a bye 0.5); each finished table links to its match's record;
// - a duplicate night: each round's deal seed is shown once over and the secret once
//   finished, and the seed is SHA-256(secret || round), as the page says anyone can check;
// - on a server of members (--guests off), a member finds the form replaced by a note
//   (only moderators and admins create events there), an admin creates one, and the
//   member signs up to it without being offered Start;
// - a player who drops out of a running night from its page (asked first: Cancel keeps
//   them in) is shown dropped there, is seated at no table and given no bye in the next
//   round, and stays in the standings marked dropped, as the server's `event` says;
// - at 360 px and at desktop width, in English and in Spanish, no page scrolls sideways;
// The same pages in Debian's Firefox ESR: events_firefox.test.mjs.
// Screenshots go to test-artifacts/ (events-*.png).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { DESKTOP, PHONE, handFacts, openLobby, overflow, screenshot, startServer, waitForTurnOrRoundEnd, widest, withServerAndBrowser } from "./helpers.mjs";
import { memberPage } from "./account_steps.mjs";
import { steps } from "./games.mjs";

const SPANISH = { locale: "es-ES", online: "conectado como" };

let server;
let browser;
withServerAndBrowser((s, b) => { server = s; browser = b; },
  { serverArgs: ["--event-start-grace-ms", "8000", "--event-round-pause-ms", "300"] });

async function noSidewaysScroll(page, what) {
  const px = await overflow(page);
  assert.ok(px <= 1, `${what}: no sideways scrolling (overflow ${px} px: ${(await widest(page)).join(", ")})`);
}

/** The server's `event` answer, asked on the page's own connection. */
function eventOf(page, id) {
  return page.evaluate(async (e) => (await window.parlor.conn.request({ type: "event", event: e })).event, id);
}

/** Waits until the server's event satisfies TEST (polling `event` as the page does). */
async function waitForEvent(page, id, test, what, timeout = 60000) {
  const until = Date.now() + timeout;
  for (;;) {
    const event = await eventOf(page, id);
    if (test(event)) return event;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(event)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Counts from now on the `event` requests the page sends (window.__eventAsks). */
function countEventRequests(page) {
  return page.evaluate(() => {
    window.__eventAsks = 0;
    const conn = window.parlor.conn;
    const request = conn.request.bind(conn);
    conn.request = (body) => {
      if (body.type === "event") window.__eventAsks++;
      return request(body);
    };
  });
}

/** The page's event id, once it shows an event. */
async function shownEvent(page) {
  await page.waitForSelector('[data-testid="event-page"] [data-testid="event-name"]');
  return page.getAttribute('[data-testid="event-page"]', "data-event");
}

/** Fills the create form (on #/events) and submits it. */
async function fillEventForm(page, { name, seats, minSeats = "", rounds, target = 1, duplicate = false }) {
  await page.fill('[data-testid="event-name"]', name);
  await page.selectOption('[data-testid="event-game"]', "perico");
  await page.fill('[data-testid="event-seats"]', String(seats));
  await page.fill('[data-testid="event-min-seats"]', String(minSeats));
  await page.fill('[data-testid="event-rounds"]', String(rounds));
  await page.locator('[data-testid="event-form"] [data-option="target"]').fill(String(target));
  if (duplicate) await page.check('[data-testid="event-duplicate"]');
  await page.click('[data-action="create-event"]');
}

/** Opens the event from the list, as a person would. */
async function openFromList(page, name) {
  await page.click('[data-testid="events-link"]');
  const link = page.locator('[data-testid="events-signup"] .event-item', { hasText: name }).locator('[data-action="open-event"]');
  await link.click();
  return shownEvent(page);
}

/** Plays the Perico match this page sits at until it is over (clicking, as games.mjs does). */
async function playToTheEnd(page) {
  for (let i = 0; i < 200 && !(await handFacts(page)).over; i++) {
    const f = await handFacts(page);
    if (await waitForTurnOrRoundEnd(page, f.round)) await steps.perico(page);
  }
  await page.locator('[data-testid="match-over"]').waitFor({ state: "visible" });
}

/** The standings as the page shows them: [name, points] per row. */
function shownStandings(page) {
  return page.$$eval('[data-testid="standings"] tbody tr', (rows) => rows.map((r) => [
    r.querySelector('[data-testid="standing-name"]').childNodes[0].textContent.trim(),
    r.querySelector('[data-testid="standing-points"]').textContent.trim()]));
}

describe("club nights", () => {
  it("a Swiss night: create, sign up, start, go to your table, play, standings and results", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    const ana = await openLobby(browser, server.base, "Ana");
    const bruno = await openLobby(browser, server.base, "Bruno");
    const carla = await openLobby(browser, server.base, "Carla", PHONE);
    const people = { Ana: ana.page, Bruno: bruno.page, Carla: carla.page };
    const idOf = {};
    for (const [name, page] of Object.entries(people)) idOf[name] = await page.evaluate(() => window.parlor.playerId);
    const nameOf = (id) => Object.keys(idOf).find((n) => idOf[n] === id);
    try {
      // The lobby leads to the events; the form refuses what the server refuses, in words.
      await ana.page.click('[data-testid="lobby-events"]');
      await ana.page.waitForSelector('[data-testid="event-form"] form');
      await fillEventForm(ana.page, { name: "Friday Perico", seats: 2, minSeats: 3, rounds: 2 });
      const refusal = ana.page.locator('[data-testid="event-form-error"]');
      await refusal.waitFor({ state: "visible" });
      assert.match(await refusal.innerText(), /^The request had a missing or wrong field\. \(min_seats must be between 2 and seats\)$/);
      await fillEventForm(ana.page, { name: "Friday Perico", seats: 2, minSeats: 2, rounds: 2 });
      const id = await shownEvent(ana.page);
      assert.equal(await ana.page.evaluate(() => location.hash), `#/event/${id}`);
      assert.match(await ana.page.innerText('[data-testid="event-name"]'), /^Friday Perico\s*Sign-up open\s*Rated$/);
      assert.equal(await ana.page.innerText('[data-testid="event-organiser"]'), "Ana");
      assert.equal(await ana.page.innerText('[data-testid="event-round"]'), "2 rounds");
      await noSidewaysScroll(ana.page, "event in sign-up at desktop");

      // Starting alone is refused in words; then everyone signs up from the list.
      await ana.page.click('[data-action="join-event"]');
      await ana.page.waitForSelector('[data-testid="entered"]');
      await ana.page.click('[data-action="start-event"]');
      await ana.page.locator('[data-testid="event-error"]').waitFor({ state: "visible" });
      assert.equal(await ana.page.locator('[data-testid="event-error"]').innerText(), "Not enough entrants yet: the event needs at least 2 to fill a table.");
      // The lobby lists the events open to sign-up, by itself (asked with the rooms).
      const inLobby = carla.page.locator('[data-testid="lobby-event-list"] .event-item', { hasText: "Friday Perico" });
      await inLobby.waitFor({ timeout: 10000 });
      assert.match(await inLobby.innerText(), /^Friday Perico\s*Sign-up open\s*Perico · 1 entrant · 2 rounds$/);
      await noSidewaysScroll(carla.page, "lobby with its events at 360 px");
      await screenshot(carla.page, "events-lobby-360");
      for (const page of [bruno.page, carla.page]) {
        assert.equal(await openFromList(page, "Friday Perico"), id);
        await page.click('[data-action="join-event"]');
        await page.waitForSelector('[data-testid="entered"]');
      }
      // Withdrawing before the start removes the entrant; signing up again puts them back.
      await carla.page.click('[data-action="leave-event"]');
      await carla.page.waitForSelector('[data-action="join-event"]');
      assert.equal(await carla.page.innerText('[data-testid="entrant-count"]'), "2");
      await carla.page.click('[data-action="join-event"]');
      await carla.page.waitForSelector('[data-testid="entered"]');
      assert.equal(await carla.page.innerText('[data-testid="entrant-count"]'), "3");
      await noSidewaysScroll(carla.page, "event in sign-up at 360 px");
      // The organiser's page asks again by itself: the entrants arrive without a reload.
      await ana.page.waitForFunction(() => document.querySelector('[data-testid="entrant-count"]')?.textContent === "3", null, { timeout: 10000 });
      assert.deepEqual(await ana.page.$$eval('[data-testid="entrants"] li', (li) => li.map((l) => l.textContent)), ["Ana", "Bruno", "Carla"]);
      await screenshot(ana.page, "events-signup-desktop");
      await ana.page.click('[data-action="start-event"]');
      await ana.page.waitForFunction(() => document.querySelector('[data-testid="event-round"]')?.textContent === "Round 1 of 2");

      // Each round: one player at the table goes to it and plays; the other stays away.
      const players = [];
      for (const round of [1, 2]) {
        const event = await waitForEvent(ana.page, id, (e) => e.round === round && e.played?.length === round, `round ${round}`);
        const played = event.played[round - 1];
        assert.equal(played.tables.length, 1, "three players at 2 seats: one table");
        assert.equal(played.byes.length, 1, "and one bye");
        const table = played.tables[0];
        const player = table.players[0];
        const page = people[nameOf(player.id)];
        players.push({ round, table, present: player.id, absent: table.players[1].id, bye: played.byes[0].id });
        // The page shows the button by itself (it polls), and it enters the right room and seat.
        const go = page.locator('[data-action="go-to-table"]');
        await go.waitFor({ state: "visible", timeout: 10000 });
        if (round === 1) await screenshot(page, `events-go-to-table-${page.viewportSize().width}`);
        await noSidewaysScroll(page, `round ${round} with its button`);
        await go.click();
        await page.waitForFunction((room) => window.parlor.room?.id === room && location.hash === `#/room/${room}`, table.room);
        assert.equal(await page.evaluate(() => window.parlor.mySeat), player.seat, "seated where the event says");
        if (round === 1) {
          // Before the grace runs out the table waits for the absent player, and says so.
          await page.waitForSelector('[data-testid="event-table-note"]');
          await screenshot(page, `events-table-waiting-${page.viewportSize().width}`);
        }
        // The match starts after the start grace, a bot in the absent player's seat.
        await page.waitForFunction(() => window.parlor.update !== null, null, { timeout: 15000 });
        await playToTheEnd(page);
        // The table leads back to the event, where the round is seen over.
        await page.click('[data-testid="back-to-event"]');
        await shownEvent(page);
      }

      // The night ends; the page shows the final results, as the server counts them.
      const final = await waitForEvent(ana.page, id, (e) => e.status === "finished", "the end of the event");
      await ana.page.waitForSelector('[data-testid="final-results"]', { timeout: 10000 });
      const expected = Object.fromEntries(Object.values(idOf).map((p) => [p, 0]));
      for (const r of players) {
        const table = final.played[r.round - 1].tables[0];
        const present = table.players.find((p) => p.id === r.present);
        const absent = table.players.find((p) => p.id === r.absent);
        assert.equal(present.absent, false, `round ${r.round}: the player who came played`);
        assert.equal(absent.absent, true, `round ${r.round}: the other was absent`);
        expected[r.present] += 1;
        expected[r.bye] += 0.5;
      }
      for (const s of final.standings) assert.equal(s.points, expected[s.id], `${s.name}'s points`);
      // Each table says what its seats earned: the player who came 1, the absent seat 0
      // (last, whatever its bot did; the match's own score is shown beside it).
      for (const r of players) {
        const cell = (p) => ana.page.innerText(`[data-testid="round-${r.round}"] tr[data-player="${p}"] [data-testid="table-points"]`);
        assert.equal(await cell(r.present), "1", `round ${r.round}: the present player's points`);
        assert.equal(await cell(r.absent), "0", `round ${r.round}: the absent player's points`);
      }
      const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
      assert.deepEqual(await shownStandings(ana.page), final.standings.map((s) => [s.name, fmt(s.points)]));
      const winners = final.standings.filter((s) => s.rank === 1).map((s) => s.name);
      assert.equal(await ana.page.innerText('[data-testid="event-winner"]'),
        `${winners.length === 1 ? "Winner" : "Winners"}: ${new Intl.ListFormat("en-US", { type: "conjunction" }).format(winners)}`);
      // Each finished table links to its match's record, whose room is the table's.
      const links = ana.page.locator('[data-testid="table-record"]');
      await ana.page.waitForFunction(() => document.querySelectorAll('[data-testid="table-record"]').length === 2, null, { timeout: 10000 });
      const href = await ana.page.locator('[data-testid="round-1"] [data-testid="table-record"]').getAttribute("href");
      const record = await (await fetch(`${server.base}/api/matches/${href.slice("#/match/".length)}`)).json();
      assert.equal(record.room, final.played[0].tables[0].room);
      assert.equal(await links.count(), 2);
      await screenshot(ana.page, "events-final-desktop");
      await noSidewaysScroll(ana.page, "final results at desktop");

      // The asking stops: on a finished event's page, and on a page left for the lobby.
      await bruno.page.goto(`${server.base}/#/event/${id}`);
      await bruno.page.waitForSelector('[data-testid="final-results"]');
      for (const page of [ana.page, bruno.page]) await countEventRequests(page);
      await bruno.page.click('header nav.links a[href="#"]');
      await bruno.page.waitForSelector('[data-testid="rooms"]');
      await new Promise((r) => setTimeout(r, 7000));
      for (const page of [ana.page, bruno.page]) assert.equal(await page.evaluate(() => window.__eventAsks), 0, "no `event` asked once finished or left");

      // The list files it under finished; at 360 px nothing scrolls sideways.
      await carla.page.click('[data-testid="events-link"]');
      await carla.page.locator('[data-testid="events-finished"] .event-item', { hasText: "Friday Perico" }).waitFor();
      await noSidewaysScroll(carla.page, "events list at 360 px");
      await screenshot(carla.page, "events-list-360");
      await carla.page.goto(`${server.base}/#/event/${id}`);
      await carla.page.waitForSelector('[data-testid="final-results"]');
      await noSidewaysScroll(carla.page, "final results at 360 px");
      await screenshot(carla.page, "events-final-360");

      // In Spanish, at 360 px and at desktop width.
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await openLobby(browser, server.base, "Dora", viewport, SPANISH);
        try {
          await page.click('[data-testid="events-link"]');
          await page.waitForSelector('[data-testid="events-finished"] .event-item');
          assert.equal(await page.innerText('[data-testid="events-finished"] h3'), "Terminados");
          await noSidewaysScroll(page, `Spanish list at ${viewport.width}`);
          await screenshot(page, `events-list-es-${viewport.width}`);
          await page.goto(`${server.base}/#/event/${id}`);
          await page.waitForSelector('[data-testid="final-results"]');
          assert.equal(await page.innerText('[data-testid="final-results"] h3'), "Resultados finales");
          assert.equal(await page.innerText('[data-testid="event-round"]'), "Ronda 2 de 2");
          await noSidewaysScroll(page, `Spanish final results at ${viewport.width}`);
          await screenshot(page, `events-final-es-${viewport.width}`);
        } finally {
          await context.close();
        }
      }
    } finally {
      for (const p of [ana, bruno, carla]) await p.context.close();
    }
  });

  it("dropping out of a running night: shown dropped, not seated again, kept (dropped) in the standings", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    const hana = await openLobby(browser, server.base, "Hana");
    const ivo = await openLobby(browser, server.base, "Ivo");
    const juan = await openLobby(browser, server.base, "Juan", PHONE);
    const people = { Hana: hana.page, Ivo: ivo.page, Juan: juan.page };
    const idOf = {};
    for (const [name, page] of Object.entries(people)) idOf[name] = await page.evaluate(() => window.parlor.playerId);
    const nameOf = (id) => Object.keys(idOf).find((n) => idOf[n] === id);
    try {
      await hana.page.click('[data-testid="events-link"]');
      await hana.page.waitForSelector('[data-testid="event-form"] form');
      await fillEventForm(hana.page, { name: "Drop-out night", seats: 2, minSeats: 2, rounds: 2 });
      const id = await shownEvent(hana.page);
      await hana.page.click('[data-action="join-event"]');
      await hana.page.waitForSelector('[data-testid="entered"]');
      for (const page of [ivo.page, juan.page]) {
        assert.equal(await openFromList(page, "Drop-out night"), id);
        await page.click('[data-action="join-event"]');
        await page.waitForSelector('[data-testid="entered"]');
      }
      await hana.page.waitForFunction(() => document.querySelector('[data-testid="entrant-count"]')?.textContent === "3", null, { timeout: 10000 });
      await hana.page.click('[data-action="start-event"]');

      // Round 1: one table and a bye. The table's first player goes to it and plays (so
      // the round ends only when they have played it out); the second drops out first.
      const first = (await waitForEvent(hana.page, id, (e) => e.round === 1 && e.played?.length === 1, "round 1")).played[0];
      const [stays, leaves] = first.tables[0].players.map((p) => p.id);
      const bye = first.byes[0].id;
      const dropper = people[nameOf(leaves)];
      const drop = dropper.locator('[data-action="drop-event"]');
      await drop.waitFor({ state: "visible", timeout: 10000 });
      // Dropping out asks first; "Cancel" keeps the player in.
      const answer = (accept) => dropper.waitForEvent("dialog").then(async (d) => {
        await (accept ? d.accept() : d.dismiss());
        return d.message();
      });
      const [asked] = await Promise.all([answer(false), drop.click()]);
      assert.equal(asked, "Drop out of the event? You keep the points you earned, but you will not be seated again.");
      assert.equal(await dropper.innerText('[data-testid="entered"]'), "You are signed up");
      assert.equal((await eventOf(dropper, id)).entrants.find((e) => e.id === leaves).dropped, false, "a cancelled drop-out changes nothing");
      await Promise.all([answer(true), drop.click()]);
      // The page shows them dropped: the badge, no more "Drop out", and their standings row.
      await dropper.waitForFunction(() => !document.querySelector('[data-action="drop-event"]'));
      assert.equal(await dropper.innerText('[data-testid="entered"]'), "dropped out");
      const afterDrop = await eventOf(dropper, id);
      assert.equal(afterDrop.status, "running");
      assert.equal(afterDrop.entrants.find((e) => e.id === leaves).dropped, true, "the server has them dropped");
      assert.equal(afterDrop.standings.find((s) => s.id === leaves).dropped, true);
      assert.equal(await dropper.locator(`[data-testid="standings"] tr[data-player="${leaves}"] [data-testid="dropped"]`).count(), 1);
      // Their table of round 1 plays on without them.
      assert.ok(afterDrop.played[0].tables[0].players.some((p) => p.id === leaves), "still listed at the table they were paired at");
      await noSidewaysScroll(dropper, "a dropped player's event page");
      await screenshot(dropper, `events-dropped-${dropper.viewportSize().width}`);
      // The organiser's page sees it by itself.
      await hana.page.locator(`[data-testid="standings"] tr[data-player="${leaves}"] [data-testid="dropped"]`).waitFor({ timeout: 10000 });

      const player = people[nameOf(stays)];
      await player.locator('[data-action="go-to-table"]').waitFor({ state: "visible", timeout: 10000 });
      await player.click('[data-action="go-to-table"]');
      await player.waitForFunction((room) => window.parlor.room?.id === room, first.tables[0].room);
      await player.waitForFunction(() => window.parlor.update !== null, null, { timeout: 15000 });
      await playToTheEnd(player);
      await player.click('[data-testid="back-to-event"]');
      await shownEvent(player);

      // Round 2: the two left play; the one who dropped is neither seated nor given a bye.
      const second = (await waitForEvent(hana.page, id, (e) => e.played?.length === 2, "round 2")).played[1];
      const seated = second.tables.flatMap((tb) => tb.players.map((p) => p.id));
      assert.deepEqual(seated.sort(), [stays, bye].sort(), "round 2 seats the two still in");
      assert.deepEqual(second.byes, [], "and gives nobody a bye");
      await dropper.locator('[data-testid="round-2"]').waitFor({ timeout: 10000 });
      assert.equal(await dropper.locator(`[data-testid="round-2"] [data-player="${leaves}"]`).count(), 0, "the page seats them nowhere in round 2");
      assert.equal(await dropper.locator('[data-testid="round-2"] [data-testid="byes"]').count(), 0);
      assert.equal(await dropper.locator('[data-action="go-to-table"], [data-action="back-to-my-table"]').count(), 0, "no table to go to");

      // The end: the standings keep every entrant, the one who dropped marked so, as the server says.
      const final = await waitForEvent(hana.page, id, (e) => e.status === "finished", "the end of the night");
      assert.deepEqual(final.standings.map((s) => [s.id, s.dropped]).sort(),
        [[stays, false], [leaves, true], [bye, false]].sort(), "the server's standings: everyone, the one who dropped marked");
      assert.equal(final.standings.find((s) => s.id === leaves).points, 0, "absent in round 1, seated no more");
      const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
      for (const page of [hana.page, dropper]) {
        await page.waitForSelector('[data-testid="final-results"]', { timeout: 10000 });
        assert.deepEqual(await shownStandings(page), final.standings.map((s) => [s.name, fmt(s.points)]));
        const marks = await page.$$eval('[data-testid="standings"] tbody tr', (rows) => rows.map((r) => [r.dataset.player, r.querySelector('[data-testid="dropped"]') !== null]));
        assert.deepEqual(marks, final.standings.map((s) => [s.id, s.dropped]), "the page marks who dropped, row by row");
        await noSidewaysScroll(page, `final results with a dropped player at ${page.viewportSize().width}`);
      }
      assert.equal(await dropper.innerText('[data-testid="entered"]'), "dropped out");
      await screenshot(dropper, `events-dropped-final-${dropper.viewportSize().width}`);
    } finally {
      for (const p of [hana, ivo, juan]) await p.context.close();
    }
  });

  it("a duplicate night shows each round's seed and the secret they come from", async (t) => {
    if (!server.games.includes("perico")) return t.skip("perico is not registered on this parlor-server");
    const eva = await openLobby(browser, server.base, "Eva");
    const fede = await openLobby(browser, server.base, "Fede");
    try {
      await eva.page.click('[data-testid="events-link"]');
      await eva.page.waitForSelector('[data-testid="event-form"] form');
      await fillEventForm(eva.page, { name: "Duplicate test", seats: 2, minSeats: 2, rounds: 1, duplicate: true });
      const id = await shownEvent(eva.page);
      await eva.page.click('[data-action="join-event"]');
      await eva.page.waitForSelector('[data-testid="entered"]');
      assert.equal(await openFromList(fede.page, "Duplicate test"), id);
      await fede.page.click('[data-action="join-event"]');
      await fede.page.waitForSelector('[data-testid="entered"]');
      assert.equal(await eva.page.innerText('[data-testid="duplicate-proof"] .note'), "The secret the rounds' deals come from is shown once the event is over.");
      await eva.page.click('[data-action="start-event"]');
      // Nobody comes to the table: bots play both seats after the grace, and the night ends.
      const final = await waitForEvent(eva.page, id, (e) => e.status === "finished", "the duplicate night's end");
      await eva.page.waitForSelector('[data-testid="deal-secret"]', { timeout: 10000 });
      const seed = final.played[0].deal_seed;
      assert.match(seed, /^[0-9a-f]{64}$/);
      assert.equal(await eva.page.innerText('[data-testid="deal-seed"]'), seed);
      assert.equal(await eva.page.innerText('[data-testid="deal-secret"]'), final.deal_secret);
      const round = Buffer.alloc(8);
      round.writeBigUInt64BE(1n);
      assert.equal(createHash("sha256").update(Buffer.concat([Buffer.from(final.deal_secret, "hex"), round])).digest("hex"), seed);
      assert.match(await eva.page.innerText('[data-testid="duplicate-proof"]'), /parlor verify --duplicate RECORD…/);
      // Both absent: they tie for last and share the matchpoints, as the page shows.
      assert.deepEqual(await shownStandings(eva.page), final.standings.map((s) => [s.name, s.points.toLocaleString("en-US", { maximumFractionDigits: 2 })]));
      await screenshot(eva.page, "events-duplicate-desktop");
      await noSidewaysScroll(eva.page, "duplicate event at desktop");
    } finally {
      await eva.context.close();
      await fede.context.close();
    }
  });

  it("on a server of members only operators create events; members sign up", async () => {
    const members = await startServer(["--guests", "off", "--admin", "boss"]);
    const opened = [];
    try {
      const member = await memberPage(browser, members.base, "Gema");
      opened.push(member);
      await member.page.click('[data-testid="events-link"]');
      await member.page.waitForSelector('[data-testid="event-create-refused"]');
      assert.equal(await member.page.innerText('[data-testid="event-create-refused"]'), "On this server only moderators and admins create events.");
      assert.equal(await member.page.locator('[data-action="create-event"]').count(), 0);
      const boss = await memberPage(browser, members.base, "boss");
      opened.push(boss);
      assert.equal(await boss.page.evaluate(() => window.parlor.account.role), "admin");
      await boss.page.click('[data-testid="events-link"]');
      await boss.page.waitForSelector('[data-testid="event-form"] form');
      await fillEventForm(boss.page, { name: "Members' night", seats: 2, minSeats: 2, rounds: 1 });
      const id = await shownEvent(boss.page);
      assert.equal(await boss.page.locator('[data-action="start-event"]').count(), 1, "the organiser may start");
      // The member's list shows it by itself (asked every few seconds).
      assert.equal(await openFromList(member.page, "Members' night"), id);
      await member.page.click('[data-action="join-event"]');
      await member.page.waitForSelector('[data-testid="entered"]');
      assert.equal(await member.page.locator('[data-action="start-event"]').count(), 0, "a member who does not organise is not offered Start");
      await boss.page.waitForFunction(() => document.querySelector('[data-testid="entrant-count"]')?.textContent === "1", null, { timeout: 10000 });
    } finally {
      for (const o of opened) await o.context.close();
      await members.stop();
    }
  });
});
