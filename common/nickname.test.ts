import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nicknameFromEmail, nicknameFromPhone } from "./nickname";

describe("nicknameFromEmail (spec point 9)", () => {
  it("masks the last 3 characters before the @", () => {
    expect(nicknameFromEmail("alexander@x.com")).toBe("alexan***");
    expect(nicknameFromEmail("anna@example.com")).toBe("a***");
  });

  it("masks all but the first when shorter than 4", () => {
    expect(nicknameFromEmail("bob@x.com")).toBe("b**");
    expect(nicknameFromEmail("jo@x.com")).toBe("j*");
    expect(nicknameFromEmail("q@x.com")).toBe("q");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(nicknameFromEmail("жёлтый@x.ru")).toBe("жёл***");
  });

  it("always keeps the length and never shows the masked part", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes("@") && s.trim() === s),
        (local) => {
          const nick = nicknameFromEmail(`${local}@example.com`);
          const chars = [...local];
          expect([...nick].length).toBe(chars.length);
          const hidden = chars.length < 4 ? chars.length - 1 : 3;
          expect([...nick].slice(chars.length - hidden).every((c) => c === "*")).toBe(true);
          expect([...nick].slice(0, chars.length - hidden).join("")).toBe(
            chars.slice(0, chars.length - hidden).join(""),
          );
        },
      ),
    );
  });
});

describe("nicknameFromPhone", () => {
  it("shows only the last 4 digits", () => {
    expect(nicknameFromPhone("+5511912345678")).toBe("*********5678");
    expect(nicknameFromPhone("+44 7700 900123")).toBe("********0123");
  });
});
