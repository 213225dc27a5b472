import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  FIELD_RULES,
  isCpf,
  isTwoWords,
  parseIsoDate,
  parsePhone,
  scenarioRules,
  validateForm,
} from "./rules";

const now = new Date("2026-11-22T12:00:00Z");

/** Builds a valid CPF from nine digits the way the Receita Federal does. */
function cpfFrom(nine: number[]): string {
  const d = [...nine];
  for (const length of [9, 10]) {
    const sum = d.slice(0, length).reduce((s, x, i) => s + x * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    d.push(rest === 10 ? 0 : rest);
  }
  return d.join("");
}

describe("CPF", () => {
  const nineDigits = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
    .filter((a) => new Set(a).size > 1);

  it("accepts every number whose check digits are right, with or without punctuation", () => {
    fc.assert(
      fc.property(nineDigits, (nine) => {
        const cpf = cpfFrom(nine);
        expect(isCpf(cpf)).toBe(true);
        expect(isCpf(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBe(true);
      }),
    );
  });

  it("refuses a number with either check digit changed", () => {
    fc.assert(
      fc.property(
        nineDigits,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, shift) => {
          const cpf = cpfFrom(nine).split("").map(Number);
          cpf[at] = (cpf[at]! + shift) % 10;
          expect(isCpf(cpf.join(""))).toBe(false);
        },
      ),
    );
  });

  it("refuses repeated digits and wrong lengths", () => {
    expect(isCpf("11111111111")).toBe(false);
    expect(isCpf("5298258004")).toBe(false);
    expect(isCpf("529.982.247-25")).toBe(true);
  });
});

describe("twoWords", () => {
  const word = (min: number) => fc.stringMatching(new RegExp(`^[a-zA-Z]{${min},12}$`));

  it("accepts exactly two words each long enough, whatever the spacing", () => {
    fc.assert(
      fc.property(word(2), word(2), fc.stringMatching(/^ {1,3}$/), (a, b, gap) => {
        expect(isTwoWords(`${a}${gap}${b}`, 2)).toBe(true);
      }),
    );
  });

  it("refuses one word, three words, or a word too short", () => {
    fc.assert(
      fc.property(word(2), word(2), word(2), (a, b, c) => {
        expect(isTwoWords(a, 2)).toBe(false);
        expect(isTwoWords(`${a} ${b} ${c}`, 2)).toBe(false);
        expect(isTwoWords(`${a} ${b.slice(0, 1)}`, 2)).toBe(false);
      }),
    );
  });
});

describe("phone", () => {
  it("gives libphonenumber's error names", () => {
    expect(parsePhone("hello")).toEqual({ ok: false, error: "NOT_A_NUMBER" });
    expect(parsePhone("+5")).toMatchObject({ ok: false });
    expect(parsePhone("11 91234 5678")).toEqual({ ok: false, error: "INVALID_COUNTRY" });
    expect(parsePhone(`+55${"1".repeat(30)}`)).toEqual({ ok: false, error: "TOO_LONG" });
    expect(parsePhone("+55 11 91234-5678")).toEqual({ ok: true, e164: "+5511912345678" });
  });

  it("never accepts input over 250 characters or a national number outside 2 to 17 digits", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 300 }), (input) => {
        const r = parsePhone(input);
        if (input.trim().length > 250) expect(r.ok).toBe(false);
        if (r.ok) {
          const national = r.e164.replace(/^\+\d{1,3}/, "");
          expect(r.e164.length - 1).toBeGreaterThanOrEqual(2);
          expect(national.length).toBeLessThanOrEqual(17);
        }
      }),
    );
  });
});

describe("dates and ages", () => {
  it("reads only real calendar dates", () => {
    expect(parseIsoDate("2024-02-29")).toBeDefined();
    expect(parseIsoDate("2023-02-29")).toBeUndefined();
    expect(parseIsoDate("2023-2-1")).toBeUndefined();
  });

  it("counts age in whole birthdays", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (years) => {
        const birthday = new Date(
          Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()),
        );
        expect(ageOn(birthday, now)).toBe(years);
        const dayAfter = new Date(birthday.getTime() + 86_400_000);
        expect(ageOn(dayAfter, now)).toBe(years - 1);
      }),
    );
  });
});

