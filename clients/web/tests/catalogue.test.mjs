// The message catalogues (locales/<lang>.json) checked against each other and against
// the code, without a browser or a server (clients/web/README.md, "Languages"):
// - each catalogue is one flat object of strings, keys sorted, every message valid ICU;
// - every key of en.json exists in every other catalogue, and no other catalogue has a
//   key en.json lacks;
// - a translation uses exactly the placeholders of the English message;
// - every plural offers each category of its language's plural rules
//   (Intl.PluralRules(lang).resolvedOptions().pluralCategories: Spanish has "many");
// - no key is unused: a key is used when the sources name it as a literal, or when it
//   fits a key built from a template (`error.${code}`) whose every variable part is a
//   word the sources hold: a string or object key in the client, or a string in the
//   engine, server or protocol sources (error codes, option names and values, phases,
//   result fields: the server's own lists).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { messageArguments, parseMessage } from "../dist/js/message_format.js";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");
const repo = join(web, "..", "..");
const localeDir = join(web, "locales");

function files(dir, pattern) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, pattern));
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

const catalogues = Object.fromEntries(readdirSync(localeDir).filter((f) => f.endsWith(".json"))
  .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(localeDir, f), "utf8"))]));
const english = catalogues.en;

/** Every string literal and object key of the client's sources, and its template keys as patterns. */
function clientWords() {
  // The terminal client reads the same catalogues (clients/cli/net/catalogue.hpp).
  const sources = [...files(join(web, "src"), /\.ts$/), ...files(join(web, "scripts"), /\.mjs$/), ...files(join(repo, "clients", "cli"), /\.(cpp|hpp)$/)]
    .map((f) => readFileSync(f, "utf8"));
  const literals = new Set();
  const templates = [];
  for (const text of sources) {
    for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) literals.add(m[1] ?? m[2]);
    for (const m of text.matchAll(/\b([A-Za-z_][\w]*)\s*:/g)) literals.add(m[1]);
    for (const m of text.matchAll(/`([^`]*)`/g)) {
      if (!m[1].includes("${")) {
        literals.add(m[1]);
        continue;
      }
      const parts = m[1].split(/\$\{[^}]*\}/);
      if (!/^[a-z_]+\./.test(parts[0])) continue; // only dotted keys
      templates.push(new RegExp("^" + parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("([A-Za-z0-9_]+)") + "$"));
    }
  }
  return { literals, templates };
}

/** The string literals of the engine, server and protocol: the codes and names the server sends. */
function serverWords() {
  const words = new Set();
  for (const dir of ["engine", "server", "protocol"]) {
    for (const f of files(join(repo, dir), /\.(cpp|hpp|md)$/)) {
      for (const m of readFileSync(f, "utf8").matchAll(/"([A-Za-z0-9_]+)"|`([A-Za-z0-9_]+)`/g)) words.add(m[1] ?? m[2]);
    }
  }
  return words;
}

test("every catalogue is flat, sorted, and valid ICU", () => {
  assert.ok(english, "locales/en.json exists");
  for (const [lang, messages] of Object.entries(catalogues)) {
    const keys = Object.keys(messages);
    assert.deepEqual(keys, [...keys].sort(), `${lang}.json: keys sorted`);
    for (const [key, text] of Object.entries(messages)) {
      assert.equal(typeof text, "string", `${lang}.json ${key}: a string`);
      assert.doesNotThrow(() => parseMessage(text), `${lang}.json ${key}: valid ICU message`);
    }
  }
});

test("every catalogue has exactly the English keys, with the same placeholders", () => {
  for (const [lang, messages] of Object.entries(catalogues)) {
    if (lang === "en") continue;
    const missing = Object.keys(english).filter((k) => !(k in messages));
    const extra = Object.keys(messages).filter((k) => !(k in english));
    assert.deepEqual(missing, [], `${lang}.json lacks keys`);
    assert.deepEqual(extra, [], `${lang}.json has keys en.json does not`);
    for (const key of Object.keys(english)) {
      const want = [...messageArguments(english[key]).names].sort();
      const have = [...messageArguments(messages[key]).names].sort();
      assert.deepEqual(have, want, `${lang}.json ${key}: placeholders`);
    }
  }
});

test("every plural has each category of its language", () => {
  for (const [lang, messages] of Object.entries(catalogues)) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(messages)) {
      for (const [name, options] of messageArguments(text).plurals) {
        const lacking = categories.filter((c) => !options.has(c));
        assert.deepEqual(lacking, [], `${lang}.json ${key}: {${name}, plural} lacks ${lacking.join(", ")}`);
      }
    }
  }
});

test("no catalogue key is unused by the code", () => {
  const { literals, templates } = clientWords();
  const server = serverWords();
  const known = (part) => /^\d+$/.test(part) || literals.has(part) || server.has(part);
  const unused = Object.keys(english).filter((key) => {
    if (literals.has(key)) return false;
    return !templates.some((pattern) => {
      const m = pattern.exec(key);
      return m !== null && m.slice(1).every(known);
    });
  });
  assert.deepEqual(unused, [], "keys no code uses (remove them, or use them)");
});

test("the formatter picks plural forms and fills placeholders", async () => {
  const { formatMessage } = await import("../dist/js/message_format.js");
  const es = { plural: new Intl.PluralRules("es"), number: new Intl.NumberFormat("es") };
  const text = "{n, plural, =0 {ninguna} one {# carta} many {# de cartas} other {# cartas}} de {name}";
  assert.equal(formatMessage(text, { n: 0, name: "Ana" }, es), "ninguna de Ana");
  assert.equal(formatMessage(text, { n: 1, name: "Ana" }, es), "1 carta de Ana");
  assert.equal(formatMessage(text, { n: 2500, name: "Ana" }, es), "2500 cartas de Ana");
  assert.equal(formatMessage(text, { n: 1000000, name: "Ana" }, es), "1.000.000 de cartas de Ana");
  assert.equal(formatMessage("'{'literal'}' it''s {x, select, a {A} other {B}}", { x: "a" }, es), "{literal} it's A");
  assert.equal(formatMessage("{missing}", {}, es), "{missing}");
});
