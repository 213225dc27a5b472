import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { sitePagePolicy } from "../../http/security-headers";
import { chatSiteSettings } from "./settings";

const config = (env: Record<string, string> = {}) => loadConfig({ APP_ENV: "test", ...env });
const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("which chat the site offers", () => {
  it("is the built-in chat, for players only, unless told otherwise", () => {
    expect(chatSiteSettings(config())).toEqual({ provider: "built-in", guestEnabled: false });
    expect(chatSiteSettings(config({ CHAT_GUEST_ENABLED: "true" }))).toEqual({
      provider: "built-in",
      guestEnabled: true,
    });
    // One key alone is no integration (spec point 7: it runs only when its keys are present).
    expect(chatSiteSettings(config({ CHAT_TOKEN: "t" })).provider).toBe("built-in");
    expect(chatSiteSettings(config({ CHAT_HOST: "https://chat.example.com" })).provider).toBe("built-in");
  });

  it("is the widget with its token and host when both are set, and only then may the page load from that host", () => {
    const widget = config({ CHAT_TOKEN: "tok-1", CHAT_HOST: "https://eu.chat.example.com/" });
    expect(chatSiteSettings(widget)).toEqual({
      provider: "widget",
      guestEnabled: false,
      widget: { token: "tok-1", host: "https://eu.chat.example.com" },
    });
    const policy = sitePagePolicy(widget)("n");
    expect(directive(policy, "script-src")).toContain("https://eu.chat.example.com");
    expect(directive(policy, "connect-src")).toContain("wss://eu.chat.example.com");
    expect(directive(policy, "frame-src")).toContain("https://eu.chat.example.com");
    const hostOnly = sitePagePolicy(config({ CHAT_HOST: "https://eu.chat.example.com" }))("n");
    expect(hostOnly).not.toContain("chat.example.com");
  });

  it("refuses an operator token too short to be a secret", () => {
    expect(() => config({ CHAT_OPERATOR_TOKEN: "short" })).toThrow(/CHAT_OPERATOR_TOKEN/);
  });
});
