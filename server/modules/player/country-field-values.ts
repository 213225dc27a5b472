import { and, eq, ne } from "drizzle-orm";
import { ISO_COUNTRY_CODES } from "#common/countries";
import { COUNTRY_FIELD_NAMES, normalizeSecurityAnswer } from "#common/player-fields";
import type { FieldValidation } from "#common/validation/rules";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { hashPassword } from "../../lib/passwords";
import { str } from "./forms";
import { players } from "./tables";
import { text } from "./texts";

type Columns = Partial<typeof players.$inferInsert>;

/**
 * The hidden `captcha` field is a honeypot: people never see it (nor do screen readers), so a filled one is a
 * bot. It is refused without saying why, so the bot learns nothing to adapt to.
 */
export function refuseHoneypot(body: Record<string, unknown>, locale: string): void {
  const v = body.captcha;
  if (v !== undefined && v !== null && v !== "" && v !== false)
    throw new ApiError(422, "validation_error", text(locale, "formRefused"), {});
}

/** The CPF as stored: its 11 digits without punctuation. */
export const cpfDigits = (v: string) => v.replace(/\D/g, "");

/** A yes/no field's value: only a clear "no" declines (a client that does not know the field wants bonuses). */
const declined = (v: unknown) => v === false || v === "false" || v === "0" || v === 0;

/** The errors of the country fields' rules the server alone can judge: a real country, a CPF not taken. */
export async function countryFieldErrors(
  db: Db,
  fields: Record<string, FieldValidation>,
  values: Record<string, unknown>,
  errors: Record<string, string[]>,
  locale: string,
  playerId?: bigint,
): Promise<void> {
  const nationality = str(values.nationality);
  if (
    "nationality" in fields &&
    nationality &&
    !errors.nationality &&
    !ISO_COUNTRY_CODES.includes(nationality)
  )
    errors.nationality = [text(locale, "unknownNationality")];
  if ("securityAnswer" in fields && str(values.securityAnswer) && !str(values.securityQuestion) && !playerId)
    errors.securityQuestion ??= [text(locale, "questionFirst")];
  const cpf = str(values.cpf_number);
  if ("cpf_number" in fields && cpf && !errors.cpf_number) {
    const [other] = await db
      .select({ id: players.id })
      .from(players)
      .where(
        playerId === undefined
          ? eq(players.cpfNumber, cpfDigits(cpf))
          : and(eq(players.cpfNumber, cpfDigits(cpf)), ne(players.id, playerId)),
      );
    if (other) errors.cpf_number = [text(locale, "cpfTaken")];
  }
}

/**
 * The columns of the country fields a form carries, as stored: only the fields its scenario lists (anything
 * else was not judged, so it is not kept); the CPF as digits, the nationality upper-cased, the security answer
 * hashed. A field sent empty clears its value.
 */
export async function countryFieldColumns(
  fields: Record<string, FieldValidation>,
  values: Record<string, unknown>,
): Promise<Columns> {
  const out: Columns = {};
  const has = (name: string) => name in fields && name in values;
  for (const name of [
    "fullName",
    "profession",
    "placeOfBirth",
    "personalIdNumber",
    "additionalAddress",
  ] as const)
    if (has(name)) out[name] = str(values[name])?.replace(/\s+/g, " ") || null;
  if (has("nationality")) out.nationality = str(values.nationality)?.toUpperCase() || null;
  if (has("cpf_number")) out.cpfNumber = cpfDigits(str(values.cpf_number) ?? "") || null;
  if (has("gender")) out.gender = (str(values.gender) as "male" | "female" | undefined) || null;
  if (has("securityQuestion")) out.securityQuestion = str(values.securityQuestion) || null;
  // No question, no answer: a cleared question takes its answer with it.
  if (out.securityQuestion === null) out.securityAnswerHash = null;
  if (has("securityAnswer")) {
    const answer = str(values.securityAnswer);
    out.securityAnswerHash = answer ? await hashPassword(normalizeSecurityAnswer(answer)) : null;
  }
  if (has("receiveBonus")) out.receiveBonus = !declined(values.receiveBonus);
  return out;
}

/** Every country field's name (the profile's own `gender` is handled with the base fields). */
export const COUNTRY_FIELDS_OF_PROFILE = COUNTRY_FIELD_NAMES.filter(
  (n) => n !== "gender" && n !== "receiveBonus",
);
