// The application state, fed by the connection's pushes, and the request helpers
// the lobby and the table call (the way in and out, the doors and accounts: session.ts).
import { Connection } from "./connection.js";
import type { ConnectionState } from "./connection.js";
import type { AccessInfo, AccountInfo, ChatLine, ErrorReply, GameInfo, JsonObject, MatchOver, RoomInfo, ServerMessage, Timer, Update } from "./protocol.js";
import { describeEvent, errorText } from "./words.js";
import { GAMES } from "./games/index.js";
import { isHistoryRoute } from "./history.js";
import { isEventsRoute } from "./events.js";
import { formatList, hasMessage, t } from "./i18n.js";
import { seatName } from "./game_words.js";
import * as session from "./session.js";
import type { Gate } from "./session.js";

/** Pages read while keeping a seat: the history, the events, the rules, your account, the operator's page. */
export function isReadingRoute(hash: string): boolean {
  return isHistoryRoute(hash) || isEventsRoute(hash) || hash.startsWith("#/rules/") || hash === "#/account" || hash === "#/operator";
}

export interface LogLine {
  text: string;
  kind: "event" | "error" | "info" | "timeout" | "presence";
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
  /** The table's chat, oldest first (the last 100 lines of this room). */
  chat: ChatLine[] = [];
  /** The host muted this player in the current room's chat. */
  mutedHere = false;
  /** The longest chat line the server takes (welcome's chat_max_chars; 300 before it says). */
  chatMaxChars = 300;
  error = "";
  selection: number[] = [];
  local: Record<string, unknown> = {};
  dismissedRound = "";
  connection: ConnectionState = "offline";
  /** welcome's player.guest: true for a player without an account (on a server with accounts). */
  guest = false;
  /** welcome's account (null for a guest). */
  account: AccountInfo | null = null;
  /** The server's access mode, from welcome or from a refusal. */
  access: AccessInfo | null = null;
  /** The operator's announcement ("" for none): the banner at the top. */
  banner = "";
  /** The invite code a hello was refused with (bad_invite), for the invite page to show. */
  refusedInvite = "";
  /** Set while the page must show a door (refused, or the session ended) instead of the lobby. */
  gate: Gate | null = null;
  private signature = "";
  /** The seats' names when the match began: a finished match's names are history. */
  private matchNames: { room: string; match: number; names: string[] } | null = null;
  /** The last thing said in the table's live region (announced once, updated in place). */
  announcement = "";
  onChange: () => void = () => {};
  /** Called with a short text when it becomes this player's turn (sound, title bar). */
  onMyTurn: () => void = () => {};

