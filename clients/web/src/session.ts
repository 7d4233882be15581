// The session's way in and out, on the application state (app.ts): a hello refused at the
// door, a session the server ended, logging in, signing up, signing out, an invite code.
import type { App } from "./app.js";
import { ENDINGS, storeName, storeToken, storedToken } from "./connection.js";
import type { AccessInfo, JsonObject, ServerMessage } from "./protocol.js";

/**
 * Why the page shows a door instead of the lobby: hello refused (login_required,
 * invite_required, bad_invite, approval_pending, account_suspended, account_banned,
 * name_reserved), or a session the server ended (session_ended, and the last two).
 */
export interface Gate {
  code: string;
  message: string;
  until?: string;
  reason?: string;
  /** True when the server ended a welcomed session (the line is closed). */
  ended: boolean;
}

/** The words the server sent with an error, as a string (the sanction's reason, ...). */
function field(message: ServerMessage, key: string): string | undefined {
  const value = message[key];
  return typeof value === "string" && value ? value : undefined;
}

/** hello was refused at the door: show that door (the line stays open for login and signup). */
export function refused(app: App, message: ServerMessage): void {
  if (message.access && typeof message.access === "object") app.access = message.access as unknown as AccessInfo;
  app.gate = { code: String(message.code), message: String(message.message ?? ""), until: field(message, "until"), reason: field(message, "reason"), ended: false };
  // A code that does not work is not said again with the next hello (a login, say);
  // the invite page shows it, to be corrected.
  if (message.code === "bad_invite") {
    app.refusedInvite = app.conn.invite;
    app.conn.invite = "";
  }
  app.onChange();
}

/** The server ended the session (from another device, or a sanction): its page, no reconnecting. */
export function ended(app: App, message: ServerMessage): void {
  const code = String(message.code);
  if (!ENDINGS.includes(code)) return;
  // An ended session's token answers for nobody: the next hello starts without it.
  if (code === "session_ended") storeToken(null);
  app.room = null;
  app.update = null;
  app.matchOver = null;
  app.log = [];
  app.chat = [];
  app.gate = { code, message: String(message.message ?? ""), until: field(message, "until"), reason: field(message, "reason"), ended: true };
  app.onChange();
}

/**
 * After `logged_in` or `signed_up`: the new token replaces the old one (as after a
 * claim), the name travels with it, and a new line says hello with it.
 */
function takeIdentity(app: App, reply: ServerMessage): void {
  const token = typeof reply.token === "string" ? reply.token : "";
  if (!token) return;
  storeToken(token);
  // Spent by the sign-up (or not needed by an account): the next hello goes without it.
  app.conn.invite = "";
  const player = (reply.player ?? {}) as { name?: string };
  if (player.name) storeName(player.name);
  app.gate = null;
  app.conn.restart();
  app.onChange();
}

/** Logs in (before or after hello); rejects with the server's error. */
export async function login(app: App, handle: string, password: string, device: string): Promise<void> {
  const reply = await app.conn.requestAnytime({ type: "login", handle, password, device });
  takeIdentity(app, reply);
}

/**
 * Signs up. A guest (welcomed, or refused with its guest token) becomes the account and
 * keeps its player id, matches and history.
 */
export async function signup(app: App, handle: string, password: string, invite: string): Promise<void> {
  const body: JsonObject = { type: "signup", handle, password };
  if (invite) body.invite = invite;
  const token = storedToken();
  const guestAtTheDoor = app.gate !== null && !app.gate.ended && ["login_required", "invite_required", "bad_invite", "name_reserved"].includes(app.gate.code);
  if (!app.conn.welcomed && token && guestAtTheDoor) body.token = token;
  const reply = await app.conn.requestAnytime(body);
  takeIdentity(app, reply);
}

/** Signs out: the session ends on the server; this device forgets its token and starts afresh. */
export async function logout(app: App): Promise<void> {
  if (app.conn.welcomed && app.account) {
    try {
      await app.conn.request({ type: "logout" });
    } catch {
      // Gone already (or the line dropped): the token is forgotten all the same.
    }
  }
  forget(app);
}

/** Forgets this device's identity (token and name) and says hello afresh. */
export function forget(app: App): void {
  storeToken(null);
  storeName("");
  app.account = null;
  app.guest = false;
  app.gate = null;
  app.room = null;
  app.update = null;
  app.matchOver = null;
  app.log = [];
  app.chat = [];
  if (location.hash.startsWith("#/room/")) location.hash = "";
  app.conn.restart();
  app.onChange();
}

/** Says hello again with an invite code (typed on the invite page). */
export function useInvite(app: App, code: string): void {
  app.conn.invite = code;
  app.gate = null;
  app.conn.restart();
  app.onChange();
}
