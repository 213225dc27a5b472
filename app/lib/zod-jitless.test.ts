import { expect, it } from "vitest";
import "./zod-jitless";
import { config } from "zod/v4/core";

// The site sets Zod's flag without importing Zod; this holds only while Zod reads its config from that global.
it("makes Zod parse without compiling (jitless), seen through Zod's own configuration", () => {
  expect(config().jitless).toBe(true);
});
