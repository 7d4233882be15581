// The reader's language and every word the page shows: t(key, params) looks the key up in
// the catalogue of that language (locales/<lang>.json, one flat object of ICU messages,
// see message_format.ts), falling back to English, then to the key itself. The
// catalogues are fetched once before the first render (loadLanguage), so t() is
// synchronous. The language is the one chosen in the header (kept in localStorage), else
// the first of navigator.languages we have, else English; <html lang> follows it. The
// list of languages is locales/index.json, written by the build from the files present:
// a new language is one catalogue file.
import { formatMessage, type Formatters, type Params } from "./message_format.js";

export type { Params } from "./message_format.js";

export interface Language {
  code: string;
  name: string;
}

const STORAGE_KEY = "parlor.lang";
const FALLBACK = "en";

let current = FALLBACK;
let available: Language[] = [{ code: FALLBACK, name: "English" }];
let catalogue: Record<string, string> = {};
let english: Record<string, string> = {};
let formatters: Formatters = makeFormatters(FALLBACK);

function makeFormatters(lang: string): Formatters {
  return { plural: new Intl.PluralRules(lang), number: new Intl.NumberFormat(lang) };
}

async function fetchJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path);
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The best of the languages we have for WANTED (exact tag first, then its primary subtag). */
export function pickLanguage(wanted: readonly string[], have: readonly string[]): string {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = have.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const primary = have.find((code) => code.toLowerCase() === lower.split("-")[0]);
    if (primary) return primary;
  }
  return have.includes(FALLBACK) ? FALLBACK : have[0] ?? FALLBACK;
}

/**
 * Fetches the language list and the catalogues (the reader's language and English, its
 * fallback); call once before the first render. A catalogue that does not arrive leaves
 * keys falling back to English, or to themselves: the page still works.
 */
export async function loadLanguage(): Promise<void> {
  const index = await fetchJson<Language[]>("/locales/index.json");
  if (Array.isArray(index) && index.length) available = index;
  const codes = available.map((l) => l.code);
  const choice = stored();
  current = choice && codes.includes(choice) ? choice : pickLanguage(navigator.languages ?? [navigator.language], codes);
  const [en, mine] = await Promise.all([
    fetchJson<Record<string, string>>(`/locales/${FALLBACK}.json`),
    current === FALLBACK ? Promise.resolve(null) : fetchJson<Record<string, string>>(`/locales/${current}.json`),
  ]);
  english = en ?? {};
  catalogue = mine ?? english;
  formatters = makeFormatters(current);
  document.documentElement.lang = current;
}

/** The message KEY in the reader's language with PARAMS put in. */
export function t(key: string, params: Params = {}): string {
  const text = catalogue[key] ?? english[key];
  if (text === undefined) return key;
  try {
    return formatMessage(text, params, formatters);
  } catch {
    return english[key] !== undefined && text !== english[key] ? formatMessage(english[key], params, formatters) : key;
  }
}

/** Whether KEY has a message (for families of keys built from codes: error.<code>, …). */
export function hasMessage(key: string): boolean {
  return key in catalogue || key in english;
}

/** The reader's language code ("en", "es"). */
export function language(): string {
  return current;
}

export function languages(): readonly Language[] {
  return available;
}

/** Remembers CODE and loads the page again in it (as the best-localised sites do: every word at once). */
export function switchLanguage(code: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // No storage: the choice lasts for this load only.
  }
  location.reload();
}

/** A number in the reader's locale ("1,234" / "1.234"). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat(current, options).format(n) : formatters.number.format(n);
}

/**
 * VALUE in the reader's locale when it is a number, else FALLBACK: for the JSON fields
 * that may be missing or null (a placing before the match ended, a seat's score).
 */
export function formatNumberOr(value: unknown, fallback: string, options?: Intl.NumberFormatOptions): string {
  return typeof value === "number" && Number.isFinite(value) ? formatNumber(value, options) : fallback;
}

/** A date and time in the reader's locale. */
export function formatDateTime(when: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  return new Intl.DateTimeFormat(current, options).format(when);
}

/** "Ana, Bob and Carl" / "Ana, Bob y Carl". */
export function formatList(items: readonly string[], type: "conjunction" | "disjunction" = "conjunction"): string {
  return new Intl.ListFormat(current, { style: "long", type }).format(items);
}
