// One WebSocket to the server: says hello with the stored token, matches replies to
// requests by id, and reconnects by itself (with growing pauses) when the line drops.
// In a cluster a request may be answered `room_elsewhere`: the connection moves to the
// node named, says hello there with the token and sends the request again, so the page
// only ever sees the real answer. A dropped line comes back through the page's own
// origin (behind the proxy any node takes it and finds the seat).
// A server that stops without closing (a paused node keeps its TCP connections open, and
// behind a proxy nothing ever drops) is noticed by its silence: after `pingAfterMs` with
// nothing received the client sends a `ping`, and `giveUpAfterMs` later, still with
// nothing, it treats the line as lost (protocol/README.md, "Silent servers").
// A server with accounts may refuse the hello (login_required, invite_required, ...): the
// line then stays open, unwelcomed, for `login`, `signup` and another `hello`
// (`requestAnytime`, `sayHelloAgain`); and it may end a session it had welcomed
// (session_ended, account_suspended, account_banned, then a close 1008): the page is told
// (`onRefused`, `onEnded`) and the line is not opened again until the page asks (`restart`).
import type { ErrorReply, JsonObject, ServerMessage } from "./protocol.js";
import { resolveServerUrl } from "./server_url.js";

const TOKEN_KEY = "parlor.token";
const NAME_KEY = "parlor.name";
export const PROTOCOL_VERSION = 1;

/** hello's refusals at the door (protocol/README.md, "Refused at the door"). */
export const REFUSALS = ["login_required", "invite_required", "bad_invite", "approval_pending", "account_suspended", "account_banned", "name_reserved"];
/** Errors that end a welcomed session; the server closes the line (1008) after them. */
export const ENDINGS = ["session_ended", "account_suspended", "account_banned"];

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Keeps TOKEN as this device's identity (after a login, a sign-up, a claim), or forgets it (null). */
export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** "refused": the line is open but its hello was refused at the door (login, invite, ...). */
export type ConnectionState = "connecting" | "online" | "offline" | "refused";

interface Pending {
  body: JsonObject;
  resolve: (reply: ServerMessage) => void;
  reject: (error: ErrorReply) => void;
}

// Nodes that keep sending a client to each other would be a loop.
const MAX_REDIRECTS_IN_A_ROW = 5;
// A hello the server could not answer (its database unreadable for a moment) is said
// again after this long, with the same token.
const HELLO_RETRY_MS = 2000;

/** When a silent server is taken for gone; any message counts as a sign of life. */
export interface Liveness {
  pingAfterMs: number; // 0: never ping, never give up
  giveUpAfterMs: number;
}
// A paused cluster node's players leave about 4 s after its last message: a second after
// its lease (3 s) runs out and a survivor can take its tables. A healthy server answers
// a ping within milliseconds.
export const DEFAULT_LIVENESS: Liveness = { pingAfterMs: 2000, giveUpAfterMs: 2000 };
// The id of the liveness ping: its pong is this connection's, never the page's.
const PING_ID = "parlor-liveness";

export class RequestError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export function storedName(): string {
  return localStorage.getItem(NAME_KEY) ?? "";
}

export function storeName(name: string): void {
  if (name) localStorage.setItem(NAME_KEY, name);
  else localStorage.removeItem(NAME_KEY);
}

export class Connection {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private queued: (() => void)[] = [];
  private retries = 0;
  private greeted = false;
  private stopped = false;
  /** The server ended this session (or refused it for good): no reconnecting by itself. */
  private ended = false;
  /** Requests that may go before a welcome (login, signup), waiting for the line to open. */
  private early: (() => void)[] = [];
  /** An invite code to redeem with the next hello (`/?invite=CODE`, or typed on the invite page). */
  invite = "";
  playerId = "";
  /** The name the server greeted us with (what others see at the table). */
  playerName = "";
  state: ConnectionState = "offline";
  /** Where the socket is now: `url`, or the node a room_elsewhere sent us to. */
  private current: string;
  private redirects = 0;
  private lastHeard = 0; // Date.now() of the last message (or of opening the line)
  private pingOutstanding = false;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  onPush: (message: ServerMessage) => void = () => {};
  onWelcome: (welcome: ServerMessage) => void = () => {};
  /** hello was refused at the door (the error); the line stays open, unwelcomed. */
  onRefused: (error: ServerMessage) => void = () => {};
  /** The server ended the welcomed session (session_ended, account_suspended, account_banned). */
  onEnded: (error: ServerMessage) => void = () => {};
  onState: (state: ConnectionState) => void = () => {};

