import { ParseError, parsePhoneNumberWithError } from "libphonenumber-js";
import { SECURITY_QUESTIONS } from "../player-fields";
import { DEFAULT_VALIDATION_MESSAGES, formatMessage } from "./messages";

/**
 * The validation rules of spec point 5, once for both sides: the site checks a form with them before sending,
 * the server checks the same body with the same rules on arrival and answers field errors in the one error
 * shape. A rule is data (`{ name, min, max, param }`) so the server can hand a scenario's rules to the site
 * (GET /api/player/fields/validations) and the site needs no second copy.
 */
export type RuleName =
  | "required"
  | "requiredIf"
  | "email"
  | "phone"
  | "countryCode"
  | "languageCode"
  | "minLength"
  | "maxLength"
  | "minValue"
  | "maxValue"
  | "between"
  | "digits"
  | "integer"
  | "numeric"
  | "decimal"
  | "alpha"
  | "alphaNum"
  | "alphaDash"
  | "url"
  | "ip"
  | "regex"
  | "sameAs"
  | "different"
  | "date"
  | "dateBefore"
  | "dateAfter"
  | "dateEqual"
  | "minAge"
  | "maxAge"
  | "cpf"
  | "twoWords"
  | "accepted"
  | "declined";

export interface Rule {
  name: RuleName;
  min?: number;
  max?: number;
  /** Another field's name (sameAs, different, requiredIf, date comparisons), a pattern (regex), a count. */
  param?: string;
}

/** Messages of every rule: the library defaults the spec quotes (messages.ts), then ours. */
export const RULE_MESSAGES: Record<string, string> = {
  ...DEFAULT_VALIDATION_MESSAGES,
  alphaDash: "Use only letters, digits, dashes and underscores",
  phone: "Enter a valid phone number with its country code",
  NOT_A_NUMBER: "This is not a phone number",
  TOO_SHORT: "The phone number is too short",
  TOO_LONG: "The phone number is too long",
  INVALID_COUNTRY: "Start the number with + and its country code",
  countryCode: "Use a two-letter country code",
  languageCode: "Use a two-letter language code",
  minValue: "The value must be at least {min}",
  maxValue: "The value must be at most {max}",
  digits: "Enter exactly {param} digits",
  ip: "The value is not a valid IP address",
  regex: "The value has the wrong format",
  different: "The value must differ from the other value",
  date: "Enter a date as YYYY-MM-DD",
  dateBefore: "The date must be before {param}",
  dateAfter: "The date must be after {param}",
  dateEqual: "The date must be {param}",
  minAge: "You must be at least {min} years old",
  maxAge: "The age must be at most {max} years",
  cpf: "The CPF number is not valid",
  twoWords: "Enter two words of at least {min} characters each",
  accepted: "This must be accepted",
  declined: "This must be declined",
};

/** Spec point 5: national number 2 to 17 digits, input at most 250 characters, extension up to 20 digits. */
export const PHONE_LIMITS = { inputMax: 250, nationalMin: 2, nationalMax: 17, extensionMax: 20 } as const;

export type PhoneError = "NOT_A_NUMBER" | "TOO_SHORT" | "TOO_LONG" | "INVALID_COUNTRY";

/** Parses an international number (`+55 11 91234-5678`); answers E.164 or libphonenumber's error name. */
export function parsePhone(input: string): { ok: true; e164: string } | { ok: false; error: PhoneError } {
  const value = input.trim();
  if (value.length > PHONE_LIMITS.inputMax) return { ok: false, error: "TOO_LONG" };
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(value);
  } catch (err) {
    const name = err instanceof ParseError ? err.message : "NOT_A_NUMBER";
    return {
      ok: false,
      error: (["TOO_SHORT", "TOO_LONG", "INVALID_COUNTRY"].includes(name)
        ? name
        : "NOT_A_NUMBER") as PhoneError,
    };
  }
  const national = parsed.nationalNumber.length;
  if (national < PHONE_LIMITS.nationalMin) return { ok: false, error: "TOO_SHORT" };
  if (national > PHONE_LIMITS.nationalMax) return { ok: false, error: "TOO_LONG" };
  if ((parsed.ext?.length ?? 0) > PHONE_LIMITS.extensionMax) return { ok: false, error: "TOO_LONG" };
  if (!parsed.isValid()) return { ok: false, error: "NOT_A_NUMBER" };
  return { ok: true, e164: parsed.number };
}

