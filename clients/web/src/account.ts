// Accounts (protocol/README.md, "Accounts and access"): the log-in and sign-up forms
// (shared by the doors in gate.ts and the account page), and the account page
// (#/account): sign up (a guest becomes the account, same player, history kept), log
// in, change the password, the sessions with "end", sign out. Passwords live only in
// their inputs (type=password, with autocomplete hints for password managers): never
// stored, never logged, cleared once sent.
import type { App } from "./app.js";
import { button, clear, h } from "./dom.js";
import { formatDateTime, t } from "./i18n.js";
import { personName } from "./game_words.js";
import { errorText } from "./words.js";

interface Failure {
  code?: string;
  message?: string;
  retry_after_seconds?: number;
}

/** A refusal in words; a throttled login says how long to wait. */
export function failureText(error: unknown): string {
  const e = error as Failure;
  if (e.code === "login_throttled" && typeof e.retry_after_seconds === "number") {
    return t("account.throttled", { s: Math.max(1, Math.ceil(e.retry_after_seconds)) });
  }
  return errorText(e.code ?? "error", e.message ?? "");
}

/** "Firefox on Linux": the session's name in the list of sessions, from the user agent. */
export function deviceLabel(agent: string = navigator.userAgent): string {
  const browsers: [RegExp, string][] = [[/Edg\//, "Edge"], [/OPR\/|Opera/, "Opera"], [/Firefox\//, "Firefox"], [/Chrom(e|ium)\//, "Chrome"], [/Safari\//, "Safari"]];
  const systems: [RegExp, string][] = [[/Android/, "Android"], [/iPhone|iPad|iPod/, "iOS"], [/Windows/, "Windows"], [/CrOS/, "ChromeOS"], [/Mac OS X|Macintosh/, "macOS"], [/Linux/, "Linux"]];
  const browser = browsers.find(([re]) => re.test(agent))?.[1] ?? "Browser";
  const system = systems.find(([re]) => re.test(agent))?.[1] ?? "";
  const label = system ? t("account.device_label", { browser, system }) : browser;
  return label.slice(0, 64);
}

let formCount = 0;

/** A labelled input in a form's grid: the label above, the field below. */
function field(label: string, input: HTMLInputElement): HTMLElement {
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input);
}

function input(attrs: Record<string, string | number | boolean>): HTMLInputElement {
  return h("input", { id: `acct-${++formCount}`, ...attrs });
}

function handleInput(autocomplete: string, testid: string): HTMLInputElement {
  return input({ type: "text", autocomplete, autocapitalize: "off", spellcheck: "false", maxlength: 64, required: true, "data-testid": testid });
}

function passwordInput(autocomplete: "current-password" | "new-password", testid: string): HTMLInputElement {
  return input({ type: "password", autocomplete, minlength: 8, maxlength: 256, required: true, "data-testid": testid });
}

/** The status line under a form: what happened, or why not. */
function statusLine(testid: string): HTMLElement {
  return h("p", { class: "form-status", role: "alert", "data-testid": testid });
}

/** Log in with a handle and a password; the page says hello again as that account. */
export function loginForm(app: App): HTMLElement {
  const handle = handleInput("username", "login-handle");
  const password = passwordInput("current-password", "login-password");
  const status = statusLine("login-status");
  const submit = h("button", { type: "submit", class: "primary", "data-action": "login" }, t("account.login"));
  const form = h("form", { class: "account-form", "data-testid": "login-form", onsubmit: (e: Event) => {
    e.preventDefault();
    status.textContent = t("account.checking");
    submit.disabled = true;
    const typed = password.value;
    password.value = "";
    app.login(handle.value.trim(), typed, deviceLabel()).then(() => {
      status.textContent = t("account.logged_in");
    }, (error) => {
      status.textContent = failureText(error);
      submit.disabled = false;
      password.focus();
    });
  } },
  h("h3", {}, t("account.login_title")),
  field(t("account.handle"), handle),
  field(t("account.password"), password),
  h("div", { class: "row" }, submit),
  status);
  return form;
}

/**
 * Sign up. A guest who signs up keeps being the same player (its matches and history
 * stay its own): the form says so. INVITE prefills the invite field, shown when the
 * server is by invitation (or a code is at hand).
 */
export function signupForm(app: App, invite = "", askInvite = false): HTMLElement {
  const handle = handleInput("username", "signup-handle");
  const password = passwordInput("new-password", "signup-password");
  const code = input({ type: "text", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: 64, value: invite, "data-testid": "signup-invite" });
  const byInvite = askInvite || app.access?.mode === "invite" || invite !== "";
  const status = statusLine("signup-status");
  const submit = h("button", { type: "submit", class: "primary", "data-action": "signup" }, t("account.signup"));
  const converting = app.guest && app.playerId !== "";
  return h("form", { class: "account-form", "data-testid": "signup-form", onsubmit: (e: Event) => {
    e.preventDefault();
    status.textContent = t("account.checking");
    submit.disabled = true;
    const typed = password.value;
    password.value = "";
    app.signup(handle.value.trim(), typed, code.value.trim()).then(() => {
      status.textContent = t("account.signed_up");
    }, (error) => {
      status.textContent = failureText(error);
      submit.disabled = false;
    });
  } },
  h("h3", {}, t("account.signup_title")),
  converting ? h("p", { class: "note", "data-testid": "signup-keeps-history" }, t("account.signup_keeps_history", { name: personName(app.playerName, true) })) : null,
  field(t("account.handle"), handle),
  h("p", { class: "note" }, t("account.handle_help")),
  field(t("account.new_password"), password),
  h("p", { class: "note" }, t("account.password_help")),
  byInvite ? field(t("account.invite_code"), code) : null,
  h("div", { class: "row" }, submit),
  status);
}

interface Session {
  session: string;
  device?: string;
  created_at?: string;
  current?: boolean;
}

/** A date from the server (ISO 8601) in the reader's words, or the text itself if it is none. */
export function when(iso: string | undefined | null): string {
  if (!iso) return "—";
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatDateTime(at);
}

function changePasswordForm(app: App): HTMLElement {
  const current = passwordInput("current-password", "current-password");
  const next = passwordInput("new-password", "new-password");
  const status = statusLine("password-status");
  return h("form", { class: "account-form", "data-testid": "password-form", onsubmit: (e: Event) => {
    e.preventDefault();
    const body = { type: "change_password", password: current.value, new_password: next.value };
    current.value = "";
    next.value = "";
    status.textContent = t("account.checking");
    app.conn.request(body).then(() => {
      status.textContent = t("account.password_changed");
    }, (error) => {
      status.textContent = failureText(error);
    });
  } },
  h("h3", {}, t("account.change_password")),
  field(t("account.current_password"), current),
  field(t("account.new_password"), next),
  h("p", { class: "note" }, t("account.change_password_note")),
  h("div", { class: "row" }, h("button", { type: "submit", "data-action": "change-password" }, t("account.change_password"))),
  status);
}

/** The account's sessions (devices), the current one marked, the others with "End". */
function sessionsPanel(app: App): HTMLElement {
  const list = h("ul", { class: "sessions", "data-testid": "sessions" });
  const status = statusLine("sessions-status");
  const load = async () => {
    try {
      const reply = await app.conn.request({ type: "sessions" });
      const sessions = (reply.sessions ?? []) as unknown as Session[];
      clear(list);
      for (const s of sessions) {
        list.append(h("li", { "data-session": s.session, class: s.current ? "current" : "" },
          h("b", {}, s.device || t("account.unnamed_device")), " ",
          h("span", { class: "note" }, t("account.session_since", { when: when(s.created_at) })), " ",
          s.current ? h("span", { class: "badge", "data-testid": "current-session" }, t("account.this_device"))
            : button(t("account.end_session"), () => void end(s.session), { class: "mini", "data-action": "end-session" })));
      }
      if (sessions.length === 0) list.append(h("li", { class: "note" }, t("account.no_sessions")));
    } catch (error) {
      status.textContent = failureText(error);
    }
  };
  const end = async (session: string) => {
    try {
      await app.conn.request({ type: "end_session", session });
      status.textContent = t("account.session_ended_done");
    } catch (error) {
      status.textContent = failureText(error);
    }
    await load();
  };
  void load();
  return h("section", { class: "panel" }, h("h3", {}, t("account.sessions")),
    h("p", { class: "note" }, t("account.sessions_note")), list, status);
}

/** The account page (#/account): the forms a guest needs, or a member's own settings. */
export function accountPage(app: App): HTMLElement {
  const page = h("main", { class: "account-page", "data-testid": "account-page" }, h("h2", {}, t("account.title")));
  const account = app.account;
  if (!account) {
    page.append(h("section", { class: "panel" },
      h("p", { "data-testid": "account-who" }, t("account.you_are_guest", { name: personName(app.playerName || "…", true) })),
      h("p", { class: "note" }, t("account.why_account"))));
    const forms = h("div", { class: "account-forms" });
    if (app.access?.signup !== false) forms.append(h("section", { class: "panel" }, signupForm(app, app.conn.invite)));
    forms.append(h("section", { class: "panel" }, loginForm(app), h("p", { class: "note" }, t("account.login_note"))));
    page.append(forms);
    return page;
  }
  page.append(h("section", { class: "panel" },
    h("p", { "data-testid": "account-who" }, t("account.you_are", { handle: account.handle }), " ",
      h("span", { class: "badge member" }, t(`account.role.${account.role}`))),
    account.approved ? null : h("p", { class: "note" }, t("access.pending_text")),
    h("div", { class: "row" }, button(t("account.logout"), () => void app.logout(), { "data-action": "logout" }))));
  page.append(h("div", { class: "account-forms" },
    h("section", { class: "panel" }, changePasswordForm(app)),
    sessionsPanel(app)));
  return page;
}
