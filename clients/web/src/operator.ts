// The operator's page (#/operator), for accounts with the role moderator or admin
// (protocol/README.md, "Operators: op_* requests"): who is online and every live room
// (watch it, close it with a reason), the server's health and figures, refreshed every
// few seconds; the accounts (filter, awaiting approval only; approve, role, suspend, ban,
// lift); the invites (admins: make one, its code and link shown once, revoke); the
// announcement; the audit log, page by page. A control the operator may not use is not
// shown (the server refuses it anyway: `forbidden`).
import type { App } from "./app.js";
import { failureText, when } from "./account.js";
import { button, clear, h } from "./dom.js";
import type { Child } from "./dom.js";
import { formatNumber, hasMessage, t } from "./i18n.js";
import { gameTitle, personName } from "./game_words.js";
import type { Json, JsonObject, RoomInfo, ServerMessage } from "./protocol.js";

interface OnlinePlayer {
  id: string;
  name: string;
  guest?: boolean;
  role?: string | null;
  rooms?: string[];
}

interface AccountRow {
  player: string;
  handle: string;
  role: string;
  approved: boolean;
  created_at?: string;
  sanction?: { until?: string | null; reason?: string } | null;
}

interface InviteRow {
  invite: string;
  code?: string;
  note?: string;
  created_at?: string;
  expires_at?: string;
  max_uses?: number;
  uses?: number;
  revoked?: boolean;
}

interface AuditEntry {
  seq: number;
  at?: string;
  actor?: Json;
  action?: string;
  target?: Json;
  detail?: Json;
}

// The figures op_overview reports, in this order; others follow under their own names.
const FIGURES = ["connections", "rooms", "matches", "moves_per_second", "store_queue"];
const ROLES = ["member", "moderator", "admin"];
// What the audit log's entries did, by the request's name (with or without its "op_").
const ACTIONS = ["close_room", "sanction", "lift", "announce", "approve", "set_role", "make_invite", "revoke_invite"];
// How often the overview is asked for while the page is shown.
export const OVERVIEW_EVERY_MS = 3000;

