// The table chat: the room's lines (name, then words; a spectator's marked as watching)
// and a box to say something. The table is rebuilt on every update, so the box is one
// element kept across redraws: what is being typed, and the caret, survive a move.
import type { App } from "./app.js";
import { button, h } from "./dom.js";
import { t } from "./i18n.js";
import { personName } from "./game_words.js";

let box: HTMLInputElement | null = null;

function chatBox(app: App): HTMLInputElement {
  if (!box) {
    box = h("input", {
      type: "text", maxlength: app.chatMaxChars, "aria-label": t("chat.input_label"),
      placeholder: t("chat.placeholder"), "data-testid": "chat-input", "data-key": "chat-input", autocomplete: "off",
    });
  }
  box.maxLength = app.chatMaxChars; // the server's limit, from welcome
  box.disabled = app.mutedHere;
  return box;
}

async function send(app: App, input: HTMLInputElement): Promise<void> {
  const text = input.value;
  if (!text.trim()) return;
  if (await app.say(text)) input.value = ""; // kept on a refusal, to send again
}

export function chatPanel(app: App): HTMLElement {
  const input = chatBox(app);
  const form = h("form", { class: "chat-form", "data-testid": "chat-form" }, input,
    button(t("chat.send"), () => void send(app, input), { class: "mini", "data-action": "chat-send", disabled: app.mutedHere }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void send(app, input);
  });
  const lines = app.chat.slice(-50);
  return h("section", { class: "panel chat", "aria-label": t("chat.label") },
    h("h3", {}, t("chat.title")),
    h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite" },
      lines.length === 0 ? h("li", { class: "note" }, t("chat.empty")) : null,
      lines.map((line) => h("li", { class: line.from.player === app.playerId ? "mine" : "" },
        h("b", {}, personName(line.from.name, line.from.guest)), line.from.seat === null ? h("span", { class: "note" }, " ", t("chat.watching")) : null, ": ", line.text))),
    app.mutedHere ? h("p", { class: "note", "data-testid": "chat-muted" }, t("error.muted")) : null,
    form);
}
