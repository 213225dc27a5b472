import { describe, expect, it } from "vitest";
import { isGeneratedNickname, ownNickname } from "./nickname";

describe("the player's own nickname", () => {
  it("shows the generated nickname unmasked to its owner", () => {
    const p = { nickname: "alexan***", email: "alexander@example.com", phone: null };
    expect(isGeneratedNickname(p)).toBe(true);
    expect(ownNickname(p)).toBe("alexander");
  });
  it("shows a phone player their phone", () => {
    const p = { nickname: "*********5678", email: null, phone: "+5511912345678" };
    expect(ownNickname(p)).toBe("+5511912345678");
  });
  it("keeps a chosen nickname as it is", () => {
    const p = { nickname: "Captain_Ada", email: "alexander@example.com", phone: null };
    expect(isGeneratedNickname(p)).toBe(false);
    expect(ownNickname(p)).toBe("Captain_Ada");
  });
});
