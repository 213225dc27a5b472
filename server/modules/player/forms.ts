import type { FastifyRequest } from "fastify";
import type { ErrorCode } from "#common/api/errors";
import type { ValidationScenario } from "#common/api/player";
import { isSiteLocale, type SiteLocale } from "#common/i18n/locales";
import { type FieldValidation, type Rule, scenarioRules, validateForm } from "#common/validation/rules";
import { ApiError } from "../../http/errors";
import type { ContentStore } from "../content";
import { CountryFieldRules } from "./country-fields";
import { siteLocaleFor } from "./init";

/**
 * Which fields each form has and which it needs. The rules themselves are the shared ones of spec point 5
 * (common/validation/rules.ts), so the site and the server judge a form alike; the site asks for the two
 * public scenarios at GET /api/player/fields/validations.
 */
const CURRENCY = { name: "regex" as const, param: "^[A-Za-z0-9]{2,10}$" };
const GENDER = { name: "regex" as const, param: "^(male|female)$" };

const scenariosFor = (minAge: number): Record<ValidationScenario, Record<string, FieldValidation>> => ({
  registration: scenarioRules({
    email: { required: true },
    password: { required: true },
    password_confirmation: { required: true },
    agreements: { required: true, extra: [{ name: "accepted" }] },
    currency: { required: false, extra: [CURRENCY] },
    country: { required: false },
    bonusCode: { required: false, extra: [{ name: "maxLength", max: 50 }] },
  }),
  profile: scenarioRules({
    nickname: { required: false },
    firstName: { required: false },
    lastName: { required: false },
    email: { required: false },
    phone: { required: false },
    // The operator's minimum age (MIN_AGE): a birth date that makes the player younger is refused.
    birthdate: { required: false, extra: [{ name: "minAge", min: minAge }] },
    gender: { required: false, extra: [GENDER] },
    country: { required: false },
    currency: { required: false, extra: [CURRENCY] },
    city: { required: false },
    address: { required: false },
    postalCode: { required: false },
  }),
});

/** Forms the site does not need the rules of (it knows them from the spec's field rules). */
export const FORMS = {
  phoneSend: scenarioRules({
    phone: { required: true },
    bonusCode: { required: false, extra: [{ name: "maxLength", max: 50 }] },
  }),
  phoneRegister: scenarioRules({
    phone: { required: true },
    code: { required: true },
    password: { required: true },
    currency: { required: false, extra: [CURRENCY] },
    country: { required: false },
    bonusCode: { required: false, extra: [{ name: "maxLength", max: 50 }] },
  }),
  login: scenarioRules({ login: { required: true }, password: { required: true, extra: [] } }),
  passwordChange: scenarioRules({
    currentPassword: { required: true },
    newPassword: { required: true },
    repeatNewPassword: { required: true },
    code: { required: false },
  }),
  passwordReset: scenarioRules({ email: { required: true } }),
  passwordConfirm: scenarioRules({
    resetCode: { required: true },
    password: { required: true },
    password_confirmation: { required: true },
  }),
  otpVerify: scenarioRules({ phone: { required: true }, code: { required: true } }),
  // Signing in and resetting a password by SMS code (decision 0058).
  phoneCode: scenarioRules({ phone: { required: true } }),
  phoneLogin: scenarioRules({ phone: { required: true }, code: { required: true } }),
  passwordConfirmByCode: scenarioRules({
    phone: { required: true },
    code: { required: true },
    password: { required: true },
    password_confirmation: { required: true },
  }),
  // The e-mailed link's token, not a 6-digit code.
  emailConfirm: { code: { required: true, rules: [{ name: "required" }] } } as Record<
    string,
    FieldValidation
  >,
  avatar: scenarioRules({ avatarId: { required: true } }),
  token: scenarioRules({ token: { required: true } }),
};
// Logging in judges only presence: a length rule on the password would tell nothing useful and differ from
// the "wrong login or password" answer.
FORMS.login.password = { required: true, rules: [{ name: "required" }] };

/** The request body as a record (anything else is an empty form). */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  return typeof b === "object" && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** A trimmed string field, or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v.trim() : undefined;
}

/** The language of the answer: the body's locale, then the player's, then the browser's. */
export function requestLocale(req: FastifyRequest, preferred?: string | null): SiteLocale {
  const fromBody = str(bodyOf(req).locale);
  if (fromBody && isSiteLocale(fromBody)) return fromBody;
  if (preferred && isSiteLocale(preferred)) return preferred;
  return siteLocaleFor(undefined, req.headers["accept-language"]);
}

/** Rules a country's extra field has beyond the spec's field rules. */
const EXTRA_RULES: Record<string, Rule[]> = { gender: [GENDER] };

export class FormChecker {
  /** The two public forms' fields and rules, with the operator's minimum age, before any country's fields. */
  private readonly base: Record<ValidationScenario, Record<string, FieldValidation>>;

  constructor(
    private readonly content: ContentStore,
    private readonly now: () => Date,
    minAge = 18,
    private readonly countries = new CountryFieldRules(),
  ) {
    this.base = scenariosFor(minAge);
  }

  /**
   * A form's fields and rules for a country (decision 0061): the base scenario and the extra fields that
   * country's rules ask for. A registration also carries the hidden `captcha` honeypot, which must stay empty.
   */
  scenario(name: ValidationScenario, country: string | null | undefined): Record<string, FieldValidation> {
    return { ...this.base[name], ...this.countryExtras(name, country) };
  }

  /** Only the country's extra fields (and a registration's honeypot), for forms built on another base. */
  countryExtras(
    name: ValidationScenario,
    country: string | null | undefined,
  ): Record<string, FieldValidation> {
    const extra = Object.entries(this.countries.fieldsFor(name, country)).map(
      ([field, { required }]) => [field, { required, extra: EXTRA_RULES[field] ?? [] }] as const,
    );
    return {
      ...scenarioRules(Object.fromEntries(extra)),
      ...(name === "registration" ? { captcha: { required: false, rules: [] } } : {}),
    };
  }

  /** The validation messages of a locale: the content's fields-settings over the rules' defaults. */
  async messages(locale: SiteLocale): Promise<Record<string, string>> {
    const settings = (await this.content.directory("fields-settings", locale)) as { validation?: unknown };
    const out: Record<string, string> = {};
    if (settings.validation && typeof settings.validation === "object")
      for (const [k, v] of Object.entries(settings.validation))
        if (typeof v === "string" && v.trim()) out[k] = v;
    return out;
  }

  /**
   * Judges a form with its fields' rules; `more` may add errors of rules that need the server (a common
   * password, a taken e-mail). Throws one 422 naming every bad field.
   */
  async check(
    fields: Record<string, FieldValidation>,
    values: Record<string, unknown>,
    locale: SiteLocale,
    more?: (errors: Record<string, string[]>) => void | Promise<void>,
  ): Promise<void> {
    const errors = validateForm(fields, values, { now: this.now(), messages: await this.messages(locale) });
    await more?.(errors);
    if (Object.keys(errors).length > 0)
      throw new ApiError(422, "validation_error", "Some fields are not valid", errors);
  }
}

/** A single field error in the one error shape. */
export function fieldError(field: string, message: string, code: ErrorCode = "validation_error"): ApiError {
  return new ApiError(422, code, message, { [field]: [message] });
}
