import { describe, expect, it } from "vitest";
import { mergeTexts, textsPatch } from "./texts";

describe("dictionary texts", () => {
  it("fills a translation's gaps from the default locale, nested objects key by key", () => {
    const en = { a: "A", nested: { b: "B", c: "C" }, list: ["x"] };
    const ru = { nested: { b: "Б" }, list: ["y", "z"] };
    expect(mergeTexts(en, ru)).toEqual({ a: "A", nested: { b: "Б", c: "C" }, list: ["y", "z"] });
  });

  it("patches only the texts that differ from the shipped file, and the patch rebuilds the actual texts", () => {
    const shipped = { a: "Be {minAge}+", nested: { b: "B", c: "C" }, list: ["x"] };
    const actual = { a: "Be 21+", nested: { b: "B", c: "C", d: "new" }, list: ["x"] };
    const patch = textsPatch(actual, shipped);
    expect(patch).toEqual({ a: "Be 21+", nested: { d: "new" } });
    expect(mergeTexts(shipped, patch!)).toEqual(actual);
    expect(textsPatch(shipped, shipped)).toBeUndefined();
  });
});
