import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact";
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  type ValidationMessages,
  validationMessages,
} from "./messages";
import { fieldErrors } from "./text";

const valid = {
  name: "Ana Souza",
  email: "ana@example.com",
  subject: "Withdrawal question",
  message: "When will my PIX withdrawal arrive?",
  locale: "pt-br",
};

function errorsOf(input: unknown, messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES) {
  const r = contactMessageSchema(messages).safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}

describe("validation messages", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(formatMessage("between {min} and {max}", { min: 2, max: 5 })).toBe("between 2 and 5");
    expect(formatMessage("equal to {param}")).toBe("equal to {param}");
  });

  it("takes a locale's overrides and keeps defaults for the rest", () => {
    const m = validationMessages({ required: "Обязательное поле", email: "", junk: 1 });
    expect(m.required).toBe("Обязательное поле");
    expect(m.email).toBe("Value is not a valid email address");
    expect(validationMessages(null)).toEqual(DEFAULT_VALIDATION_MESSAGES);
  });
});

describe("contact message rules", () => {
  it("accepts a good message and trims it", () => {
    const r = contactMessageSchema().parse({ ...valid, name: "  Ana Souza " });
    expect(r.name).toBe("Ana Souza");
    expect(r.locale).toBe("pt-br");
  });

  it("says 'Value is required' once for an empty or missing field", () => {
    expect(errorsOf({ ...valid, name: "   " }).name).toEqual(["Value is required"]);
    expect(errorsOf({ ...valid, subject: undefined }).subject).toEqual(["Value is required"]);
  });

  it("names the length limits with the spec's messages", () => {
    expect(errorsOf({ ...valid, name: "A" }).name).toEqual([
      "This field should be at least 2 characters long",
    ]);
    expect(errorsOf({ ...valid, name: "A".repeat(81) }).name).toEqual(["The maximum length allowed is 80"]);
    expect(errorsOf({ ...valid, subject: "Hi" }).subject).toEqual([
      "This field should be at least 3 characters long",
    ]);
    expect(errorsOf({ ...valid, message: "short" }).message).toEqual([
      "This field should be at least 10 characters long",
    ]);
    expect(errorsOf({ ...valid, message: "x".repeat(4001) }).message).toEqual([
      "The maximum length allowed is 4000",
    ]);
  });

  it("rejects a malformed e-mail address", () => {
    for (const email of ["ana", "ana@", "ana@example", "a b@example.com"]) {
      expect(errorsOf({ ...valid, email }).email).toEqual(["Value is not a valid email address"]);
    }
  });

  it("speaks the locale's messages when given them", () => {
    const m = validationMessages({ minLength: "Минимум {min} символа" });
    expect(errorsOf({ ...valid, name: "A" }, m).name).toEqual(["Минимум 2 символа"]);
  });

  it("serves an unknown locale in the default one", () => {
    expect(contactMessageSchema().parse({ ...valid, locale: "xx" }).locale).toBe("en");
  });
});
