import { expect, inject, it } from "vitest";
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "../e2e/support/bundle";

// Runs in the e2e project: it reads the server-rendered `/` of the fresh build to learn what loads first.
it(`the home page loads at most ${kb(HOME_JS_BUDGET_BYTES)} of JavaScript (gzip) on first paint`, async () => {
  const { gzipBytes, scripts } = await homeInitialJs(inject("baseUrl"));
  console.log(
    `home initial JS: ${kb(gzipBytes)} (${gzipBytes} B) gzip in ${scripts.length} files (budget ${kb(HOME_JS_BUDGET_BYTES)})`,
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(gzipBytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});