/** A value of the audit log or the figures in words: text as it is, objects as "key value, …". */
function plain(value: Json | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object" && !Array.isArray(value)) {
    const named = value.handle ?? value.name;
    if (typeof named === "string") return named;
    return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, " ")} ${plain(v)}`).join(", ");
  }
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

function figureLabel(key: string): string {
  return hasMessage(`operator.figure.${key}`) ? t(`operator.figure.${key}`) : key.replace(/_/g, " ");
}

function actionText(action: string): string {
  const bare = action.replace(/^op_/, "");
  return ACTIONS.includes(bare) ? t(`operator.action.${bare}`) : action.replace(/_/g, " ");
}

function roleText(role: string): string {
  return hasMessage(`account.role.${role}`) ? t(`account.role.${role}`) : role;
}

export class OperatorPage {
  readonly element: HTMLElement;
  private readonly status = h("p", { class: "form-status error-text", role: "alert", "data-testid": "op-status" });
  private readonly online = h("div", { "data-testid": "op-online" });
  private readonly rooms = h("div", { "data-testid": "op-rooms" });
  private readonly health = h("dl", { class: "figures", "data-testid": "op-health" });
  private readonly closeReason = h("input", { id: "op-close-reason", type: "text", maxlength: 200, required: true, "data-testid": "op-close-reason" });
  private readonly closeTitle = h("p", {});
  private readonly closeForm: HTMLFormElement;
  private closing = "";
  private readonly filter = h("input", { id: "op-filter", type: "search", maxlength: 24, autocomplete: "off", "data-testid": "op-filter" });
  private readonly pending = h("input", { id: "op-pending", type: "checkbox", "data-testid": "op-pending" });
  private readonly accounts = h("div", { "data-testid": "op-accounts" });
  private readonly sanctionTitle = h("p", {});
  private readonly sanctionHours = h("input", { id: "op-hours", type: "number", min: 1, max: 8760, value: 24, "data-testid": "op-hours" });
  private readonly sanctionHoursField: HTMLElement;
  private readonly sanctionReason = h("input", { id: "op-reason", type: "text", maxlength: 200, required: true, "data-testid": "op-reason" });
  private readonly sanctionForm: HTMLFormElement;
  private sanction: { player: string; kind: "suspend" | "ban" } | null = null;
  private readonly invites = h("div", { "data-testid": "op-invites" });
  private readonly made = h("div", { class: "made-invite", "aria-live": "polite", "data-testid": "op-made-invite" });
  private readonly announceText = h("input", { id: "op-announce-text", type: "text", maxlength: 300, "data-testid": "op-announce-text" });
  private readonly announceNow = h("p", { class: "note", "data-testid": "op-announce-now" });
  private readonly audit = h("tbody", {});
  private readonly auditMore: HTMLButtonElement;
  private auditBefore: number | null = null;
  private readonly admin: boolean;

  constructor(private readonly app: App) {
    this.admin = app.isAdmin;
    this.closeForm = h("form", { class: "account-form op-inline", hidden: true, "data-testid": "op-close-form", onsubmit: (e: Event) => {
      e.preventDefault();
      void this.closeRoom();
    } }, this.closeTitle,
    h("div", { class: "field" }, h("label", { for: "op-close-reason" }, t("operator.close_reason")), this.closeReason),
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "op-close-confirm" }, t("operator.close_confirm")),
      button(t("operator.cancel"), () => { this.closeForm.hidden = true; this.closing = ""; }, { "data-action": "op-close-cancel" })));
    this.sanctionHoursField = h("div", { class: "field" }, h("label", { for: "op-hours" }, t("operator.hours")), this.sanctionHours);
    this.sanctionForm = h("form", { class: "account-form op-inline", hidden: true, "data-testid": "op-sanction-form", onsubmit: (e: Event) => {
      e.preventDefault();
      void this.sanctionNow();
    } }, this.sanctionTitle, this.sanctionHoursField,
    h("div", { class: "field" }, h("label", { for: "op-reason" }, t("operator.reason")), this.sanctionReason),
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "op-sanction-confirm" }, t("operator.sanction_confirm")),
      button(t("operator.cancel"), () => { this.sanctionForm.hidden = true; this.sanction = null; }, { "data-action": "op-sanction-cancel" })));
    this.auditMore = button(t("operator.audit_more"), () => void this.loadAudit(false), { "data-action": "op-audit-more", hidden: true });

    const accountsForm = h("form", { class: "row", onsubmit: (e: Event) => {
      e.preventDefault();
      void this.loadAccounts();
    } }, h("label", { for: "op-filter" }, t("operator.filter")), this.filter,
    h("label", { class: "check" }, this.pending, " ", t("operator.pending_only")),
    h("button", { type: "submit", "data-action": "op-accounts-search" }, t("operator.search")));
    this.pending.addEventListener("change", () => void this.loadAccounts());

    this.element = h("main", { class: "operator-page", "data-testid": "operator-page" },
      h("h2", {}, t("operator.title")),
      this.status,
      h("section", { class: "panel" }, h("h3", {}, t("operator.health")), this.health),
      h("section", { class: "panel" }, h("h3", {}, t("operator.online")), this.online),
      h("section", { class: "panel" }, h("h3", {}, t("operator.rooms")), this.rooms, this.closeForm),
      h("section", { class: "panel" }, h("h3", {}, t("operator.accounts")), accountsForm, this.accounts, this.sanctionForm),
      this.admin ? this.invitesPanel() : null,
      this.announcePanel(),
      h("section", { class: "panel" }, h("h3", {}, t("operator.audit")),
        h("div", { class: "scroll-x" }, h("table", { class: "op-table", "data-testid": "op-audit" },
          h("thead", {}, h("tr", {}, ["operator.audit.at", "operator.audit.actor", "operator.audit.action", "operator.audit.target", "operator.audit.detail"].map((k) => h("th", {}, t(k))))),
          this.audit)),
        this.auditMore));
    void this.refresh();
    void this.loadAccounts();
    if (this.admin) void this.loadInvites();
    void this.loadAudit(true);
  }

  private fail(error: unknown): void {
    this.status.textContent = failureText(error);
  }

  private done(text: string): void {
    this.status.textContent = text;
  }

  /** Asks REQUEST; a refusal is said in the page's status line (null then). */
  private async ask(body: JsonObject): Promise<ServerMessage | null> {
    try {
      return await this.app.conn.request(body);
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  /** The overview: health, figures, who is online, every live room. */
  async refresh(): Promise<void> {
    let reply: ServerMessage;
    try {
      reply = await this.app.conn.request({ type: "op_overview" });
    } catch (error) {
      this.fail(error);
      return;
    }
    this.renderHealth((reply.health ?? {}) as JsonObject, (reply.figures ?? {}) as JsonObject);
    this.renderOnline((reply.online ?? []) as unknown as OnlinePlayer[]);
    this.renderRooms((reply.rooms ?? []) as unknown as RoomInfo[]);
    if (typeof reply.announcement === "string" || reply.announcement === null || reply.announcement === undefined) {
      const text = typeof reply.announcement === "string" ? reply.announcement : "";
      this.announceNow.textContent = text ? t("operator.announcement_now", { text }) : t("operator.announcement_none");
    }
  }

  private renderHealth(health: JsonObject, figures: JsonObject): void {
    clear(this.health);
    const item = (label: string, value: string, key: string) => this.health.append(h("div", { "data-figure": key }, h("dt", {}, label), h("dd", {}, value)));
    const status = typeof health.status === "string" ? health.status : "";
    if (status) item(t("operator.status"), hasMessage(`operator.status.${status}`) ? t(`operator.status.${status}`) : status, "status");
    const db = health.database as JsonObject | undefined;
    if (db && typeof db.writable === "boolean") item(t("operator.database"), db.writable ? t("operator.database_ok") : t("operator.database_failing", { reason: plain(db.reason) }), "database");
    if (typeof health.uptime_seconds === "number") item(t("operator.uptime"), t("operator.uptime_value", { h: Math.floor(health.uptime_seconds / 3600), m: Math.floor((health.uptime_seconds % 3600) / 60) }), "uptime");
    const keys = [...FIGURES.filter((k) => k in figures), ...Object.keys(figures).filter((k) => !FIGURES.includes(k))];
    for (const key of keys) item(figureLabel(key), plain(figures[key]), key);
  }

  private renderOnline(players: OnlinePlayer[]): void {
    clear(this.online);
    if (players.length === 0) {
      this.online.append(h("p", { class: "note" }, t("operator.nobody_online")));
      return;
    }
    this.online.append(h("p", { class: "note" }, t("operator.online_count", { n: players.length })),
      h("ul", { class: "op-online" }, players.map((p) => h("li", { "data-player": p.id },
        h("b", {}, personName(p.name, p.guest)), p.role ? h("span", { class: "badge member" }, roleText(p.role)) : null,
        (p.rooms ?? []).length ? h("span", { class: "note" }, " ", t("operator.in_rooms", { rooms: (p.rooms ?? []).join(", ") })) : null))));
  }

  private renderRooms(rooms: RoomInfo[]): void {
    clear(this.rooms);
    if (rooms.length === 0) {
      this.rooms.append(h("p", { class: "note" }, t("operator.no_rooms")));
      return;
    }
    this.rooms.append(h("div", { class: "scroll-x" }, h("table", { class: "op-table" },
      h("thead", {}, h("tr", {}, ["lobby.col.game", "lobby.col.host", "lobby.col.seats", "lobby.col.status", "lobby.col.watching"].map((k) => h("th", {}, t(k))), h("th", {}))),
      h("tbody", {}, rooms.map((r) => h("tr", { "data-room": r.id },
        h("td", {}, gameTitle(r.game, r.title), " ", h("small", { class: "note" }, r.visibility === "private" ? t("operator.private_room", { id: r.id, code: r.code ?? "" }) : r.id)),
        h("td", {}, r.host_name ? personName(r.host_name, r.host_guest) : "—"),
        h("td", {}, t("lobby.seats_taken", { taken: r.seats_taken ?? 0, seats: r.seat_count })),
        h("td", {}, t("lobby.status", { status: r.status })),
        h("td", {}, formatNumber(r.spectators)),
        h("td", { class: "actions" },
          button(t("lobby.watch"), () => void this.app.request(r.code ? { type: "spectate", code: r.code } : { type: "spectate", room: r.id }), { class: "mini", "data-action": "op-watch" }),
          button(t("operator.close_room"), () => this.askClose(r), { class: "mini", "data-action": "op-close" }))))))));
  }

  private askClose(room: RoomInfo): void {
    this.closing = room.id;
    this.closeTitle.textContent = t("operator.close_title", { room: room.id, title: gameTitle(room.game, room.title) });
    this.closeForm.hidden = false;
    this.closeReason.focus();
  }

  private async closeRoom(): Promise<void> {
    const room = this.closing;
    const reason = this.closeReason.value.trim();
    if (!room || !reason) return;
    if (await this.ask({ type: "op_close_room", room, reason })) {
      this.closeForm.hidden = true;
      this.closing = "";
      this.closeReason.value = "";
      this.done(t("operator.room_closed", { room }));
      await this.refresh();
      await this.loadAudit(true);
    }
  }

  async loadAccounts(): Promise<void> {
    const body: JsonObject = { type: "op_accounts", pending: this.pending.checked };
    const filter = this.filter.value.trim();
    if (filter) body.filter = filter;
    const reply = await this.ask(body);
    if (!reply) return;
    const rows = (reply.accounts ?? []) as unknown as AccountRow[];
    clear(this.accounts);
    if (rows.length === 0) {
      this.accounts.append(h("p", { class: "note" }, t("operator.no_accounts")));
      return;
    }
    this.accounts.append(h("div", { class: "scroll-x" }, h("table", { class: "op-table" },
      h("thead", {}, h("tr", {}, ["operator.col.handle", "operator.col.role", "operator.col.state", "operator.col.since"].map((k) => h("th", {}, t(k))), h("th", {}))),
      h("tbody", {}, rows.map((a) => this.accountRow(a))))));
  }

  /** The controls the operator may use on this account (moderators: members only; nobody on themselves). */
  private accountRow(a: AccountRow): HTMLElement {
    const self = a.player === this.app.playerId;
    const mayPunish = !self && (this.admin || a.role === "member");
    const state: Child[] = [];
    if (!a.approved) state.push(h("span", { class: "badge warn" }, t("operator.state.pending")));
    if (a.sanction) {
      state.push(h("span", { class: "badge warn" }, a.sanction.until ? t("operator.state.suspended", { until: when(a.sanction.until) }) : t("operator.state.banned")));
      if (a.sanction.reason) state.push(h("small", { class: "note" }, " ", t("access.reason", { reason: a.sanction.reason })));
    }
    if (state.length === 0) state.push(t("operator.state.ok"));
    let role: Child = roleText(a.role);
    if (this.admin && !self) {
      const select = h("select", { "data-action": "op-role", "aria-label": t("operator.role_label", { handle: a.handle }) },
        ROLES.map((r) => h("option", { value: r, selected: r === a.role }, roleText(r))));
      select.addEventListener("change", () => void this.change({ type: "op_set_role", player: a.player, role: select.value }, t("operator.role_set", { handle: a.handle, role: roleText(select.value) })));
      role = select;
    }
    return h("tr", { "data-handle": a.handle, "data-player": a.player },
      h("td", {}, h("b", {}, a.handle)), h("td", {}, role), h("td", {}, state), h("td", {}, when(a.created_at)),
      h("td", { class: "actions" },
        this.admin && !a.approved ? button(t("operator.approve"), () => void this.change({ type: "op_approve", player: a.player, approved: true }, t("operator.approved", { handle: a.handle })), { class: "mini primary", "data-action": "op-approve" }) : null,
        mayPunish && !a.sanction ? button(t("operator.suspend"), () => this.askSanction(a, "suspend"), { class: "mini", "data-action": "op-suspend" }) : null,
        mayPunish && !a.sanction ? button(t("operator.ban"), () => this.askSanction(a, "ban"), { class: "mini", "data-action": "op-ban" }) : null,
        mayPunish && a.sanction ? button(t("operator.lift"), () => void this.change({ type: "op_lift", player: a.player }, t("operator.lifted", { handle: a.handle })), { class: "mini", "data-action": "op-lift" }) : null));
  }

  /** A change to an account; then the list and the audit log again. */
  private async change(body: JsonObject, said: string): Promise<void> {
    if (await this.ask(body)) this.done(said);
    await this.loadAccounts();
    await this.loadAudit(true);
  }

  private askSanction(a: AccountRow, kind: "suspend" | "ban"): void {
    this.sanction = { player: a.player, kind };
    this.sanctionTitle.textContent = kind === "suspend" ? t("operator.suspend_title", { handle: a.handle }) : t("operator.ban_title", { handle: a.handle });
    this.sanctionHoursField.hidden = kind !== "suspend";
    this.sanctionForm.hidden = false;
    this.sanctionReason.focus();
  }

  private async sanctionNow(): Promise<void> {
    const s = this.sanction;
    const reason = this.sanctionReason.value.trim();
    if (!s || !reason) return;
    const body: JsonObject = { type: "op_sanction", player: s.player, kind: s.kind, reason };
    if (s.kind === "suspend") body.hours = Math.min(8760, Math.max(1, Math.round(Number(this.sanctionHours.value) || 24)));
    if (await this.ask(body)) {
      this.sanctionForm.hidden = true;
      this.sanction = null;
      this.sanctionReason.value = "";
      this.done(s.kind === "suspend" ? t("operator.suspended") : t("operator.banned"));
    }
    await this.loadAccounts();
    await this.loadAudit(true);
  }

  private invitesPanel(): HTMLElement {
    const uses = h("input", { id: "op-invite-uses", type: "number", min: 1, max: 1000, value: 1, "data-testid": "op-invite-uses" });
    const hours = h("input", { id: "op-invite-hours", type: "number", min: 1, max: 8760, value: 168, "data-testid": "op-invite-hours" });
    const note = h("input", { id: "op-invite-note", type: "text", maxlength: 200, "data-testid": "op-invite-note" });
    const form = h("form", { class: "account-form", onsubmit: (e: Event) => {
      e.preventDefault();
      void this.makeInvite(Number(uses.value) || 1, Number(hours.value) || 168, note.value.trim());
    } },
    h("div", { class: "field" }, h("label", { for: "op-invite-uses" }, t("operator.invite_uses")), uses),
    h("div", { class: "field" }, h("label", { for: "op-invite-hours" }, t("operator.invite_hours")), hours),
    h("div", { class: "field" }, h("label", { for: "op-invite-note" }, t("operator.invite_note")), note),
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "op-make-invite" }, t("operator.make_invite"))));
    return h("section", { class: "panel" }, h("h3", {}, t("operator.invites")), form, this.made, this.invites);
  }

  private async makeInvite(uses: number, hours: number, note: string): Promise<void> {
    const body: JsonObject = { type: "op_make_invite", max_uses: Math.min(1000, Math.max(1, Math.round(uses))), hours: Math.min(8760, Math.max(1, Math.round(hours))) };
    if (note) body.note = note;
    const reply = await this.ask(body);
    if (!reply) return;
    // The reply is the invite as in the list plus its code (flat); an object under `invite` is taken too.
    const made = (reply.invite && typeof reply.invite === "object" ? reply.invite : reply) as unknown as InviteRow;
    const code = made.code ?? (typeof reply.code === "string" ? reply.code : "");
    clear(this.made);
    if (code) {
      const link = `${location.origin}/?invite=${encodeURIComponent(code)}`;
      this.made.append(h("p", {}, t("operator.invite_made")),
        h("output", { class: "code", "data-testid": "op-invite-code" }, code),
        h("p", {}, h("a", { href: link, "data-testid": "op-invite-link", class: "invite-link" }, link)),
        h("p", { class: "note" }, t("operator.invite_once")));
    }
    await this.loadInvites();
    await this.loadAudit(true);
  }

  private async loadInvites(): Promise<void> {
    const reply = await this.ask({ type: "op_invites" });
    if (!reply) return;
    const rows = (reply.invites ?? []) as unknown as InviteRow[];
    clear(this.invites);
    if (rows.length === 0) {
      this.invites.append(h("p", { class: "note" }, t("operator.no_invites")));
      return;
    }
    this.invites.append(h("div", { class: "scroll-x" }, h("table", { class: "op-table" },
      h("thead", {}, h("tr", {}, ["operator.col.note", "operator.col.uses", "operator.col.expires", "operator.col.state"].map((k) => h("th", {}, t(k))), h("th", {}))),
      h("tbody", {}, rows.map((i) => h("tr", { "data-invite": i.invite },
        h("td", {}, i.note || "—", " ", h("small", { class: "note" }, i.invite)),
        h("td", {}, t("operator.uses_of", { uses: i.uses ?? 0, max: i.max_uses ?? 1 })),
        h("td", {}, when(i.expires_at)),
        h("td", {}, i.revoked ? t("operator.revoked") : t("operator.state.ok")),
        h("td", { class: "actions" }, i.revoked ? null : button(t("operator.revoke"), async () => {
          if (await this.ask({ type: "op_revoke_invite", invite: i.invite })) this.done(t("operator.invite_revoked"));
          await this.loadInvites();
          await this.loadAudit(true);
        }, { class: "mini", "data-action": "op-revoke" }))))))));
  }

  private announcePanel(): HTMLElement {
    this.announceText.value = this.app.banner;
    const send = async (text: string) => {
      if (await this.ask({ type: "op_announce", text })) {
        this.done(text ? t("operator.announced") : t("operator.announcement_cleared"));
        if (!text) this.announceText.value = "";
        await this.refresh();
        await this.loadAudit(true);
      }
    };
    return h("section", { class: "panel" }, h("h3", {}, t("operator.announcement")), this.announceNow,
      h("form", { class: "account-form", onsubmit: (e: Event) => {
        e.preventDefault();
        void send(this.announceText.value.trim());
      } }, h("div", { class: "field" }, h("label", { for: "op-announce-text" }, t("operator.announcement_text")), this.announceText),
      h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "op-announce" }, t("operator.announce")),
        button(t("operator.announcement_clear"), () => void send(""), { "data-action": "op-announce-clear" }))));
  }

  /** The audit log: FIRST starts again from the newest; otherwise the next 50, older. */
  private async loadAudit(first: boolean): Promise<void> {
    const body: JsonObject = { type: "op_audit" };
    if (!first && this.auditBefore !== null) body.before = this.auditBefore;
    const reply = await this.ask(body);
    if (!reply) return;
    const entries = (reply.entries ?? []) as unknown as AuditEntry[];
    if (first) clear(this.audit);
    for (const e of entries) {
      this.audit.append(h("tr", { "data-seq": e.seq },
        h("td", {}, when(e.at)), h("td", {}, plain(e.actor)), h("td", {}, actionText(String(e.action ?? ""))),
        h("td", {}, plain(e.target)), h("td", {}, plain(e.detail))));
    }
    if (first && entries.length === 0) this.audit.append(h("tr", {}, h("td", { colspan: 5, class: "note" }, t("operator.audit_empty"))));
    if (entries.length) this.auditBefore = entries[entries.length - 1].seq;
    this.auditMore.hidden = entries.length < 50;
  }
}