describe("validateForm", () => {
  const registration = scenarioRules({
    email: { required: true },
    password: { required: true },
    password_confirmation: { required: true },
    birthdate: { required: false, extra: [{ name: "minAge", min: 18 }] },
  });

  it("answers one message per field, with its placeholders filled", () => {
    const errors = validateForm(
      registration,
      { email: "not-mail", password: "short", password_confirmation: "other", birthdate: "2015-01-01" },
      { now },
    );
    expect(errors).toEqual({
      email: ["Value is not a valid email address"],
      password: ["This field should be at least 8 characters long"],
      password_confirmation: ["The value must be equal to the other value"],
      birthdate: ["You must be at least 18 years old"],
    });
  });

  it("marks required fields and passes a good form", () => {
    expect(validateForm(registration, {}, { now })).toEqual({
      email: ["Value is required"],
      password: ["Value is required"],
      password_confirmation: ["Value is required"],
    });
    expect(
      validateForm(
        registration,
        { email: "ana@example.com", password: "harbor-lights-7", password_confirmation: "harbor-lights-7" },
        { now },
      ),
    ).toEqual({});
  });

  it("takes the content's messages over the defaults", () => {
    const errors = validateForm(
      registration,
      { password: "x" },
      { now, messages: { minLength: "Mínimo {min}" } },
    );
    expect(errors.password).toEqual(["Mínimo 8"]);
  });

  it("never lets a password under 8 or over 128 characters through", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 200 }), (password) => {
        const errors = validateForm(scenarioRules({ password: { required: true } }), { password }, { now });
        const length = [...password.trim()].length;
        expect(errors.password === undefined).toBe(length >= 8 && length <= 128);
      }),
    );
  });

  it("keeps the spec's field rules", () => {
    expect(FIELD_RULES.password).toContainEqual({ name: "minLength", min: 8 });
    expect(FIELD_RULES.fullName).toContainEqual({ name: "twoWords", min: 2 });
    expect(FIELD_RULES.fullName).toContainEqual({ name: "maxLength", max: 30 });
  });
});

describe("the fields a country may ask for", () => {
  const fields = scenarioRules({
    cpf_number: { required: true },
    fullName: { required: false },
    personalIdNumber: { required: false },
    nationality: { required: false },
    securityQuestion: { required: false },
    securityAnswer: { required: false },
  });
  const check = (values: Record<string, unknown>) => validateForm(fields, values, { now });

  it("judges the CPF, the full name and the identity number by the spec's rules", () => {
    expect(check({ cpf_number: "529.982.247-25", fullName: "Ana Souza", personalIdNumber: "AB" })).toEqual(
      {},
    );
    expect(check({ cpf_number: "529.982.247-24" }).cpf_number).toEqual(["The CPF number is not valid"]);
    expect(check({ cpf_number: "" }).cpf_number).toEqual(["Value is required"]);
    expect(check({ cpf_number: "52998224725", fullName: "A Souza" }).fullName).toEqual([
      "Enter two words of at least 2 characters each",
    ]);
    expect(
      check({ cpf_number: "52998224725", fullName: "Maximiliana Bartholomew-Smithers" }).fullName,
    ).toEqual(["The maximum length allowed is 30"]);
    expect(check({ cpf_number: "52998224725", personalIdNumber: "A" }).personalIdNumber).toHaveLength(1);
  });

  it("takes a nationality as a country code and a security question from the list, with its answer", () => {
    const ok = { cpf_number: "52998224725" };
    expect(check({ ...ok, nationality: "br" }).nationality).toEqual(["Use a two-letter country code"]);
    expect(check({ ...ok, securityQuestion: "firstPet", securityAnswer: "Rex" })).toEqual({});
    expect(check({ ...ok, securityQuestion: "firstPet" }).securityAnswer).toEqual(["Value is required"]);
    expect(check({ ...ok, securityQuestion: "shoeSize", securityAnswer: "42" }).securityQuestion).toEqual([
      "The value has the wrong format",
    ]);
  });
});
