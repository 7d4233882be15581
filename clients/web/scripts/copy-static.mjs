// Copies the static files (HTML, CSS, icons) into dist/ next to the compiled JS, and the
// message catalogues (locales/<lang>.json) into dist/locales/ with their list,
// dist/locales/index.json ([{code, name}], the name being each catalogue's own
// "language.name"): adding a language is adding its catalogue file.
// Overwrites what is there, so running the build twice gives the same dist/.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(join(root, "dist", "locales"), { recursive: true });
cpSync(join(root, "static"), join(root, "dist"), { recursive: true, force: true });

const languages = [];
for (const file of readdirSync(join(root, "locales")).filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]+)?\.json$/.test(f)).sort()) {
  const text = readFileSync(join(root, "locales", file), "utf8");
  const messages = JSON.parse(text); // a broken catalogue fails the build, not the page
  languages.push({ code: file.replace(/\.json$/, ""), name: messages["language.name"] ?? file });
  writeFileSync(join(root, "dist", "locales", file), text);
}
writeFileSync(join(root, "dist", "locales", "index.json"), JSON.stringify(languages) + "\n");
