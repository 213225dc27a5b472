import { describe, expect, it } from "vitest";
import { DEFAULT_WIDGET_CULTURE, widgetCulture } from "./culture";

describe("widget culture mapping (spec point 5)", () => {
  it.each([
    // The spec's two aliases and its default.
    ["es-MX", "es-ES"],
    ["en-US", "en-GB"],
    [undefined, "en-GB"],
    [null, "en-GB"],
    ["", "en-GB"],
    // The site's locales.
    ["en", "en-GB"],
    ["ru", "ru-RU"],
    ["pt-br", "pt-BR"],
    // Tags in any case or with an underscore.
    ["ES-mx", "es-ES"],
    ["en_us", "en-GB"],
    ["pt-BR", "pt-BR"],
    ["de-DE", "de-DE"],
    // Anything else falls back.
    ["de", "en-GB"],
    ["english", "en-GB"],
    ["x-y", "en-GB"],
  ])("%j → %j", (locale, culture) => {
    expect(widgetCulture(locale)).toBe(culture);
  });

  it("defaults to en-GB", () => {
    expect(DEFAULT_WIDGET_CULTURE).toBe("en-GB");
  });
});
