// Entry point: connects, then draws the lobby or the room from the app's state.
import { App } from "./app.js";
import { clear, h } from "./dom.js";
import { Lobby } from "./lobby.js";
import { historyPage, isHistoryRoute } from "./history.js";
import { remainingMs, renderRoom } from "./table.js";

const root = document.getElementById("app")!;
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const app = new App(`${scheme}//${location.host}/ws`);
const lobby = new Lobby(app);
const status = h("span", { class: "conn", "data-testid": "connection", role: "status" });
const content = h("div", { class: "content" });
root.append(h("header", { class: "top" }, h("h1", {}, h("a", { href: "#" }, "Parlor")),
  h("nav", { class: "links" }, h("a", { href: "#" }, "Lobby"), h("a", { href: "#/history" }, "History"), h("a", { href: "#/leaderboard" }, "Leaderboard")),
  status), content);

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

function draw(): void {
  status.textContent = app.connection === "online" ? `online as ${app.conn.playerId}` : app.connection === "connecting" ? "connecting…" : "offline — reconnecting…";
  status.className = `conn ${app.connection}`;
  const focus = focusKey();
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
            h("a", { href: `#/room/${app.room.id}` }, `← Back to your table (${app.room.title})`)));
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
  } else {
    lobby.render();
    if (content.firstChild !== lobby.element) {
      clear(content);
      content.append(lobby.element);
    }
  }
  if (focus) content.querySelector<HTMLElement>(focus)?.focus();
}

app.onChange = redraw;
window.addEventListener("hashchange", () => {
  const room = app.room;
  if (room && !location.hash.startsWith("#/room/") && !isHistoryRoute(location.hash)) {
    // Navigating away from a match you play in would hand your seat to a bot: use Leave.
    if (room.status === "playing" && app.mySeat !== null) location.hash = `#/room/${room.id}`;
    else app.leave();
  }
  redraw();
});
setInterval(() => {
  for (const el of content.querySelectorAll<HTMLElement>("[data-timer-seat]")) {
    const ms = remainingMs(app, Number(el.dataset.timerSeat));
    el.textContent = ms === null ? "" : `${Math.ceil(ms / 1000)} s`;
  }
}, 250);
setInterval(() => {
  if (!app.room && app.connection === "online") void app.refreshRooms();
}, 3000);
(window as unknown as { parlor: App }).parlor = app; // for tests and the curious
app.start();
draw();
