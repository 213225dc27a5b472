/**
 * The number mask of spec §5 ("numeric masks with locale, fraction digits and unsigned option"), on decimal
 * strings: what the player types is read into a canonical decimal ("1234.56") and written back in the page's
 * locale ("1.234,56" in pt-BR). maska's own number mask takes the same three options but goes through
 * parseFloat, which changes digits past ~15 (decision 0066); money never passes through a float here.
 */
export interface AmountMask {
  /** The Intl locale the amount is written in: "en" 1,234.56, "pt-BR" 1.234,56, "ru" 1 234,56. */
  locale: string;
  /** Decimal places the amount may have (the currency's); 0: whole numbers only. */
  fraction: number;
  /** No sign: a minus typed is dropped. Every amount a player types is unsigned. */
  unsigned?: boolean;
}

/** A typed amount: the canonical decimal the form gets, the text the input shows, and where the caret goes. */
export interface TypedAmount {
  /** "1234.5"; "" while nothing is typed. Trailing fraction zeros stay as typed ("1.50"). */
  value: string;
  shown: string;
  caret: number;
}

interface Parts {
  sign: "" | "-";
  whole: string;
  /** Undefined: no decimal mark typed. */
  fraction?: string;
}

const formats = new Map<string, { group: string; decimal: string; whole: Intl.NumberFormat }>();

/** The locale's group and decimal separators, and a formatter of whole numbers (bigint: exact). */
function localeFormat(locale: string) {
  let f = formats.get(locale);
  if (!f) {
    // A sample to learn the separators from, not an amount.
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    f = {
      group: parts.find((p) => p.type === "group")?.value ?? ",",
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    };
    formats.set(locale, f);
  }
  return f;
}

/**
 * A decimal mark: the locale's own, or a "." or "," that is not the locale's group separator (a Russian
 * player's keyboard may give "."; in English "," only groups).
 */
function isMark(c: string, locale: string): boolean {
  const { group, decimal } = localeFormat(locale);
  return c === decimal || ((c === "." || c === ",") && c !== group);
}

const MINUS = /^\s*[-−]/;

/** Reads typed text: digits, the first decimal mark, a leading minus when signed; the rest is dropped. */
function read(text: string, mask: AmountMask): Parts {
  const sign = !mask.unsigned && MINUS.test(text) ? "-" : "";
  let whole = "";
  let fraction: string | undefined;
  for (const c of text) {
    if (c >= "0" && c <= "9") {
      if (fraction === undefined) whole += c;
      else if (fraction.length < mask.fraction) fraction += c;
    } else if (fraction === undefined && isMark(c, mask.locale)) fraction = "";
  }
  whole = whole.replace(/^0+(?=\d)/, "");
  if (mask.fraction === 0) fraction = undefined;
  return { sign, whole, fraction };
}

function canonical({ sign, whole, fraction }: Parts): string {
  if (whole === "" && fraction === undefined) return "";
  return `${sign}${whole || "0"}${fraction ? `.${fraction}` : ""}`;
}

function render({ sign, whole, fraction }: Parts, locale: string): string {
  if (whole === "" && fraction === undefined) return sign;
  const f = localeFormat(locale);
  const grouped = f.whole.format(BigInt(whole || "0"));
  return `${sign}${grouped}${fraction !== undefined ? `${f.decimal}${fraction}` : ""}`;
}

/** How many of the characters that carry the amount (digits, the mark, the sign) lie before `end`. */
function significant(text: string, end: number, mask: AmountMask): number {
  let n = 0;
  let marked = false;
  for (const c of text.slice(0, end)) {
    if ((c >= "0" && c <= "9") || (!mask.unsigned && (c === "-" || c === "−"))) n++;
    else if (!marked && mask.fraction > 0 && isMark(c, mask.locale)) {
      marked = true;
      n++;
    }
  }
  return n;
}

/** The position in `shown` just after its `n`th significant character. */
function positionOf(shown: string, n: number, mask: AmountMask): number {
  if (n === 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) {
    if (significant(shown[i]!, 1, mask) > 0 && ++seen === n) return i + 1;
  }
  return shown.length;
}

/** What the input holds after the player typed (or pasted, or a test filled) `text` with the caret at `caret`. */
export function typeAmount(text: string, caret: number, mask: AmountMask): TypedAmount {
  const parts = read(text, mask);
  const shown = render(parts, mask.locale);
  // The caret stays after the same digit: count what the text before it amounts to, read the same way.
  const before = render(read(text.slice(0, caret), mask), mask.locale);
  const n = significant(before, before.length, mask);
  return { value: canonical(parts), shown, caret: positionOf(shown, n, mask) };
}

/**
 * A canonical decimal ("1234.5", from the form or the server) as the input shows it ("1.234,5"). Its digits
 * are shown as they are, more than `fraction` included: a value is never changed by being shown.
 */
export function formatAmount(value: string, mask: AmountMask): string {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  return render(
    { sign: m[1] ? "-" : "", whole: m[2]!.replace(/^0+(?=\d)/, ""), fraction: m[3] },
    mask.locale,
  );
}

/**
 * A pasted amount read as a person meant it, whatever locale it was written in ("75.50" copied from an English
 * page into a Brazilian one is 75,50, not 7.550): the last of two kinds of separator is the decimal mark; a lone
 * separator is one too unless exactly three digits follow it, where the page's locale decides (a group in
 * pt-BR's "1.500", a decimal in en's "1.500"); the same separator twice only groups. Undefined when the text is
 * not a plain amount (letters, a sign where none may be): then the mask reads it as typed text.
 */
export function pastedAmount(text: string, mask: AmountMask): string | undefined {
  const compact = text.replace(/[\s\u00a0\u202f']/g, "");
  const m = /^([-−])?([\d.,]+)$/.exec(compact);
  if (!m || (m[1] && mask.unsigned) || !/\d/.test(m[2]!)) return undefined;
  const body = m[2]!;
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  let mark = -1;
  if (lastDot >= 0 && lastComma >= 0) mark = Math.max(lastDot, lastComma);
  else {
    const at = Math.max(lastDot, lastComma);
    const sep = body[at];
    if (at >= 0 && body.indexOf(sep!) === at) {
      const after = body.length - at - 1;
      mark = after !== 3 || sep === localeFormat(mask.locale).decimal ? at : -1;
    }
  }
  const whole = (mark < 0 ? body : body.slice(0, mark)).replace(/[.,]/g, "").replace(/^0+(?=\d)/, "");
  const fraction = mark < 0 ? undefined : body.slice(mark + 1).replace(/[.,]/g, "");
  // More places than the currency has: not guessed at (dropping digits would change a pasted amount).
  if (
    fraction !== undefined &&
    fraction.length > mask.fraction &&
    /[1-9]/.test(fraction.slice(mask.fraction))
  )
    return undefined;
  return canonical({
    sign: m[1] ? "-" : "",
    whole,
    fraction: fraction === undefined || mask.fraction === 0 ? undefined : fraction.slice(0, mask.fraction),
  });
}
