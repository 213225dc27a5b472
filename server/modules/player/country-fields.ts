import type { ValidationScenario } from "#common/api/player";
import type { CountryFields } from "#common/player-fields";

/**
 * The extra registration and profile fields each country's rules ask for (decision 0061). Built in: Brazil's
 * CPF (one account per taxpayer number, the name as on the CPF), Portugal's and Italy's identity checks at
 * sign-up (SRIJ and ADM ask for nationality, place of birth and an identity number); elsewhere none. The
 * operator replaces a country's list, or adds one, with COUNTRY_FIELDS.
 */
export const DEFAULT_COUNTRY_FIELDS: Record<string, CountryFields> = {
  BR: {
    cpf_number: { required: true },
    fullName: { required: true },
    gender: { required: false },
    receiveBonus: { required: false },
  },
  PT: {
    fullName: { required: true },
    nationality: { required: true },
    profession: { required: true },
    placeOfBirth: { required: true },
    personalIdNumber: { required: true },
    additionalAddress: { required: false },
    securityQuestion: { required: false },
    securityAnswer: { required: false },
    receiveBonus: { required: false },
  },
  IT: {
    nationality: { required: true },
    placeOfBirth: { required: true },
    personalIdNumber: { required: true },
    additionalAddress: { required: false },
    receiveBonus: { required: false },
  },
};

/**
 * Fields only a sign-up's form has: the bonus wish, asked where the country's rules ask it, before the
 * registration bonus is decided. Afterwards it is a plain profile setting, on the player's bonuses page.
 */
const REGISTRATION_ONLY = new Set(["receiveBonus"]);

export class CountryFieldRules {
  private readonly byCountry: Record<string, CountryFields>;

  constructor(overrides: Record<string, CountryFields> = {}) {
    this.byCountry = { ...DEFAULT_COUNTRY_FIELDS, ...overrides };
  }

  /** A country's extra fields for a form; an unknown country (or none) gets the `*` list, else nothing. */
  fieldsFor(scenario: ValidationScenario, country: string | null | undefined): CountryFields {
    const all = (country && this.byCountry[country.toUpperCase()]) || this.byCountry["*"] || {};
    if (scenario === "registration") return all;
    return Object.fromEntries(Object.entries(all).filter(([name]) => !REGISTRATION_ONLY.has(name)));
  }
}
