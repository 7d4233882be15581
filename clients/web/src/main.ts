// Entry point: connects, then draws the lobby or the room from the app's state.
import { App, isReadingRoute } from "./app.js";
import { TurnAlert } from "./alert.js";
import { rulesPage } from "./rules.js";
import { button, clear, h } from "./dom.js";
import { Lobby } from "./lobby.js";
import { historyPage, isHistoryRoute } from "./history.js";
import { remainingMs, renderRoom } from "./table.js";
import { language, languages, loadLanguage, switchLanguage, t } from "./i18n.js";
import { gameTitle } from "./game_words.js";
import { accountPage } from "./account.js";
import { gatePage } from "./gate.js";
import { OperatorPage, OVERVIEW_EVERY_MS } from "./operator.js";
import { EVENT_POLL_MS, eventIdOf, isEventsRoute } from "./events.js";
import { EventsList } from "./events_list.js";
import { EventPage } from "./event_page.js";

const root = document.getElementById("app")!;
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const app = new App(`${scheme}//${location.host}/ws`);
// An invite link (/?invite=CODE): the first hello redeems it, and sign-up's field shows it.
const invited = new URLSearchParams(location.search).get("invite");
if (invited) app.conn.invite = invited.trim();
// For tests and the curious, and index.html's load guard: its absence at the page's load
// event means this module never ran (one of its imports did not arrive). Set before the
// catalogue is awaited, since that fetch does not hold the load event back.
(window as unknown as { parlor: App }).parlor = app;
await loadLanguage();
document.title = t("app.title");
const lobby = new Lobby(app);
const status = h("span", { class: "conn", "data-testid": "connection" });
const content = h("div", { class: "content" });
// The page's one live region: built once and updated in place, so a screen reader
// announces each change of turn (a node rebuilt with the table may never be read).
const live = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "data-testid": "live-region" });
const alert = new TurnAlert();
app.onMyTurn = () => alert.yourTurn();
/** The header's language menu: each language in its own name; a choice reloads the page in it. */
function languageMenu(): HTMLSelectElement {
  const menu = h("select", { class: "mini language", "data-testid": "language", "aria-label": t("header.language") },
    languages().map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === language() }, l.name)));
  menu.addEventListener("change", () => switchLanguage(menu.value));
  return menu;
}

// Who you are (a member's badge, or "(guest)"), and the ways in and out.
const who = h("span", { class: "who", "data-testid": "who" });
const accountLinks = h("span", { class: "account-links", "data-testid": "account-links" });
// The operator's announcement, at the top of every page.
const banner = h("div", { class: "announcement", role: "status", "data-testid": "announcement", hidden: true });
root.append(h("header", { class: "top" }, h("h1", {}, h("a", { href: "#" }, t("app.name"))),
  h("nav", { class: "links" }, h("a", { href: "#" }, t("header.lobby")), h("a", { href: "#/events", "data-testid": "events-link" }, t("header.events")), h("a", { href: "#/history" }, t("header.history")),
    h("a", { href: "#/leaderboard" }, t("header.leaderboard")), h("a", { href: "#/rules/perico" }, t("header.rules"))),
  alert.toggle, languageMenu(), h("span", { class: "identity-bar" }, status, who, accountLinks)), banner, live, content);

let headerKey = "";
/** The header's identity part, redrawn only when who we are changes. */
function drawAccountHeader(): void {
  const key = JSON.stringify([app.connection, app.playerName, app.guest, app.account, app.gate?.code ?? ""]);
  if (key === headerKey) return;
  headerKey = key;
  clear(who);
  clear(accountLinks);
  // A server without accounts (older than them) says nothing of access: nothing to offer.
  if (app.connection !== "online" || !app.playerId || (!app.access && !app.account)) return;
  if (app.account) {
    who.append(h("span", { class: "badge member", "data-testid": "member-badge" }, t(`account.role.${app.account.role}`)));
    accountLinks.append(h("a", { href: "#/account", "data-action": "account" }, t("header.account")));
    if (app.isOperator) accountLinks.append(h("a", { href: "#/operator", "data-action": "operator" }, t("header.operator")));
    accountLinks.append(button(t("account.logout"), () => void app.logout(), { class: "mini", "data-action": "header-logout" }));
  } else {
    who.append(h("span", { class: "guest-mark", "data-testid": "guest-badge" }, t("guest.badge")));
    accountLinks.append(h("a", { href: "#/account", "data-action": "header-login" }, t("account.login")));
    if (app.access?.signup !== false) accountLinks.append(h("a", { href: "#/account", "data-action": "header-signup" }, t("account.signup")));
  }
}