  constructor(url: string) {
    this.conn = new Connection(url);
    this.conn.onPush = (m) => this.push(m);
    this.conn.onWelcome = (m) => this.welcome(m);
    this.conn.onRefused = (m) => session.refused(this, m);
    this.conn.onEnded = (m) => session.ended(this, m);
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

  /** The name this server knows the player by (from `welcome`). */
  get playerName(): string {
    return this.conn.playerName;
  }

  /** The seats' names now, from the room. */
  liveNames(): string[] {
    const seats = this.room?.seats ?? [];
    return seats.map((s) => (s.kind === "empty" ? t("seat.numbered", { n: s.seat + 1 }) : seatName(s, t("seat.numbered", { n: s.seat + 1 }))));
  }

  /** The names a match is told with: those at its start, kept when players leave. */
  names(): string[] {
    const kept = this.matchNames;
    if (kept && this.update && kept.room === this.update.room && kept.match === this.update.match) return kept.names;
    return this.liveNames();
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

  /** Says `text` at the table; true when the server took it (a refusal is shown). */
  async say(text: string): Promise<boolean> {
    if (!this.room || !text.trim()) return false;
    return (await this.request({ type: "chat", room: this.room.id, text })) !== null;
  }

  leave(): void {
    const room = this.room;
    this.leaveRoomView();
    this.mutedHere = false;
    if (room) void this.request({ type: "leave_room", room: room.id });
    this.onChange();
  }

  private enterRoom(room: RoomInfo): void {
    const entering = this.room?.id !== room.id;
    if (!entering && this.room) this.logPresence(this.room, room);
    if (entering) {
      this.update = null;
      this.matchOver = null;
      this.log = [];
      this.commitments = [];
      this.chat = [];
    }
    this.mutedHere = (room.muted ?? []).includes(this.playerId);
    if (this.room?.match !== room.match) this.matchOver = null;
    this.room = room;
    // Someone reading the history or the rules keeps reading: the page offers a way back.
    if (location.hash !== `#/room/${room.id}` && (entering || !isReadingRoute(location.hash))) location.hash = `#/room/${room.id}`;
  }

  /**
   * An invite link (#/join/CODE): take a free seat, or watch when a match is being
   * played or every seat is taken; otherwise say plainly why the link did not work.
   */
  async followInvite(code: string): Promise<void> {
    try {
      const reply = await this.conn.request({ type: "join_room", code });
      this.error = "";
      this.enterRoom(reply.room as unknown as RoomInfo);
    } catch (error) {
      const e = error as ErrorReply;
      if (e.code === "match_running" || e.code === "room_full") {
        try {
          const reply = await this.conn.request({ type: "spectate", code });
          this.enterRoom(reply.room as unknown as RoomInfo);
          this.log.push({ text: e.code === "room_full" ? t("invite.full_watching") : t("invite.running_watching"), kind: "info" });
        } catch (again) {
          this.showError(again);
        }
      } else {
        location.hash = "";
        this.error = e.code === "no_such_room"
          ? t("invite.dead", { code })
          : errorText(e.code ?? "error", e.message ?? "");
      }
    }
    this.onChange();
  }

  /** "Ana left", "Bob lost the connection", "Bob is back": what changed at the seats. */
  private logPresence(before: RoomInfo, after: RoomInfo): void {
    const old = before.seats ?? [];
    for (const now of after.seats ?? []) {
      const was = old.find((s) => s.seat === now.seat);
      if (!was) continue;
      const name = seatName(was.name ? was : now, t("seat.numbered", { n: now.seat + 1 }));
      let text = "";
      if (was.kind === "human" && now.kind === "human" && was.player === now.player) {
        if (was.connected && !now.connected) text = t("presence.lost", { name });
        else if (!was.connected && now.connected) text = t("presence.back", { name });
        else if (!was.bot_plays && now.bot_plays) text = t("presence.bot_plays", { name });
      } else if (was.kind === "human" && now.kind !== "human") {
        text = now.kind === "bot" ? t("presence.left_bot", { name }) : t("presence.left", { name });
      } else if (was.kind !== "human" && now.kind === "human") {
        text = now.name ? t("presence.sits", { name: seatName(now, now.name) }) : t("presence.someone_sits");
      }
      if (text) this.log.push({ text, kind: "presence", match: this.update?.match });
    }
  }

  /** Whether this player may use the operator's page (role moderator or admin). */
  get isOperator(): boolean {
    return this.account?.role === "moderator" || this.account?.role === "admin";
  }

  get isAdmin(): boolean {
    return this.account?.role === "admin";
  }

  /** Logs in (before or after hello); rejects with the server's error (session.ts). */
  login(handle: string, password: string, device: string): Promise<void> {
    return session.login(this, handle, password, device);
  }

  /** Signs up; a guest becomes the account, same player (session.ts). */
  signup(handle: string, password: string, invite: string): Promise<void> {
    return session.signup(this, handle, password, invite);
  }

  /** Signs out: the session ends on the server; this device forgets its token (session.ts). */
  logout(): Promise<void> {
    return session.logout(this);
  }

  /** Forgets this device's identity (token and name) and says hello afresh (session.ts). */
  forget(): void {
    session.forget(this);
  }

  /** Says hello again with an invite code (typed on the invite page; session.ts). */
  useInvite(code: string): void {
    session.useInvite(this, code);
  }

  private welcome(message: ServerMessage): void {
    if (typeof message.chat_max_chars === "number") this.chatMaxChars = message.chat_max_chars;
    const player = (message.player ?? {}) as { guest?: boolean };
    // A server older than accounts says nothing (and has no members to tell guests from).
    this.guest = player.guest === true;
    this.account = typeof message.account === "object" && message.account !== null ? message.account as unknown as AccountInfo : null;
    this.access = typeof message.access === "object" && message.access !== null ? message.access as unknown as AccessInfo : null;
    this.banner = typeof message.announcement === "string" ? message.announcement : "";
    this.gate = null;
    // An invite link's code is spent (or was not needed): the address forgets it.
    if (new URLSearchParams(location.search).has("invite")) {
      history.replaceState(null, "", location.pathname + location.hash);
    }
    void this.conn.request({ type: "games" }).then((reply) => {
      this.games = (reply.games ?? []) as unknown as GameInfo[];
      this.onChange();
    }).catch(() => {});
    void this.refreshRooms();
    const seated = (message.rooms ?? []) as string[];
    const invite = /^#\/join\/([A-Za-z0-9]+)$/.exec(location.hash)?.[1];
    const wanted = this.room?.id ?? /^#\/room\/(.+)$/.exec(location.hash)?.[1];
    if (invite && !this.room) {
      void this.followInvite(invite.toUpperCase());
    } else if (wanted && !seated.includes(wanted)) {
      // Watching (or an old link): watch again; a room that closed sends us to the lobby.
      void this.conn.request({ type: "spectate", room: wanted }).then((reply) => {
        this.enterRoom(reply.room as unknown as RoomInfo);
        this.onChange();
      }).catch(() => {
        if (this.room?.id === wanted) this.room = null;
        location.hash = "";
        this.error = t("invite.table_closed", { room: wanted });
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
          if (this.update) {
            const was = this.myTurn();
            this.update.paused = false;
            this.announcement = this.turnText();
            if (!was && this.myTurn()) this.onMyTurn();
          }
        }
        break;
      case "match_over":
        if (message.room === this.room?.id) this.matchOver = message as unknown as MatchOver;
        break;
      case "deal_commitment":
        this.takeCommitment(message);
        break;
      case "chat":
        if (message.room !== this.room?.id) return;
        this.chat.push(message as unknown as ChatLine);
        if (this.chat.length > 100) this.chat.splice(0, this.chat.length - 100);
        break;
      case "muted":
        if (message.room !== this.room?.id) return;
        this.mutedHere = message.muted === true;
        this.log.push({ text: this.mutedHere ? t("error.muted") : t("chat.unmuted"), kind: "info" });
        break;
      case "removed":
        if (message.room === this.room?.id) this.removed(String(message.reason ?? ""), String(message.message ?? ""));
        break;
      case "announcement":
        this.banner = typeof message.text === "string" ? message.text : "";
        break;
      case "room_closed": // as the protocol's op_close_room says; today's server sends `removed` with reason room_closed
        if (message.room === this.room?.id) {
          this.leaveRoomView();
          const reason = typeof message.reason === "string" ? message.reason : "";
          this.error = reason ? t("room.closed_by_operator", { reason }) : t("room.closed_by_operator_plain");
        }
        break;
      default:
        return; // a message type this page does not know: nothing to show
    }
    this.onChange();
  }

  /** Forgets the room this page showed (its table, log and chat) and goes back to the lobby. */
  private leaveRoomView(): void {
    this.room = null;
    this.update = null;
    this.matchOver = null;
    this.log = [];
    this.chat = [];
    if (location.hash.startsWith("#/room/")) location.hash = "";
  }

  /** The host took this player out of the room: back to the lobby, saying why. */
  private removed(reason: string, message: string): void {
    this.leaveRoomView();
    // An operator closed the room (op_close_room): the message is the operator's own reason.
    if (reason === "room_closed") this.error = message ? t("room.closed_by_operator", { reason: message }) : t("room.closed_by_operator_plain");
    // The reason is a code (removed.<reason>); the server's English words only for a reason we do not know.
    else if (hasMessage(`removed.${reason}`)) this.error = t(`removed.${reason}`);
    else this.error = message ? message.charAt(0).toUpperCase() + message.slice(1) + "." : t("removed.other");
  }

  /** Whether the game waits for this player's move now (not during the round pause). */
  myTurn(): boolean {
    const u = this.update;
    if (!u || u.seat === null || u.view.over || u.paused) return false;
    return (u.view.waiting?.seats ?? []).includes(u.seat) && Object.keys(u.view.legal ?? {}).length > 0;
  }

  /** The turn line's words: whose move it is, or the pause, or the end. */
  turnText(): string {
    const u = this.update;
    if (!u) return "";
    const waiting = u.view.waiting?.seats ?? [];
    const names = this.names();
    if (u.view.over) return t("turn.match_over");
    if (u.paused) return t("turn.pause");
    if (u.seat !== null && waiting.includes(u.seat)) return t("turn.yours");
    if (waiting.length === 0) return "…";
    return t("turn.waiting_for", { names: formatList(waiting.map((s) => names[s] ?? t("seat.numbered", { n: s + 1 }))) });
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
      text: t("log.deal_sealed", { deal: message.deal, hash: message.sha256.slice(0, 8) }), kind: "info",
      title: t("log.deal_sealed_title", { deal: message.deal, hash: message.sha256 }),
      match: typeof message.match === "number" ? message.match : undefined,
    });
  }

  private takeUpdate(update: Update): void {
    if (update.room !== this.room?.id) return;
    if (this.update && update.match !== this.update.match) {
      this.log = this.log.filter((l) => l.match === update.match); // the new match's first deal commitment stays
      this.matchOver = null;
    }
    // The server says when it played a seat's move because its turn timer ran out.
    const late = new Set<number>(update.timed_out ? [update.timed_out.seat] : []);
    const joinedLate = !this.update && update.seq > 0;
    // Entering right after the deal, before anyone moved: the state has no events to log.
    const joinedAtDeal = !this.update && update.seq === 0 && (update.events ?? []).length === 0;
    const wasMyTurn = this.myTurn();
    if (!this.matchNames || this.matchNames.room !== update.room || this.matchNames.match !== update.match) {
      this.matchNames = { room: update.room, match: update.match, names: this.liveNames() };
    }
    this.update = update;
    if (typeof update.match_id === "string") this.matchId = update.match_id;
    if (Array.isArray(update.commitments)) this.commitments = update.commitments.slice();
    this.timer = update.timer;
    this.timerAt = performance.now();
    const names = this.names();
    const game = GAMES[update.view.game];
    const tarot = game?.tarot?.(update.view) ?? false;
    if (joinedAtDeal) {
      this.log.push({ text: t("log.joined_at_deal", { round: update.view.round }), kind: "info", match: update.match });
    }
    if (joinedLate) {
      this.log.push({ text: t("log.joined_late", { round: update.view.round }), kind: "info", match: update.match });
    }
    for (const event of update.events ?? []) {
      const text = describeEvent(event, names, tarot, update.view.game);
      if (typeof event.seat === "number" && late.has(event.seat)) {
        late.delete(event.seat); // once per seat: its first event is the move the server made
        this.log.push({ text: t("log.timed_out", { name: names[event.seat] ?? t("seat.numbered", { n: event.seat + 1 }), move: text }), kind: "timeout" });
      } else {
        this.log.push({ text, kind: "event" });
      }
    }
    if (!wasMyTurn && this.myTurn()) this.onMyTurn();
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    this.announcement = this.turnText();
    const signature = JSON.stringify([update.match, update.view.hand ?? [], update.view.legal ?? {}]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.selection = [];
      this.local = {};
    }
  }
}
