// "Your identity": who this browser plays as, and how to be the same player on another
// device. A claim code asked for here is shown once (the server keeps only its hash) and
// works once, for ten minutes; entered on the other device (here, or `parlor play
// --claim CODE`), it gives that device a token of its own for the same player, so the
// leaderboard and history count one person once.
import type { App } from "./app.js";
import { storeName } from "./connection.js";
import { button, clear, h } from "./dom.js";
import { errorText } from "./words.js";

// connection.ts keeps the token under this key and says hello with it on every connect;
// a claimed token replaces it, and the next connect greets as the claimed player.
const TOKEN_KEY = "parlor.token";

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
    } }, h("label", { for: "claim-input" }, "Code from your other device "), codeInput,
      h("button", { type: "submit", "data-action": "claim" }, "Use code"));
    this.element = h("section", { class: "panel identity", "data-testid": "identity" },
      h("h2", {}, "Your identity"),
      this.who,
      h("p", { class: "note" }, "Each browser is a player of its own. To be this same player on another device (your phone, another computer, or the terminal client), get a code here and enter it there within ten minutes; or enter here a code from the device you played on before."),
      h("div", { class: "row" }, button("Get a claim code", () => void this.getCode(), { "data-action": "claim-code" })),
      this.codeBox,
      claimForm,
      this.status);
  }

  render(): void {
    const id = this.app.playerId;
    this.who.textContent = id ? `You play as ${this.app.playerName || "…"} (player ${id}).` : "Connecting…";
  }

  private async getCode(): Promise<void> {
    clear(this.codeBox);
    this.status.textContent = "";
    try {
      const reply = await this.app.conn.request({ type: "claim_code" });
      const code = String(reply.code ?? "");
      const minutes = Math.round(Number(reply.expires_in_seconds ?? 600) / 60);
      const until = new Date(Date.now() + minutes * 60_000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      this.codeBox.append(
        h("output", { class: "code", "data-testid": "claim-code" }, code),
        h("p", { class: "note" }, `Enter it on your other device before ${until} (${minutes} minutes). It works once and is shown only now; anyone who has it can play as you, so keep it to yourself. Asking again replaces it.`));
    } catch (error) {
      this.fail(error as Failure);
    }
  }

  private async claim(codeInput: HTMLInputElement): Promise<void> {
    const typed = codeInput.value;
    clear(this.codeBox);
    const code = typed.trim();
    if (!code) {
      this.status.textContent = "Type the code your other device showed first.";
      return;
    }
    this.status.textContent = "Checking the code…";
    try {
      const reply = await this.app.conn.request({ type: "claim", code });
      const player = (reply.player ?? {}) as { id?: string; name?: string };
      localStorage.setItem(TOKEN_KEY, String(reply.token ?? ""));
      // The name travels with the identity: the next hello must not rename it.
      if (player.name) {
        storeName(player.name);
        this.onClaimed(player.name);
      }
      // The header shows the reconnection itself; this line stays true after it.
      this.status.textContent = `This browser is now ${player.name ?? "you"} (player ${player.id ?? "?"}).`;
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
