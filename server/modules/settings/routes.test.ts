import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";

describeEachDb("settings API", (ctx) => {
  it("lists currencies", async () => {
    const res = await ctx().app.inject("/api/settings/currencies");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { code: string }) => c.code)).toContain("USD");
  });

  it("answers unknown calls in the error shape", async () => {
    const res = await ctx().app.inject("/api/settings/nothing");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found", errors: {} });
  });
});
