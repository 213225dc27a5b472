import { expect, it } from "vitest";
import { deviceLabel } from "./device";

it("names common browsers and systems", () => {
  expect(
    deviceLabel(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    ),
  ).toBe("Chrome on Windows");
  expect(
    deviceLabel(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari on iPhone");
  expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
    "Firefox on Linux",
  );
  expect(deviceLabel("Vitest/4")).toBe("Vitest");
  expect(deviceLabel(undefined)).toBe("Unknown device");
});
