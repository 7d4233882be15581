// Error codes in words, and events as short sentences for the table's log.
import { cardLabel } from "./cards.js";
import type { GameEvent } from "./protocol.js";

const ERRORS: Record<string, string> = {
  not_your_turn: "It is not your turn.",
  wrong_phase: "That move does not fit this moment of the round.",
  bad_action: "That move is not well formed.",
  unknown_action: "This game has no such move.",
  bad_card: "That is not a card.",
  card_not_held: "You do not hold that card.",
  match_over: "The match is over.",
  no_such_room: "There is no such room (or it closed). Check the code.",
  room_full: "That room is full.",
  seat_taken: "That seat is taken.",
  bad_seat: "There is no such seat.",
  already_seated: "You already sit in that room.",
  not_in_room: "You are not in that room.",
  not_host: "Only the host can do that.",
  not_a_bot: "That seat is not a bot.",
  seats_not_full: "Every seat must be filled (add bots) before starting.",
  match_running: "A match is being played; wait for it to end or watch.",
  start_failed: "The match could not start.",
  not_seated: "You are watching, not playing.",
  no_match: "No match is being played.",
  rate_limited: "Too many messages; slow down.",
  too_many_rooms: "The server has too many rooms open.",
  no_such_game: "This server does not host that game.",
  bad_seat_count: "That number of seats does not work with these options.",
  bad_options: "Those options do not work together.",
  bad_option_value: "An option has a value that is not allowed.",
  unknown_option: "An option is unknown to this game.",
  bad_field: "The request had a missing or wrong field.",
  disconnected: "The connection to the server was lost; reconnecting…",
  shutting_down: "The server is shutting down.",
  internal_error: "The server had a problem; please try again.",
};

/** "It is not your turn. (seat 2 is to act)" — the server's words after ours. */
export function errorText(code: string, message: string): string {
  const ours = ERRORS[code];
  if (!ours) return message || code.replace(/_/g, " ");
  return message && message !== ours ? `${ours} (${message})` : ours;
}

function cards(value: unknown, tarot: boolean): string {
  return Array.isArray(value) ? value.map((c) => cardLabel(String(c), tarot)).join(", ") : "";
}

/** A sentence for an event; generic, from its type and fields. */
export function describeEvent(event: GameEvent, names: string[], tarot: boolean): string {
  const who = typeof event.seat === "number" ? names[event.seat] ?? `Seat ${event.seat + 1}` : "";
  const verb = event.type.replace(/_/g, " ");
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === "type" || key === "seat" || value === null || value === undefined || value === false) continue;
    if (value === 0 && (key === "dumped" || key === "carried")) continue;
    if (key === "card" && typeof value === "string") parts.push(cardLabel(value, tarot));
    else if (Array.isArray(value) && value.every((c) => typeof c === "string")) {
      if (value.length) parts.push(`${key.replace(/_/g, " ")}: ${cards(value, tarot)}`);
    } else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
      const shown = ["winner", "dealer", "to", "from_seat", "declarer", "by"].includes(key) && typeof value === "number"
        ? names[value] ?? String(value) : String(value).replace(/_/g, " ");
      parts.push(`${key.replace(/_/g, " ")} ${shown}`);
    }
    if (parts.length >= 5) break;
  }
  const detail = parts.join(", ");
  return `${who ? who + ": " : ""}${verb}${detail ? " — " + detail : ""}`;
}
