// The shapes of protocol v1 messages this client uses (see protocol/README.md).
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface OptionSpec {
  name: string;
  type: "choice" | "int" | "integer" | "bool" | "boolean";
  default: Json;
  default_note?: string;
  choices?: (string | number | boolean)[];
  min?: number;
  max?: number;
  description?: string;
  label?: string; // the option in words ("Hand size"); older servers: absent
  choice_labels?: string[]; // each choice in words, in the order of `choices`
}

export interface GameInfo {
  name: string;
  title: string;
  summary?: string;
  options: OptionSpec[];
  seats: { min: number; max: number };
  seats_by_option?: Json;
}

export interface SeatInfo {
  seat: number;
  kind: "empty" | "human" | "bot";
  player?: string;
  name?: string;
  connected?: boolean;
  bot_plays?: boolean;
  level?: string;
  /** True for a player without an account (marked "(guest)" wherever named). */
  guest?: boolean;
}

export interface RoomInfo {
  id: string;
  code?: string;
  game: string;
  title: string;
  options?: JsonObject;
  visibility: "public" | "private";
  host?: string;
  host_name?: string;
  /** True when the host is a guest (not in the protocol's list_rooms yet: marked when a server sends it). */
  host_guest?: boolean;
  status: "waiting" | "playing" | "finished";
  seat_count: number;
  seats?: SeatInfo[];
  seats_taken?: number;
  spectators: number;
  turn_seconds: number;
  bot_delay_ms?: number;
  bot_budget_ms?: number;
  match: number;
  /** False when the host refused spectators (absent from older servers: allowed). */
  spectators_allowed?: boolean;
  /** The player ids the host muted in chat. */
  muted?: string[];
  /** An event's table only: the event's id (its match starts by itself; the way back leads there). */
  event?: string;
  /** True when finished matches change the humans' ratings (absent from older servers: no badge). */
  rated?: boolean;
}

/** A table chat line (the `chat` push). */
export interface ChatLine {
  room: string;
  from: { player: string; name: string; seat: number | null; guest?: boolean };
  text: string;
}

export interface Timer {
  turn_ms: number;
  seats: { seat: number; remaining_ms: number }[];
}

/** Every game's view has these; the rest is the game's own. */
export interface View {
  game: string;
  viewer: number | null;
  round: number;
  over: boolean;
  scores: number[];
  waiting: { mode: string; seats: number[] };
  phase: string;
  dealer?: number;
  turn?: number | null;
  players: JsonObject[];
  hand?: string[];
  legal?: JsonObject;
  last_round?: JsonObject | null;
  [key: string]: Json | undefined;
}

export interface GameEvent {
  type: string;
  seat?: number;
  [key: string]: Json | undefined;
}

export interface Update {
  type: "update";
  room: string;
  match: number;
  seq: number;
  seat: number | null;
  paused: boolean;
  timer: Timer | null;
  /** Present when the server played this step for a seat whose turn timer ran out. */
  timed_out?: { seat: number };
  events: GameEvent[];
  view: View;
  /** Only in the state sent on entering or asking again (get_state). */
  match_id?: string;
  commitments?: { deal: number; sha256: string }[];
}

export interface MatchOver {
  type: "match_over";
  room: string;
  match: number;
  results: { scores: number[]; placings: number[]; round_results?: Json[] };
  seed: string;
  first_dealer: number;
  actions: number;
  match_id?: string;
}

/** welcome's `account` (protocol/README.md, "Accounts and access"). */
export interface AccountInfo {
  handle: string;
  role: "member" | "moderator" | "admin" | string;
  approved: boolean;
}

/** The server's access mode, in welcome and in a refused hello. */
export interface AccessInfo {
  mode: "open" | "invite" | "members" | string;
  guests: boolean;
  signup: boolean;
}

export interface ErrorReply {
  type: "error";
  id?: string | number;
  code: string;
  message: string;
}

export type ServerMessage = JsonObject & { type: string; id?: string | number };
