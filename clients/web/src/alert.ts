// The alert when your turn comes: a short tone and "▶ Your turn" in the title bar while
// the tab is in the background. One button in the header turns both off (kept in
// localStorage), for people who find them a nuisance.
import { button } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "parlor.turnAlert";

export class TurnAlert {
  readonly toggle: HTMLButtonElement;
  private enabled = localStorage.getItem(KEY) !== "off";
  private audio: AudioContext | null = null;

  constructor() {
    this.toggle = button("", () => this.flip(), { class: "mini alert-toggle", "data-action": "toggle-alert" });
    this.label();
  }

  get on(): boolean {
    return this.enabled;
  }

  /** The title bar says so while it is your turn and the tab is not in front. */
  title(myTurn: boolean): void {
    const wanted = this.enabled && myTurn && document.hidden ? t("alert.title_your_turn", { title: t("app.title") }) : t("app.title");
    if (document.title !== wanted) document.title = wanted;
  }

  yourTurn(): void {
    if (!this.enabled || !document.hidden) return;
    this.beep();
  }

  private flip(): void {
    this.enabled = !this.enabled;
    localStorage.setItem(KEY, this.enabled ? "on" : "off");
    this.label();
  }

  private label(): void {
    this.toggle.textContent = this.enabled ? t("alert.on") : t("alert.off");
    this.toggle.setAttribute("aria-pressed", this.enabled ? "true" : "false");
    this.toggle.title = t("alert.help");
  }

  private beep(): void {
    try {
      this.audio ??= new AudioContext();
      const osc = this.audio.createOscillator();
      const gain = this.audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, this.audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, this.audio.currentTime + 0.25);
      osc.connect(gain).connect(this.audio.destination);
      osc.start();
      osc.stop(this.audio.currentTime + 0.25);
    } catch {
      // No audio device (or the browser refuses before a click): the title bar still says it.
    }
  }
}
