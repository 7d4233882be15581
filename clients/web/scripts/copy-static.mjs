// Copies the static files (HTML, CSS, icons) into dist/ next to the compiled JS.
// Overwrites what is there, so running the build twice gives the same dist/.
import { cpSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(join(root, "dist"), { recursive: true });
cpSync(join(root, "static"), join(root, "dist"), { recursive: true, force: true });