/** Brazil's CPF: 11 digits (punctuation allowed) whose last two are check digits; repeated digits are refused. */
export function isCpf(input: string): boolean {
  const digits = input.replace(/[.\-\s]/g, "");
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** Exactly two words separated by one run of spaces, each at least `min` characters. */
export function isTwoWords(input: string, min: number): boolean {
  const words = input.trim().split(/\s+/);
  return words.length === 2 && words.every((w) => [...w].length >= min);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function parseIsoDate(input: string): Date | undefined {
  const m = ISO_DATE.exec(input);
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().startsWith(input) ? date : undefined;
}

/** Whole years from a birth date to `now`, as a birthday counts them. */
export function ageOn(birth: Date, now: Date): number {
  let years = now.getUTCFullYear() - birth.getUTCFullYear();
  const before =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (before) years--;
  return years;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === false ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

const EMAIL = /^[^\s@"()<>,;:\\[\]]+@[^\s@"()<>,;:\\[\]]+\.[^\s@"()<>,;:\\[\]]{2,}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export interface RuleContext {
  /** The whole form, for rules that compare with another field. */
  values: Record<string, unknown>;
  /** Today, for age rules; the server passes its clock. */
  now: Date;
}

/** The error key of a failed rule (a RULE_MESSAGES key), or undefined when the value passes. */
export function failedRule(rule: Rule, value: unknown, ctx: RuleContext): string | undefined {
  if (rule.name === "required") return isEmpty(value) ? "required" : undefined;
  if (rule.name === "requiredIf")
    return rule.param && !isEmpty(ctx.values[rule.param]) && isEmpty(value) ? "required" : undefined;
  if (rule.name === "accepted")
    return value === true || value === "true" || value === "1" || value === 1 ? undefined : "accepted";
  if (rule.name === "declined")
    return value === false || value === "false" || value === "0" || value === 0 ? undefined : "declined";
  // Every other rule judges only a value that is there; "required" says when it must be.
  if (isEmpty(value)) return undefined;
  const text = typeof value === "string" ? value.trim() : String(value);
  const num = Number(text);
  switch (rule.name) {
    case "email":
      return text.length <= 254 && EMAIL.test(text) ? undefined : "email";
    case "phone": {
      const r = parsePhone(text);
      return r.ok ? undefined : r.error;
    }
    case "countryCode":
      return /^[A-Z]{2}$/.test(text) ? undefined : "countryCode";
    case "languageCode":
      return /^[a-z]{2}$/.test(text) ? undefined : "languageCode";
    case "minLength":
      return [...text].length >= (rule.min ?? 0) ? undefined : "minLength";
    case "maxLength":
      return [...text].length <= (rule.max ?? Infinity) ? undefined : "maxLength";
    case "minValue":
      return text !== "" && num >= (rule.min ?? -Infinity) ? undefined : "minValue";
    case "maxValue":
      return text !== "" && num <= (rule.max ?? Infinity) ? undefined : "maxValue";
    case "between":
      return Number.isFinite(num) && num >= (rule.min ?? -Infinity) && num <= (rule.max ?? Infinity)
        ? undefined
        : "between";
    case "digits":
      return /^\d+$/.test(text) && text.length === Number(rule.param) ? undefined : "digits";
    case "integer":
      return /^-?\d+$/.test(text) ? undefined : "integer";
    case "numeric":
      return /^-?\d+(\.\d+)?$/.test(text) ? undefined : "numeric";
    case "decimal":
      return /^-?\d+(\.\d+)?$/.test(text) ? undefined : "decimal";
    case "alpha":
      return /^\p{L}+$/u.test(text) ? undefined : "alpha";
    case "alphaNum":
      return /^[\p{L}\p{N}]+$/u.test(text) ? undefined : "alphaNum";
    case "alphaDash":
      return /^[\p{L}\p{N}_-]+$/u.test(text) ? undefined : "alphaDash";
    case "url":
      try {
        return ["http:", "https:"].includes(new URL(text).protocol) ? undefined : "url";
      } catch {
        return "url";
      }
    case "ip":
      return IPV4.test(text) || (text.includes(":") && /^[0-9a-f:]+$/i.test(text)) ? undefined : "ip";
    case "regex":
      return rule.param && new RegExp(rule.param, "u").test(text) ? undefined : "regex";
    case "sameAs":
      return rule.param && value === ctx.values[rule.param] ? undefined : "sameAs";
    case "different":
      return rule.param && value !== ctx.values[rule.param] ? undefined : "different";
    case "date":
      return parseIsoDate(text) ? undefined : "date";
    case "dateBefore":
    case "dateAfter":
    case "dateEqual": {
      const date = parseIsoDate(text);
      const other = rule.param ? parseIsoDate(String(ctx.values[rule.param] ?? rule.param)) : undefined;
      if (!date || !other) return rule.name;
      const d = date.getTime() - other.getTime();
      const ok = rule.name === "dateBefore" ? d < 0 : rule.name === "dateAfter" ? d > 0 : d === 0;
      return ok ? undefined : rule.name;
    }
    case "minAge":
    case "maxAge": {
      const birth = parseIsoDate(text);
      if (!birth) return "date";
      const age = ageOn(birth, ctx.now);
      return rule.name === "minAge"
        ? age >= (rule.min ?? 0)
          ? undefined
          : "minAge"
        : age <= (rule.max ?? Infinity)
          ? undefined
          : "maxAge";
    }
    case "cpf":
      return isCpf(text) ? undefined : "cpf";
    case "twoWords":
      return isTwoWords(text, rule.min ?? 1) ? undefined : "twoWords";
    default:
      return undefined;
  }
}

/** The field rules of spec point 5, by form field. Scenarios add `required` where the server asks for it. */
export const FIELD_RULES: Record<string, Rule[]> = {
  email: [{ name: "email" }],
  password: [
    { name: "minLength", min: 8 },
    { name: "maxLength", max: 128 },
  ],
  password_confirmation: [{ name: "required" }, { name: "sameAs", param: "password" }],
  currentPassword: [{ name: "required" }],
  newPassword: [{ name: "required" }, { name: "minLength", min: 8 }, { name: "maxLength", max: 128 }],
  repeatNewPassword: [{ name: "required" }, { name: "sameAs", param: "newPassword" }],
  firstName: [
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 50 },
  ],
  lastName: [
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 50 },
  ],
  personalIdNumber: [
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 40 },
  ],
  fullName: [
    { name: "twoWords", min: 2 },
    { name: "maxLength", max: 30 },
  ],
  phone: [{ name: "phone" }],
  birthdate: [{ name: "date" }],
  age: [{ name: "integer" }],
  cpf_number: [{ name: "cpf" }],
  nationality: [{ name: "countryCode" }],
  profession: [
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 80 },
  ],
  placeOfBirth: [
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 80 },
  ],
  additionalAddress: [{ name: "maxLength", max: 200 }],
  securityQuestion: [{ name: "regex", param: `^(${SECURITY_QUESTIONS.join("|")})$` }],
  // Both or neither: a question without its answer (or the reverse) could never be used.
  securityAnswer: [
    { name: "requiredIf", param: "securityQuestion" },
    { name: "minLength", min: 2 },
    { name: "maxLength", max: 100 },
  ],
  country: [{ name: "countryCode" }],
  language: [{ name: "languageCode" }],
  nickname: [{ name: "minLength", min: 3 }, { name: "maxLength", max: 24 }, { name: "alphaDash" }],
  city: [{ name: "maxLength", max: 80 }],
  address: [{ name: "maxLength", max: 200 }],
  postalCode: [{ name: "maxLength", max: 16 }],
  code: [{ name: "required" }, { name: "digits", param: "6" }],
};

