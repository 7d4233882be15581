// The host's controls over the table: allow or refuse spectators, mute someone in chat,
// and remove a seated player who is away (a bot takes the seat during a match). Shown
// to the host only; the server refuses each of them to anyone else (not_host).
import type { App } from "./app.js";
import { button, h } from "./dom.js";
import { t } from "./i18n.js";
import { personName } from "./game_words.js";
import type { RoomInfo, SeatInfo } from "./protocol.js";

/** Whether the server would let the host remove this seat's player now (roughly: away). */
function away(seat: SeatInfo): boolean {
  return seat.kind === "human" && (!seat.connected || seat.bot_plays === true);
}

function seatRow(app: App, room: RoomInfo, seat: SeatInfo): HTMLElement {
  const muted = (room.muted ?? []).includes(seat.player ?? "");
  const name = seat.name ? personName(seat.name, seat.guest) : t("seat.numbered", { n: seat.seat + 1 });
  return h("li", { "data-testid": `host-seat-${seat.seat}` },
    h("b", {}, name), muted ? h("span", { class: "badge warn" }, t("host.muted_badge")) : null, " ",
    button(muted ? t("host.unmute") : t("host.mute"), () => void app.request({ type: "mute", room: room.id, player: seat.player ?? "", muted: !muted }),
      { class: "mini", "data-action": muted ? "unmute" : "mute", "aria-label": muted ? t("host.unmute_label", { name }) : t("host.mute_label", { name }) }),
    button(t("room.remove"), () => void app.request({ type: "remove_player", room: room.id, seat: seat.seat }),
      { class: "mini", "data-action": "remove-player", disabled: !away(seat), "aria-label": t("host.remove_label", { name }),
        title: away(seat) ? (room.status === "playing" ? t("host.away_bot", { name }) : t("host.away_freed", { name })) : t("host.here", { name }) }));
}

export function hostPanel(app: App, room: RoomInfo): HTMLElement | null {
  if (!app.isHost) return null;
  const allowed = room.spectators_allowed !== false;
  const others = (room.seats ?? []).filter((s) => s.kind === "human" && s.player !== app.playerId);
  const toggle = h("input", { type: "checkbox", checked: allowed, "data-testid": "allow-spectators", "data-key": "allow-spectators" });
  toggle.addEventListener("change", () => void app.request({ type: "set_spectators", room: room.id, allow: toggle.checked }));
  return h("section", { class: "panel host-controls", "aria-label": t("host.title"), "data-testid": "host-controls" },
    h("h3", {}, t("host.title")),
    h("label", {}, toggle, " ", allowed ? t("host.allow_spectators") : t("host.spectators_refused")),
    others.length ? h("ul", { class: "host-seats" }, others.map((s) => seatRow(app, room, s)))
      : h("p", { class: "note" }, t("host.nobody_else")),
    h("p", { class: "note" }, t("host.remove_note")));
}