let operatorPage: OperatorPage | null = null;
/** The events' page shown (the list or one event), asked again every few seconds while shown. */
let eventsView: EventsList | EventPage | null = null;

let scheduled = false;
function redraw(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    draw();
  });
}

/** Keeps keyboard focus on the same card or button across a redraw. */
function focusKey(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || !content.contains(el)) return null;
  const key = el.getAttribute("data-key") ?? (el.getAttribute("data-action") ? `[data-action="${el.getAttribute("data-action")}"]` : null);
  return key && !key.startsWith("[") ? `[data-key="${key}"]` : key;
}

/**
 * Cards that just arrived (a card drawn into the hand, a discard on the pile, a card
 * played to the trick) get a short CSS animation. The table is rebuilt on every update,
 * so "new" is a card code not shown in the same place before. Purely visual: nothing
 * waits for it, and it is off for people who ask for reduced motion.
 */
let shownBefore = new Map<string, Set<string>>();
function markFreshCards(): void {
  const now = new Map<string, Set<string>>();
  for (const [area, selector] of [["hand", '[data-testid="hand"] [data-card]'], ["center", '[data-testid="center"] [data-card]']] as const) {
    const codes = new Set<string>();
    for (const el of content.querySelectorAll<HTMLElement>(selector)) {
      const code = el.dataset.card ?? "";
      codes.add(code);
      if (shownBefore.has(area) && !shownBefore.get(area)!.has(code)) el.classList.add("fresh");
    }
    now.set(area, codes);
  }
  shownBefore = now;
}

/** Whether focus was on a control of the table (a move button, a card) before a redraw. */
function focusInTable(): boolean {
  const el = document.activeElement;
  return Boolean(el && content.contains(el) && el.closest(".table-page"));
}

/**
 * After a move its button is gone: put focus on the next thing to do (the first move
 * offered, else the turn line) instead of letting it fall to the page.
 */
function restoreTableFocus(): void {
  if (document.activeElement && document.activeElement !== document.body && content.contains(document.activeElement)) return;
  const next = content.querySelector<HTMLElement>('[data-testid="controls"] button:not([disabled]), [data-testid="hand"] button.card:not([disabled])') ??
    content.querySelector<HTMLElement>('[data-testid="turn-indicator"]');
  next?.focus();
}

