import { describe, expect, it } from "vitest";
import { widgetCulture } from "#common/sport/culture";
import { formatMoney as siteMoney } from "../../../../app/features/wallet/format";
import { formatMoney } from "./texts";

describe("the widget's money (issue 36)", () => {
  it("is written as the site writes it, for every site locale", () => {
    for (const [locale, intl] of [
      ["en", "en-US"],
      ["ru", "ru-RU"],
      ["pt-br", "pt-BR"],
    ] as const) {
      for (const code of ["USD", "EUR", "BRL"])
        expect(formatMoney(widgetCulture(locale), "4.12", code)).toBe(
          siteMoney("4.12", code, undefined, intl),
        );
    }
    // The slip wrote "US$4.12" in English while the site writes "$42.82".
    expect(formatMoney(widgetCulture("en"), "4.12", "USD")).toBe("$4.12");
  });

  it("writes a currency Intl does not know as the number and its code", () => {
    expect(formatMoney("en-GB", "0.00012345", "XXBTC")).toBe("0.00012345 XXBTC");
  });
});

describe("the widget's bet statuses (issue 36)", () => {
  it("say what the site's bet history says, in each site language, as written", async () => {
    const { readFileSync } = await import("node:fs");
    const { textsFor } = await import("./texts");
    const { CSS } = await import("./styles");
    for (const locale of ["en", "pt-br", "ru"]) {
      const site = JSON.parse(readFileSync(`content/${locale}/layout.json`, "utf8")).sports.bets.statuses;
      const t = textsFor(widgetCulture(locale));
      for (const [status, word] of Object.entries(site))
        expect([locale, status, t(`status_${status}` as Parameters<typeof t>[0])]).toEqual([
          locale,
          status,
          word,
        ]);
    }
    // Not uppercased on the way: "OPEN" in the slip beside "Open" in the history.
    expect(/\.lsb-status\{[^}]*text-transform/.test(CSS)).toBe(false);
  });
});
