// "Your identity": who this browser plays as, and how to be the same player on another
// device. A claim code asked for here is shown once (the server keeps only its hash) and
// works once, for ten minutes; entered on the other device (here, or `parlor play
// --claim CODE`), it gives that device a token of its own for the same player, so the
// leaderboard and history count one person once.
import type { App } from "./app.js";
import { storeName, storeToken } from "./connection.js";
import { button, clear, h } from "./dom.js";
import { errorText } from "./words.js";
import { formatDateTime, t } from "./i18n.js";

// connection.ts keeps the token under this key and says hello with it on every connect;
// a claimed token replaces it, and the next connect greets as the claimed player.

interface Failure {
  code?: string;
  message?: string;
}

export class IdentityPanel {
  readonly element: HTMLElement;
  private readonly who = h("p", { class: "note", "data-testid": "identity-who" });
  private readonly codeBox = h("div", { class: "claim-code", "data-testid": "claim-code-box", "aria-live": "polite" });
  private readonly status = h("p", { class: "note", "data-testid": "claim-status", role: "status" });

  /** ON_CLAIMED: this browser became the player named NAME (the lobby's name field follows). */
  constructor(private readonly app: App, private readonly onClaimed: (name: string) => void = () => {}) {
    const codeInput = h("input", {
      id: "claim-input", placeholder: "XXXX-XXXX-XXXX", maxlength: 20, autocomplete: "off",
      autocapitalize: "characters", spellcheck: "false", "data-testid": "claim-input",
    });
    const claimForm = h("form", { class: "row", onsubmit: (e: Event) => {
      e.preventDefault();
      void this.claim(codeInput);
    } }, h("label", { for: "claim-input" }, t("identity.code_label"), " "), codeInput,
      h("button", { type: "submit", "data-action": "claim" }, t("identity.use_code")));
    this.element = h("section", { class: "panel identity", "data-testid": "identity" },
      h("h2", {}, t("identity.title")),
      this.who,
      h("p", { class: "note" }, t("identity.help")),
      h("div", { class: "row" }, button(t("identity.get_code"), () => void this.getCode(), { "data-action": "claim-code" })),
      this.codeBox,
      claimForm,
      this.status);
  }

  render(): void {
    const id = this.app.playerId;
    this.who.textContent = id ? t("identity.who", { name: this.app.playerName || "…", id }) : t("identity.connecting");
  }

  private async getCode(): Promise<void> {
    clear(this.codeBox);
    this.status.textContent = "";
    try {
      const reply = await this.app.conn.request({ type: "claim_code" });
      const code = String(reply.code ?? "");
      const minutes = Math.round(Number(reply.expires_in_seconds ?? 600) / 60);
      const until = formatDateTime(Date.now() + minutes * 60_000, { hour: "2-digit", minute: "2-digit" });
      this.codeBox.append(
        h("output", { class: "code", "data-testid": "claim-code" }, code),
        h("p", { class: "note" }, t("identity.code_note", { until, minutes })));
    } catch (error) {
      this.fail(error as Failure);
    }
  }

  private async claim(codeInput: HTMLInputElement): Promise<void> {
    const typed = codeInput.value;
    clear(this.codeBox);
    const code = typed.trim();
    if (!code) {
      this.status.textContent = t("identity.type_code");
      return;
    }
    this.status.textContent = t("identity.checking");
    try {
      const reply = await this.app.conn.request({ type: "claim", code });
      const player = (reply.player ?? {}) as { id?: string; name?: string };
      storeToken(String(reply.token ?? ""));
      // The name travels with the identity: the next hello must not rename it.
      if (player.name) {
        storeName(player.name);
        this.onClaimed(player.name);
      }
      // The header shows the reconnection itself; this line stays true after it.
      this.status.textContent = t("identity.claimed", { name: player.name ?? "…", id: player.id ?? "?" });
      codeInput.value = "";
      this.app.conn.drop(); // says hello again, with the claimed token
    } catch (error) {
      this.fail(error as Failure);
    }
  }

  private fail(error: Failure): void {
    this.status.textContent = errorText(error.code ?? "error", error.message ?? "");
  }
}