  constructor(
    private readonly url: string,
    private readonly liveness: Liveness = DEFAULT_LIVENESS,
  ) {
    this.current = url;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Whether the server welcomed this line (a refused hello leaves it open but unwelcomed). */
  get welcomed(): boolean {
    return this.greeted;
  }

  /**
   * A new line now, saying hello with what is stored (a new token after a login, an
   * invite code, another name): the old line, welcomed or refused, is closed.
   */
  restart(): void {
    this.ended = false;
    this.stopped = false;
    this.stopWatching();
    const old = this.socket;
    this.socket = null; // its close is not a lost line
    this.greeted = false;
    old?.close();
    this.failPending("disconnected", "The connection to the server was lost.");
    this.retries = 0;
    this.current = this.url;
    this.redirects = 0;
    this.open();
  }

  /** On a line whose hello was refused: hello again (an operator may have let us in since). */
  sayHelloAgain(): void {
    if (this.greeted || this.ended) return;
    if (this.socket?.readyState === WebSocket.OPEN) this.hello();
  }

  /**
   * A request that may go before the welcome (`login`, `signup`): sent as soon as the
   * line is open, whether or not its hello was welcomed.
   */
  requestAnytime(body: JsonObject): Promise<ServerMessage> {
    if (this.greeted) return this.request(body);
    if (this.ended || this.stopped) this.restart();
    return new Promise((resolve, reject) => {
      const send = () => {
        const id = this.nextId++;
        this.pending.set(id, { body, resolve, reject });
        this.socket?.send(JSON.stringify({ ...body, id }));
      };
      if (this.socket?.readyState === WebSocket.OPEN) send();
      else this.early.push(send);
    });
  }

  /** Sends a request and resolves with its reply, or rejects with the server's error. */
  request(body: JsonObject): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const send = () => {
        const id = this.nextId++;
        this.pending.set(id, { body, resolve, reject });
        this.socket?.send(JSON.stringify({ ...body, id }));
      };
      if (this.greeted && this.socket?.readyState === WebSocket.OPEN) send();
      else this.queued.push(send);
    });
  }

  /** Closes the line for good: no reconnection, no silence watch. */
  stop(): void {
    this.stopped = true;
    this.stopWatching();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** Drops the line without stopping: used by tests and the "reconnect" button. */
  drop(): void {
    this.socket?.close();
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.onState(state);
  }

  private open(): void {
    this.setState("connecting");
    const socket = new WebSocket(this.current);
    this.socket = socket;
    this.heard();
    socket.onopen = () => {
      this.heard();
      this.hello();
      const early = this.early;
      this.early = [];
      for (const send of early) send();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const text = String(event.data);
      const ownPong = this.pingOutstanding && text.includes('"pong"') && text.includes(PING_ID);
      this.heard();
      if (!ownPong) this.receive(text);
    };
    socket.onclose = (event) => this.lost(socket, event.code);
  }

  /** The line is gone (closed, or silent for too long): reconnect after a pause. */
  private lost(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopWatching();
    this.greeted = false;
    this.failPending("disconnected", "The connection to the server was lost.");
    this.setState("offline");
    if (this.stopped || this.ended || code === 1008) return;
    this.current = this.url;
    // A lost line is not a redirect loop (the node we were sent to was unreachable:
    // draining or restarting): the next row of room_elsewhere starts from `url`.
    this.redirects = 0;
    const delay = Math.min(500 * 2 ** this.retries, 8000);
    this.retries++;
    setTimeout(() => this.open(), delay);
  }

  /** Something arrived (or the line just opened): the silence watch starts again. */
  private heard(): void {
    this.lastHeard = Date.now();
    this.pingOutstanding = false;
    this.watch(this.liveness.pingAfterMs);
  }

  private watch(delayMs: number): void {
    this.stopWatching();
    if (this.liveness.pingAfterMs <= 0 || this.liveness.giveUpAfterMs <= 0) return;
    const socket = this.socket;
    this.silenceTimer = setTimeout(() => this.checkSilence(socket), delayMs);
  }

  private stopWatching(): void {
    if (this.silenceTimer !== null) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  private checkSilence(socket: WebSocket | null): void {
    if (!socket || this.socket !== socket || this.stopped) return;
    const { pingAfterMs, giveUpAfterMs } = this.liveness;
    const silent = Date.now() - this.lastHeard;
    if (silent >= pingAfterMs + giveUpAfterMs) {
      // Taken for gone; a close handshake would wait on the silent server too.
      this.lost(socket, 4000);
      socket.close();
      return;
    }
    if (!this.pingOutstanding && socket.readyState === WebSocket.OPEN) {
      this.pingOutstanding = true;
      socket.send(JSON.stringify({ type: "ping", id: PING_ID }));
    }
    this.watch(this.lastHeard + pingAfterMs + giveUpAfterMs - Date.now());
  }

  private hello(): void {
    const token = localStorage.getItem(TOKEN_KEY);
    const name = storedName() || "Player";
    const hello: JsonObject = { type: "hello", id: 0, version: PROTOCOL_VERSION, name };
    if (token) hello.token = token;
    if (this.invite) hello.invite = this.invite;
    this.socket?.send(JSON.stringify(hello));
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.id === 0) return this.greeting(message);
    // The session is over (ended elsewhere, suspended, banned): the server closes the line
    // next. The error may answer a request (the next message) or come by itself.
    if (message.type === "error" && ENDINGS.includes(String(message.code)) && this.greeted) {
      this.ended = true;
      if (typeof message.id === "number") this.pending.delete(message.id);
      this.failPending(String(message.code), String(message.message ?? ""));
      this.onEnded(message);
      return;
    }
    if (typeof message.id === "number" && this.pending.has(message.id)) {
      const pending = this.pending.get(message.id)!;
      this.pending.delete(message.id);
      if (message.type === "error" && message.code === "room_elsewhere") {
        if (this.moveTo(message)) return this.sendLater(pending);
      }
      if (message.type !== "error") this.redirects = 0;
      if (message.type === "error") pending.reject(message as unknown as ErrorReply);
      else pending.resolve(message);
      return;
    }
    this.onPush(message);
  }

  private greeting(message: ServerMessage): void {
    // The seat is on another node: say hello there instead.
    if (message.type === "error" && message.code === "room_elsewhere" && this.moveTo(message)) return;
    if (message.type === "error") {
      if (message.code === "bad_token") {
        localStorage.removeItem(TOKEN_KEY);
        this.hello();
      } else if (REFUSALS.includes(String(message.code))) {
        // The line stays open for login, signup, or another hello.
        this.retries = 0;
        this.setState("refused");
        this.onRefused(message);
      } else if (message.code === "store_unavailable") {
        // Not "unknown": the token is kept, and asked about again.
        const socket = this.socket;
        setTimeout(() => {
          if (this.socket === socket && !this.greeted) this.hello();
        }, HELLO_RETRY_MS);
      }
      return;
    }
    if (typeof message.token === "string") localStorage.setItem(TOKEN_KEY, message.token);
    this.invite = ""; // redeemed (or not needed): a later hello must not spend it again
    const player = message.player as JsonObject;
    this.playerId = String(player.id);
    this.playerName = typeof player.name === "string" ? player.name : "";
    this.greeted = true;
    this.retries = 0;
    this.setState("online");
    this.onWelcome(message);
    const queued = this.queued;
    this.queued = [];
    for (const send of queued) send();
  }

  /**
   * Moves the line to the node a room_elsewhere error names; the requests still waiting
   * for an answer there are sent again once that node has greeted us. False if it cannot
   * be followed (then the error is the answer).
   */
  private moveTo(error: ServerMessage): boolean {
    const target = resolveServerUrl(String(error.url ?? ""), this.current);
    if (!target || this.redirects >= MAX_REDIRECTS_IN_A_ROW) return false;
    this.redirects++;
    this.current = target;
    this.greeted = false;
    const old = this.socket;
    this.socket = null; // its close is not a lost line
    old?.close();
    // Requests sent on the old line and not yet answered are asked again on the new one.
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const pending of waiting) this.sendLater(pending);
    this.open();
    return true;
  }

  /** Asks `pending`'s request again once the (new) line is greeted. */
  private sendLater(pending: Pending): void {
    this.queued.push(() => {
      const id = this.nextId++;
      this.pending.set(id, pending);
      this.socket?.send(JSON.stringify({ ...pending.body, id }));
    });
  }

  private failPending(code: string, message: string): void {
    for (const pending of this.pending.values()) pending.reject({ type: "error", code, message });
    this.pending.clear();
  }
}
