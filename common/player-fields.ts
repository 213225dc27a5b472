/**
 * The questions a player may choose for account recovery (spec point 3 securityQuestion). The player picks one
 * by its id; the texts live in the dictionaries (fields-settings `fields.securityQuestion.options`).
 */
export const SECURITY_QUESTIONS = [
  "firstPet",
  "motherMaidenName",
  "firstSchool",
  "childhoodFriend",
  "firstCar",
] as const;
export type SecurityQuestion = (typeof SECURITY_QUESTIONS)[number];

/** An answer as it is compared: case, spaces at the ends and runs of spaces do not matter. */
export const normalizeSecurityAnswer = (answer: string): string =>
  answer.trim().replace(/\s+/g, " ").toLocaleLowerCase();

/**
 * The registration and profile fields an operator shows by country (decision 0061): none of them is asked
 * everywhere; the country's rules say which the forms show and which are required.
 */
export const COUNTRY_FIELD_NAMES = [
  // In the order the forms show them.
  "fullName",
  "cpf_number",
  "gender",
  "nationality",
  "placeOfBirth",
  "personalIdNumber",
  "profession",
  "additionalAddress",
  "securityQuestion",
  "securityAnswer",
  "receiveBonus",
] as const;
export type CountryFieldName = (typeof COUNTRY_FIELD_NAMES)[number];

/** Which of them a country shows: the field and whether it is required. */
export type CountryFields = Partial<Record<CountryFieldName, { required: boolean }>>;

/**
 * Reads the COUNTRY_FIELDS syntax: `BR=cpf_number!,fullName!,receiveBonus;PT=nationality!;*=receiveBonus`,
 * a `!` marking a required field, `*` every country not named. Throws naming what is wrong.
 */
export function parseCountryFields(text: string): Record<string, CountryFields> {
  const out: Record<string, CountryFields> = {};
  for (const part of text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [country, list = "", ...rest] = part.split("=").map((s) => s.trim());
    if (!country || rest.length || !/^([A-Z]{2}|\*)$/.test(country))
      throw new Error(`"${part}" is not COUNTRY=field,field! (a two-letter country code or *)`);
    const fields: CountryFields = {};
    for (const item of list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const name = item.replace(/!$/, "");
      if (!(COUNTRY_FIELD_NAMES as readonly string[]).includes(name))
        throw new Error(`${country}: "${name}" is not one of ${COUNTRY_FIELD_NAMES.join(", ")}`);
      fields[name as CountryFieldName] = { required: item.endsWith("!") };
    }
    // Asking for the question without the answer (or the reverse) would make a recovery that never works.
    if (fields.securityQuestion || fields.securityAnswer) {
      const required = Boolean(fields.securityQuestion?.required || fields.securityAnswer?.required);
      fields.securityQuestion = { required };
      fields.securityAnswer = { required };
    }
    out[country] = fields;
  }
  return out;
}