function draw(): void {
  status.textContent = app.gate?.ended ? t("header.signed_out")
    : app.connection === "online"
      ? app.playerName ? t("header.online_as", { name: app.playerName }) : t("header.online_guest")
      : app.connection === "refused" ? t("header.not_let_in")
        : app.connection === "connecting" ? t("header.connecting") : t("header.offline");
  status.className = `conn ${app.gate?.ended ? "refused" : app.connection}`;
  drawAccountHeader();
  banner.hidden = !app.banner;
  if (banner.textContent !== app.banner) banner.textContent = app.banner;
  if (live.textContent !== app.announcement) live.textContent = app.announcement;
  alert.title(app.myTurn());
  const focus = focusKey();
  const hadTableFocus = focusInTable();
  if (location.hash !== "#/operator") operatorPage = null;
  if (!isEventsRoute(location.hash)) eventsView = null;
  // Refused at the door, or the session ended: that page, never the lobby.
  if (app.gate) {
    const key = `gate|${app.gate.code}|${app.gate.until ?? ""}|${app.gate.reason ?? ""}|${app.gate.message}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      clear(content);
      content.append(gatePage(app, app.gate));
    }
    return;
  }
  if (location.hash === "#/account" && app.connection === "online") {
    const key = `account|${app.playerId}|${JSON.stringify(app.account)}|${app.access?.signup}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      clear(content);
      content.append(accountPage(app));
    }
    return;
  }
  if (location.hash === "#/operator" && app.connection === "online") {
    const key = `operator|${app.playerId}|${app.account?.role ?? ""}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      clear(content);
      if (app.isOperator) {
        operatorPage = new OperatorPage(app);
        content.append(operatorPage.element);
      } else {
        operatorPage = null;
        content.append(h("main", { class: "operator-page" }, h("p", { class: "error", role: "alert", "data-testid": "op-forbidden" }, t("error.forbidden"))));
      }
    }
    return;
  }
  if (isEventsRoute(location.hash) && app.connection === "online") {
    // Like the history, read while keeping a seat: a bar leads back to the table.
    const key = `events|${location.hash}|${app.playerId}|${app.games.length}|${app.room?.id ?? ""}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      clear(content);
      const id = eventIdOf(location.hash);
      eventsView = id ? new EventPage(app, id) : new EventsList(app);
      if (app.room) {
        content.append(h("p", { class: "back-to-table", "data-testid": "back-to-table" },
          h("a", { href: `#/room/${app.room.id}` }, t("header.back_to_table", { title: gameTitle(app.room.game, app.room.title) }))));
      }
      content.append(eventsView.element);
      void eventsView.refresh();
    }
    return;
  }
  const rules = /^#\/rules\/([a-z_]+)$/.exec(location.hash)?.[1];
  if (rules) {
    const key = `${location.hash}|${app.games.length}|${app.room?.id ?? ""}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      clear(content);
      content.append(rulesPage(rules, app.room ? `#/room/${app.room.id}` : null, app.games.find((g) => g.name === rules)));
    }
    return;
  }
  if (isHistoryRoute(location.hash)) {
    // The history is read while keeping any seat: a bar leads back to the table.
    const key = `${location.hash}|${app.games.length}|${app.room?.id ?? ""}`;
    if (content.getAttribute("data-page") !== key) {
      content.setAttribute("data-page", key);
      void historyPage(location.hash.slice(2), app.games).then((el) => {
        if (content.getAttribute("data-page") !== key) return;
        clear(content);
        if (app.room) {
          content.append(h("p", { class: "back-to-table", "data-testid": "back-to-table" },
            h("a", { href: `#/room/${app.room.id}` }, t("header.back_to_table", { title: gameTitle(app.room.game, app.room.title) }))));
        }
        content.append(el);
      });
    }
    return;
  }
  content.removeAttribute("data-page");
  if (app.room) {
    clear(content);
    content.append(renderRoom(app, redraw));
    markFreshCards();
  } else {
    lobby.render();
    if (content.firstChild !== lobby.element) {
      clear(content);
      content.append(lobby.element);
    }
  }
  const kept = focus ? content.querySelector<HTMLElement>(focus) : null;
  if (kept && !(kept as HTMLButtonElement).disabled) kept.focus();
  else if (hadTableFocus) restoreTableFocus();
}

app.onChange = redraw;
window.addEventListener("hashchange", () => {
  const room = app.room;
  const invite = /^#\/join\/([A-Za-z0-9]+)$/.exec(location.hash)?.[1];
  if (invite && app.connection === "online" && !room) {
    void app.followInvite(invite.toUpperCase());
    return;
  }
  if (room && !location.hash.startsWith("#/room/") && !isReadingRoute(location.hash)) {
    // Navigating away from a match you play in would hand your seat to a bot: use Leave.
    if (room.status === "playing" && app.mySeat !== null) location.hash = `#/room/${room.id}`;
    else app.leave();
  }
  redraw();
});
document.addEventListener("visibilitychange", () => alert.title(app.myTurn()));
setInterval(() => {
  for (const el of content.querySelectorAll<HTMLElement>("[data-timer-seat]")) {
    const ms = remainingMs(app, Number(el.dataset.timerSeat));
    el.textContent = ms === null ? "" : t("table.timer_seconds", { s: Math.ceil(ms / 1000) });
  }
}, 250);
setInterval(() => {
  if (!app.room && app.connection === "online" && !location.hash.startsWith("#/operator")) void app.refreshRooms();
  if (content.firstChild === lobby.element && app.connection === "online") void lobby.refreshEvents();
}, 3000);
// The operator's overview, every few seconds while it is shown.
setInterval(() => {
  if (operatorPage && location.hash === "#/operator" && app.connection === "online") void operatorPage.refresh();
}, OVERVIEW_EVERY_MS);
// The events' page, while shown: the list, or an event not yet finished (nothing about
// events is pushed; `event` is cheap for the server).
setInterval(() => {
  if (!eventsView || !isEventsRoute(location.hash) || app.connection !== "online") return;
  if (!(eventsView instanceof EventPage) || eventsView.polling) void eventsView.refresh();
}, EVENT_POLL_MS);
// Waiting for an operator's approval: ask again every few seconds, so the door opens by itself.
setInterval(() => {
  if (app.gate?.code === "approval_pending" && !app.gate.ended) app.conn.sayHelloAgain();
}, 3000);
app.start();
draw();
