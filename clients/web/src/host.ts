// The host's controls over the table: allow or refuse spectators, mute someone in chat,
// and remove a seated player who is away (a bot takes the seat during a match). Shown
// to the host only; the server refuses each of them to anyone else (not_host).
import type { App } from "./app.js";
import { button, h } from "./dom.js";
import type { RoomInfo, SeatInfo } from "./protocol.js";

/** Whether the server would let the host remove this seat's player now (roughly: away). */
function away(seat: SeatInfo): boolean {
  return seat.kind === "human" && (!seat.connected || seat.bot_plays === true);
}

function seatRow(app: App, room: RoomInfo, seat: SeatInfo): HTMLElement {
  const muted = (room.muted ?? []).includes(seat.player ?? "");
  const name = seat.name ?? `Seat ${seat.seat + 1}`;
  return h("li", { "data-testid": `host-seat-${seat.seat}` },
    h("b", {}, name), muted ? h("span", { class: "badge warn" }, "muted") : null, " ",
    button(muted ? "Unmute" : "Mute", () => void app.request({ type: "mute", room: room.id, player: seat.player ?? "", muted: !muted }),
      { class: "mini", "data-action": muted ? "unmute" : "mute", "aria-label": `${muted ? "Unmute" : "Mute"} ${name} in chat` }),
    button("Remove", () => void app.request({ type: "remove_player", room: room.id, seat: seat.seat }),
      { class: "mini", "data-action": "remove-player", disabled: !away(seat), "aria-label": `Remove ${name} (away)`,
        title: away(seat) ? `${name} is away: ${room.status === "playing" ? "a bot takes the seat" : "the seat is freed"}` : `${name} is here: only a player who is away can be removed` }));
}

export function hostPanel(app: App, room: RoomInfo): HTMLElement | null {
  if (!app.isHost) return null;
  const allowed = room.spectators_allowed !== false;
  const others = (room.seats ?? []).filter((s) => s.kind === "human" && s.player !== app.playerId);
  const toggle = h("input", { type: "checkbox", checked: allowed, "data-testid": "allow-spectators", "data-key": "allow-spectators" });
  toggle.addEventListener("change", () => void app.request({ type: "set_spectators", room: room.id, allow: toggle.checked }));
  return h("section", { class: "panel host-controls", "aria-label": "Host controls", "data-testid": "host-controls" },
    h("h3", {}, "Host controls"),
    h("label", {}, toggle, " Allow spectators", allowed ? "" : " (refused: nobody may watch)"),
    others.length ? h("ul", { class: "host-seats" }, others.map((s) => seatRow(app, room, s)))
      : h("p", { class: "note" }, "No other person sits here."),
    h("p", { class: "note" }, "Remove works for a player who is away longer than a turn; a bot then plays their seat."));
}
