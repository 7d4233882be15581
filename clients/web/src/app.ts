// The application state, fed by the connection's pushes, and the request helpers
// the lobby and the table call.
import { Connection } from "./connection.js";
import type { ConnectionState } from "./connection.js";
import type { ErrorReply, GameInfo, JsonObject, MatchOver, RoomInfo, ServerMessage, Timer, Update } from "./protocol.js";
import { describeEvent, errorText } from "./words.js";
import { GAMES } from "./games/index.js";
import { isHistoryRoute } from "./history.js";

export interface LogLine {
  text: string;
  kind: "event" | "error" | "info";
  title?: string;
  /** The match a line belongs to when it may arrive before that match's first update. */
  match?: number;
}

export interface Commitment {
  deal: number;
  sha256: string;
}

export class App {
  conn: Connection;
  games: GameInfo[] = [];
  publicRooms: RoomInfo[] = [];
  room: RoomInfo | null = null;
  update: Update | null = null;
  timer: Timer | null = null;
  timerAt = 0;
  matchOver: MatchOver | null = null;
  /** The running match's id and its deal commitments (from `deal_commitment` and the state). */
  matchId: string | null = null;
  commitments: Commitment[] = [];
  log: LogLine[] = [];
  error = "";
  selection: number[] = [];
  local: Record<string, unknown> = {};
  dismissedRound = "";
  connection: ConnectionState = "offline";
  private signature = "";
  onChange: () => void = () => {};

  constructor(url: string) {
    this.conn = new Connection(url);
    this.conn.onPush = (m) => this.push(m);
    this.conn.onWelcome = (m) => this.welcome(m);
    this.conn.onState = (s) => {
      this.connection = s;
      this.onChange();
    };
  }

  start(): void {
    this.conn.start();
  }

  get playerId(): string {
    return this.conn.playerId;
  }

  get isHost(): boolean {
    return this.room?.host === this.playerId;
  }

  /** The seat this player holds in the current room, or null when watching. */
  get mySeat(): number | null {
    const seat = this.room?.seats?.find((s) => s.kind === "human" && s.player === this.playerId);
    return seat ? seat.seat : null;
  }

  names(): string[] {
    const seats = this.room?.seats ?? [];
    return seats.map((s) => (s.kind === "empty" ? `Seat ${s.seat + 1}` : s.name ?? `Seat ${s.seat + 1}`));
  }

  showError(error: unknown): void {
    const e = error as ErrorReply;
    this.error = errorText(e.code ?? "error", e.message ?? String(error));
    this.log.push({ text: this.error, kind: "error" });
    this.onChange();
  }

  async request(body: JsonObject): Promise<ServerMessage | null> {
    try {
      const reply = await this.conn.request(body);
      this.error = "";
      if (reply.type === "room") this.enterRoom(reply.room as unknown as RoomInfo);
      this.onChange();
      return reply;
    } catch (error) {
      this.showError(error);
      return null;
    }
  }

  async refreshRooms(): Promise<void> {
    try {
      const reply = await this.conn.request({ type: "list_rooms" });
      this.publicRooms = (reply.rooms ?? []) as unknown as RoomInfo[];
      this.onChange();
    } catch {
      // Offline: the list is refreshed after reconnecting.
    }
  }

  act(action: JsonObject): void {
    if (!this.room) return;
    void this.request({ type: "action", room: this.room.id, action });
  }

  leave(): void {
    const room = this.room;
    this.room = null;
    this.update = null;
    this.matchOver = null;
    this.log = [];
    if (location.hash.startsWith("#/room/")) location.hash = "";
    if (room) void this.request({ type: "leave_room", room: room.id });
    this.onChange();
  }

  private enterRoom(room: RoomInfo): void {
    const entering = this.room?.id !== room.id;
    if (entering) {
      this.update = null;
      this.matchOver = null;
      this.log = [];
      this.commitments = [];
    }
    if (this.room?.match !== room.match) this.matchOver = null;
    this.room = room;
    // Someone reading the history keeps reading: the page offers a way back.
    if (location.hash !== `#/room/${room.id}` && (entering || !isHistoryRoute(location.hash))) location.hash = `#/room/${room.id}`;
  }

  private welcome(message: ServerMessage): void {
    void this.conn.request({ type: "games" }).then((reply) => {
      this.games = (reply.games ?? []) as unknown as GameInfo[];
      this.onChange();
    }).catch(() => {});
    void this.refreshRooms();
    const seated = (message.rooms ?? []) as string[];
    const wanted = this.room?.id ?? /^#\/room\/(.+)$/.exec(location.hash)?.[1];
    if (wanted && !seated.includes(wanted)) {
      // Watching (or an old link): watch again; a room that closed sends us to the lobby.
      void this.conn.request({ type: "spectate", room: wanted }).then((reply) => {
        this.enterRoom(reply.room as unknown as RoomInfo);
        this.onChange();
      }).catch(() => {
        if (this.room?.id === wanted) this.room = null;
        location.hash = "";
        this.onChange();
      });
    }
    this.onChange();
  }

  private push(message: ServerMessage): void {
    switch (message.type) {
      case "room":
        this.enterRoom(message.room as unknown as RoomInfo);
        break;
      case "update":
        this.takeUpdate(message as unknown as Update);
        break;
      case "resume":
        if (message.room === this.room?.id) {
          this.timer = (message.timer ?? null) as unknown as Timer | null;
          this.timerAt = performance.now();
          if (this.update) this.update.paused = false;
        }
        break;
      case "match_over":
        if (message.room === this.room?.id) this.matchOver = message as unknown as MatchOver;
        break;
      case "deal_commitment":
        this.takeCommitment(message);
        break;
      default:
        return; // a message type this page does not know: nothing to show
    }
    this.onChange();
  }

  /** "Deal 3 sealed: 9f2c1a…": the server's promise about a deal, logged quietly. */
  private takeCommitment(message: ServerMessage): void {
    if (message.room !== this.room?.id || typeof message.sha256 !== "string" || typeof message.deal !== "number") return;
    if (typeof message.match_id === "string" && message.match_id !== this.matchId) {
      this.matchId = message.match_id;
      this.commitments = [];
    }
    if (this.commitments.some((c) => c.deal === message.deal)) return;
    this.commitments.push({ deal: message.deal, sha256: message.sha256 });
    this.log.push({
      text: `Deal ${message.deal} sealed: ${message.sha256.slice(0, 8)}…`, kind: "info",
      title: `SHA-256 commitment to deal ${message.deal}: ${message.sha256}`,
      match: typeof message.match === "number" ? message.match : undefined,
    });
  }

  private takeUpdate(update: Update): void {
    if (update.room !== this.room?.id) return;
    if (this.update && update.match !== this.update.match) {
      this.log = this.log.filter((l) => l.match === update.match); // the new match's first deal commitment stays
      this.matchOver = null;
    }
    this.update = update;
    if (typeof update.match_id === "string") this.matchId = update.match_id;
    if (Array.isArray(update.commitments)) this.commitments = update.commitments.slice();
    this.timer = update.timer;
    this.timerAt = performance.now();
    const names = this.names();
    const game = GAMES[update.view.game];
    const tarot = game?.tarot?.(update.view) ?? false;
    for (const event of update.events ?? []) {
      this.log.push({ text: describeEvent(event, names, tarot), kind: "event" });
    }
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    const signature = JSON.stringify([update.match, update.view.hand ?? [], update.view.legal ?? {}]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.selection = [];
      this.local = {};
    }
  }
}
