// The doors: what the page shows instead of the lobby when the server does not take this
// hello (protocol/README.md, "Refused at the door") or ended the session. Each is a whole
// page that says why and what to do — log in or sign up, give an invite code, wait for an
// operator's approval, the suspension and its end, the ban — never a broken lobby.
import type { App } from "./app.js";
import type { Gate } from "./session.js";
import { loginForm, signupForm, when } from "./account.js";
import { storeName, storedName } from "./connection.js";
import { button, h } from "./dom.js";
import { t } from "./i18n.js";
import type { Child } from "./dom.js";

function reasonLine(gate: Gate): Child {
  return gate.reason ? h("p", { "data-testid": "gate-reason" }, t("access.reason", { reason: gate.reason })) : null;
}

/** "Use another account": this device forgets its identity and starts again. */
function anotherAccount(app: App): HTMLElement {
  return h("div", { class: "row" }, button(t("access.use_another"), () => app.forget(), { "data-action": "forget" }));
}

function inviteForm(app: App): HTMLElement {
  const code = h("input", { id: "gate-invite", type: "text", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: 64,
    value: app.conn.invite || app.refusedInvite, required: true, "data-testid": "invite-input" });
  return h("form", { class: "account-form", "data-testid": "invite-form", onsubmit: (e: Event) => {
    e.preventDefault();
    const typed = code.value.trim();
    if (typed) app.useInvite(typed);
  } }, h("div", { class: "field" }, h("label", { for: "gate-invite" }, t("access.invite_code")), code),
  h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "use-invite" }, t("access.use_invite"))));
}

function nameForm(app: App): HTMLElement {
  const name = h("input", { id: "gate-name", type: "text", maxlength: 32, autocomplete: "nickname", value: storedName(), required: true, "data-testid": "gate-name" });
  return h("form", { class: "account-form", onsubmit: (e: Event) => {
    e.preventDefault();
    storeName(name.value.trim());
    app.conn.restart();
  } }, h("div", { class: "field" }, h("label", { for: "gate-name" }, t("lobby.name")), name),
  h("div", { class: "row" }, h("button", { type: "submit", class: "primary", "data-action": "save-name" }, t("lobby.save_name"))));
}

/**
 * Log in, and sign up: "open" when the server says sign-up is open to this client now;
 * "invite" always, with the invite field (an invite code is what opens sign-up on an
 * invite server, whatever access.signup says without one); "none" not at all.
 */
function forms(app: App, signup: "open" | "invite" | "none"): HTMLElement {
  const offered = signup === "invite" || (signup === "open" && app.access?.signup !== false);
  return h("div", { class: "account-forms" },
    h("section", { class: "panel" }, loginForm(app)),
    offered ? h("section", { class: "panel" }, signupForm(app, app.conn.invite, signup === "invite")) : null);
}

/** The page for GATE: its title, why, and what can be done from here. */
export function gatePage(app: App, gate: Gate): HTMLElement {
  const page = h("main", { class: "gate-page", "data-testid": "gate", "data-gate": gate.code });
  const intro = (title: string, ...text: Child[]) => page.append(h("section", { class: "panel gate-intro" }, h("h2", {}, title), ...text));
  switch (gate.code) {
    case "login_required":
      intro(t("access.login_required_title"), h("p", {}, app.access?.guests === false ? t("access.no_guests_text") : t("access.members_text")));
      page.append(forms(app, "open"));
      break;
    case "invite_required":
    case "bad_invite":
      intro(t("access.invite_title"),
        gate.code === "bad_invite" ? h("p", { class: "error", "data-testid": "bad-invite" }, t("error.bad_invite")) : null,
        h("p", {}, t("access.invite_text")), inviteForm(app));
      page.append(forms(app, "invite"));
      break;
    case "approval_pending":
      intro(t("access.pending_title"), h("p", {}, t("access.pending_text")), h("p", { class: "note" }, t("access.pending_checking")), anotherAccount(app));
      break;
    case "account_suspended":
      intro(t("access.suspended_title"),
        h("p", { "data-testid": "gate-until" }, gate.until ? t("access.suspended_until", { until: when(gate.until) }) : t("error.account_suspended")),
        reasonLine(gate), anotherAccount(app));
      break;
    case "account_banned":
      intro(t("access.banned_title"), h("p", {}, t("error.account_banned")), reasonLine(gate), anotherAccount(app));
      break;
    case "name_reserved":
      intro(t("access.name_reserved_title"), h("p", {}, t("error.name_reserved")), nameForm(app));
      page.append(forms(app, "none"));
      break;
    case "session_ended":
      intro(t("access.session_ended_title"), h("p", {}, t("error.session_ended")),
        app.access?.guests !== false && app.access?.mode === "open"
          ? h("div", { class: "row" }, button(t("access.continue_as_guest"), () => app.forget(), { "data-action": "continue-as-guest" })) : null);
      page.append(forms(app, "none"));
      break;
    default:
      intro(t("access.refused_title"), h("p", {}, gate.message));
      page.append(forms(app, "open"));
  }
  return page;
}
