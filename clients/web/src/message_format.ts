// A minimal ICU MessageFormat: the subset the catalogues use, on the browser's own Intl.
//   {name}                         a parameter as it is (numbers in the reader's locale)
//   {n, number}                    a number in the reader's locale
//   {n, plural, =0 {…} one {# card} other {# cards}}   plural categories of Intl.PluralRules
//   {x, select, a {…} other {…}}   a choice by a word
//   '{' '}' '#' ''                 quoting as ICU does ('' is one apostrophe; a lone
//                                  apostrophe before any other character is itself)
// Why our own and not intl-messageformat (~50 kB with its parser): the client has no
// bundler, the catalogues need only these four forms, and Intl already knows the plural
// rules of every language; this is ~150 lines. Parsed messages are cached per text.

export type Params = Record<string, string | number>;

type Part =
  | string
  | { kind: "arg"; name: string }
  | { kind: "number"; name: string }
  | { kind: "hash" }
  | { kind: "plural" | "select"; name: string; options: Map<string, Part[]> };

export class MessageSyntaxError extends Error {}

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  parse(): Part[] {
    const parts = this.parts(false, false);
    if (this.at < this.text.length) throw new MessageSyntaxError(`unexpected '}' at ${this.at} in: ${this.text}`);
    return parts;
  }

  /** Text and arguments up to an unmatched '}' (inside an option) or the end. */
  private parts(inOption: boolean, inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let literal = "";
    const flush = () => {
      if (literal) parts.push(literal);
      literal = "";
    };
    while (this.at < this.text.length) {
      const c = this.text[this.at];
      if (c === "}") {
        if (!inOption) throw new MessageSyntaxError(`unmatched '}' in: ${this.text}`);
        break;
      }
      if (c === "{") {
        flush();
        parts.push(this.argument(inPlural));
        continue;
      }
      if (c === "#" && inPlural) {
        flush();
        parts.push({ kind: "hash" });
        this.at++;
        continue;
      }
      if (c === "'") {
        literal += this.quoted(inPlural);
        continue;
      }
      literal += c;
      this.at++;
    }
    flush();
    return parts;
  }

  private quoted(inPlural: boolean): string {
    const next = this.text[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    if (next !== "{" && next !== "}" && !(next === "#" && inPlural)) {
      this.at++;
      return "'";
    }
    const end = this.text.indexOf("'", this.at + 1);
    const stop = end < 0 ? this.text.length : end;
    const inner = this.text.slice(this.at + 1, stop);
    this.at = stop + 1;
    return inner;
  }

  private word(): string {
    this.space();
    const start = this.at;
    while (this.at < this.text.length && /[^\s{},]/.test(this.text[this.at])) this.at++;
    return this.text.slice(start, this.at);
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }

  private expect(c: string): void {
    this.space();
    if (this.text[this.at] !== c) throw new MessageSyntaxError(`expected '${c}' at ${this.at} in: ${this.text}`);
    this.at++;
  }

  private argument(inPlural: boolean): Part {
    this.expect("{");
    const name = this.word();
    if (!name) throw new MessageSyntaxError(`argument without a name in: ${this.text}`);
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return { kind: "arg", name };
    }
    this.expect(",");
    const type = this.word();
    this.space();
    if (type === "number") {
      this.expect("}");
      return { kind: "number", name };
    }
    if (type !== "plural" && type !== "select") throw new MessageSyntaxError(`unknown argument type '${type}' in: ${this.text}`);
    this.expect(",");
    const options = new Map<string, Part[]>();
    for (;;) {
      this.space();
      if (this.text[this.at] === "}") break;
      const key = this.word();
      if (!key) throw new MessageSyntaxError(`option without a key in: ${this.text}`);
      this.expect("{");
      options.set(key, this.parts(true, type === "plural" || (inPlural && type === "select")));
      this.expect("}");
    }
    this.at++;
    if (!options.has("other")) throw new MessageSyntaxError(`${type} without 'other' in: ${this.text}`);
    return { kind: type, name, options };
  }
}

const parsed = new Map<string, Part[]>();

/** The message's parts, parsed once. Throws MessageSyntaxError on a malformed message. */
export function parseMessage(text: string): Part[] {
  let parts = parsed.get(text);
  if (!parts) {
    parts = new Parser(text).parse();
    parsed.set(text, parts);
  }
  return parts;
}

/** Every parameter a message uses, and the options of each plural (for the catalogue check). */
export function messageArguments(text: string): { names: Set<string>; plurals: Map<string, Set<string>> } {
  const names = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || part.kind === "hash") continue;
      names.add(part.name);
      if (part.kind === "plural" || part.kind === "select") {
        if (part.kind === "plural") plurals.set(part.name, new Set(part.options.keys()));
        for (const option of part.options.values()) walk(option);
      }
    }
  };
  walk(parseMessage(text));
  return { names, plurals };
}

export interface Formatters {
  plural: Intl.PluralRules;
  number: Intl.NumberFormat;
}

function value(params: Params, name: string, formatters: Formatters): string {
  const v = params[name];
  if (v === undefined) return `{${name}}`;
  return typeof v === "number" ? formatters.number.format(v) : v;
}

function render(parts: Part[], params: Params, formatters: Formatters, count: number | null): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part.kind === "hash") out += count === null ? "#" : formatters.number.format(count);
    else if (part.kind === "arg" || part.kind === "number") out += value(params, part.name, formatters);
    else if (part.kind === "plural") {
      const n = Number(params[part.name] ?? 0);
      const option = part.options.get(`=${n}`) ?? part.options.get(formatters.plural.select(n)) ?? part.options.get("other")!;
      out += render(option, params, formatters, n);
    } else {
      const option = part.options.get(String(params[part.name] ?? "other")) ?? part.options.get("other")!;
      out += render(option, params, formatters, count);
    }
  }
  return out;
}

/** TEXT with PARAMS put in; a parameter not given shows as {name}, never as "undefined". */
export function formatMessage(text: string, params: Params, formatters: Formatters): string {
  return render(parseMessage(text), params, formatters, null);
}
