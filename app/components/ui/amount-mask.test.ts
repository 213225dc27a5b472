import { Mask } from "maska";
import { describe, expect, it } from "vitest";
import { type AmountMask, formatAmount, pastedAmount, typeAmount } from "./amount-mask";

const ptBR: AmountMask = { locale: "pt-BR", fraction: 2, unsigned: true };
const en: AmountMask = { locale: "en", fraction: 2, unsigned: true };
const ru: AmountMask = { locale: "ru", fraction: 2, unsigned: true };
const NBSP = "\u00a0";

/** Types `text` one key at a time at the end, as a player does, feeding each result back to the input. */
function typeKeys(text: string, mask: AmountMask) {
  let state = { value: "", shown: "", caret: 0 };
  for (const key of text) state = typeAmount(state.shown + key, state.shown.length + 1, mask);
  return state;
}

describe("the amount mask", () => {
  it('reads "1234,5" typed in pt-BR as 1234.5 and shows 1.234,5', () => {
    expect(typeKeys("1234,5", ptBR)).toEqual({ value: "1234.5", shown: "1.234,5", caret: 7 });
    // fill() sets the whole text at once: the same answer.
    expect(typeAmount("1234,5", 6, ptBR)).toEqual({ value: "1234.5", shown: "1.234,5", caret: 7 });
  });

  it("groups and marks in each site locale, the form always getting the canonical string", () => {
    expect(typeKeys("1234.56", en)).toMatchObject({ value: "1234.56", shown: "1,234.56" });
    expect(typeKeys("1234,56", ru)).toMatchObject({ value: "1234.56", shown: `1${NBSP}234,56` });
    // A Russian keyboard's "." is a decimal mark there; in pt-BR "." only groups.
    expect(typeKeys("1234.56", ru)).toMatchObject({ value: "1234.56" });
    expect(typeAmount("1.234", 5, ptBR)).toMatchObject({ value: "1234", shown: "1.234" });
    // A half-typed amount keeps its mark on screen, not in the value.
    expect(typeKeys("12,", ptBR)).toMatchObject({ value: "12", shown: "12," });
    expect(typeKeys(",5", ptBR)).toMatchObject({ value: "0.5", shown: "0,5" });
    expect(typeKeys("007", en)).toMatchObject({ value: "7", shown: "7" });
    expect(typeAmount("", 0, en)).toEqual({ value: "", shown: "", caret: 0 });
  });

  it("caps the fraction digits at the currency's", () => {
    expect(typeKeys("1,999", ptBR)).toMatchObject({ value: "1.99", shown: "1,99" });
    expect(typeAmount("0.123456789", 11, { locale: "en", fraction: 8, unsigned: true }).value).toBe(
      "0.12345678",
    );
    // A currency without decimals takes whole numbers only: a pasted fraction is dropped, a typed mark refused.
    const whole = { locale: "en", fraction: 0, unsigned: true };
    expect(typeAmount("150.5", 5, whole)).toMatchObject({ value: "150", shown: "150" });
    expect(typeKeys("150.", whole)).toMatchObject({ value: "150", shown: "150" });
  });

  it("refuses a minus when unsigned, and keeps it when signed", () => {
    expect(typeKeys("-5", en)).toMatchObject({ value: "5", shown: "5" });
    expect(typeAmount("-5", 2, en).value).toBe("5");
    const signed = { ...en, unsigned: false };
    expect(typeKeys("-1234", signed)).toMatchObject({ value: "-1234", shown: "-1,234" });
    expect(typeKeys("-", signed)).toMatchObject({ value: "", shown: "-" });
  });

  it("keeps the caret after the same digit when a group separator appears or goes", () => {
    // "1,234" with "5" typed after the 2: "12534" → "12,534", the caret after the 5.
    const r = typeAmount("1,2534", 4, en);
    expect(r).toMatchObject({ value: "12534", shown: "12,534" });
    expect(r.shown.slice(0, r.caret)).toBe("12,5");
    // Deleting the 1 of "1,234": "234", the caret at the start.
    expect(typeAmount(",234", 0, en)).toMatchObject({ shown: "234", caret: 0 });
  });

  it("writes canonical values in the locale, exactly, however long", () => {
    expect(formatAmount("1234.56", ptBR)).toBe("1.234,56");
    expect(formatAmount("1234.56", ru)).toBe(`1${NBSP}234,56`);
    expect(formatAmount("", en)).toBe("");
    expect(formatAmount("0.0015", en)).toBe("0.0015");
    // Past a float's 15-17 digits nothing changes (maska's number mask, through parseFloat, gets this wrong).
    expect(formatAmount("12345678901234567.89", ptBR)).toBe("12.345.678.901.234.567,89");
    expect(typeAmount("12345678901234567,89", 20, ptBR).value).toBe("12345678901234567.89");
    expect(new Mask({ number: { locale: "pt-BR", fraction: 2 } }).masked("12345678901234567,89")).not.toBe(
      "12.345.678.901.234.567,89",
    );
  });
});

describe("a pasted amount", () => {
  const pt: AmountMask = { locale: "pt-BR", fraction: 2, unsigned: true };
  const en: AmountMask = { locale: "en", fraction: 2, unsigned: true };
  it("is read as its writer meant it, not 100 times more in another locale", () => {
    // Typed key by key, "." only groups in pt-BR; pasted whole, two digits after it can only be a fraction.
    expect(typeAmount("75.50", 5, pt).value).toBe("7550");
    expect(pastedAmount("75.50", pt)).toBe("75.50");
    expect(pastedAmount("75,50", en)).toBe("75.50");
    expect(pastedAmount("1,234.56", pt)).toBe("1234.56");
    expect(pastedAmount("1.234,56", en)).toBe("1234.56");
    expect(pastedAmount("1 234,5", en)).toBe("1234.5");
  });
  it("leaves three digits after a lone separator to the page's locale, and a repeated one groups", () => {
    expect(pastedAmount("1.500", pt)).toBe("1500");
    expect(pastedAmount("1.500", en)).toBe("1.50");
    expect(pastedAmount("1,500", en)).toBe("1500");
    expect(pastedAmount("1.234.567", pt)).toBe("1234567");
    expect(pastedAmount("1,234,567", en)).toBe("1234567");
  });
  it("does not guess at text that is not a plain amount, nor drop significant places", () => {
    expect(pastedAmount("USD 10", en)).toBeUndefined();
    expect(pastedAmount("-5", en)).toBeUndefined();
    expect(pastedAmount("-5", { ...en, unsigned: false })).toBe("-5");
    expect(pastedAmount("1.555", { ...en, fraction: 2 })).toBeUndefined();
    expect(pastedAmount(".", en)).toBeUndefined();
  });
});