export interface FieldValidation {
  required: boolean;
  rules: Rule[];
}

/** A scenario's fields: the spec's rules for each, with `required` first where the scenario needs the field. */
export function scenarioRules(
  fields: Record<string, { required: boolean; extra?: Rule[] }>,
): Record<string, FieldValidation> {
  const out: Record<string, FieldValidation> = {};
  for (const [field, { required, extra = [] }] of Object.entries(fields)) {
    const base = FIELD_RULES[field] ?? [];
    const rules = [...base, ...extra].filter((r) => r.name !== "required");
    out[field] = { required, rules: required ? [{ name: "required" }, ...rules] : rules };
  }
  return out;
}

/**
 * Checks a form: one message per field (its first failed rule), in the given messages (the content's
 * fields-settings overrides over RULE_MESSAGES). Empty when every field passes.
 */
export function validateForm(
  fields: Record<string, FieldValidation>,
  values: Record<string, unknown>,
  opts: { now: Date; messages?: Record<string, string> },
): Record<string, string[]> {
  const messages = { ...RULE_MESSAGES, ...opts.messages };
  const errors: Record<string, string[]> = {};
  for (const [field, { rules }] of Object.entries(fields)) {
    for (const rule of rules) {
      const key = failedRule(rule, values[field], { values, now: opts.now });
      if (!key) continue;
      errors[field] = [
        formatMessage(messages[key] ?? RULE_MESSAGES[key] ?? key, {
          ...(rule.min !== undefined ? { min: rule.min } : {}),
          ...(rule.max !== undefined ? { max: rule.max } : {}),
          ...(rule.param !== undefined ? { param: rule.param } : {}),
        }),
      ];
      break;
    }
  }
  return errors;
}
