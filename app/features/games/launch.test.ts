import { describe, expect, it } from "vitest";
import type { ErrorCode } from "#common/api/errors";
import { ApiRequestError } from "~/lib/api";
import { launchProblem } from "./launch";

const refused = (status: number, code: ErrorCode) =>
  new ApiRequestError(status, { code, message: String(code), errors: {} });

describe("a refused launch", () => {
  it("asks a guest to sign in and offers the right modals", () => {
    expect(launchProblem(refused(401, "unauthorized"))).toEqual({ kind: "sign-in" });
    expect(launchProblem(refused(422, "demo_unavailable"))).toEqual({ kind: "demo-unavailable" });
    expect(launchProblem(refused(422, "no_account"))).toEqual({ kind: "no-account" });
    expect(launchProblem(refused(403, "limit_reached"))).toEqual({ kind: "limit" });
  });

  it("explains the known refusals and calls the rest unknown", () => {
    expect(launchProblem(refused(403, "game_not_available"))).toEqual({
      kind: "message",
      code: "game_not_available",
    });
    expect(launchProblem(refused(422, "currency_not_supported"))).toEqual({
      kind: "message",
      code: "currency_not_supported",
    });
    expect(launchProblem(refused(404, "not_found"))).toEqual({ kind: "message", code: "not_found" });
    expect(launchProblem(refused(500, "internal_error"))).toEqual({ kind: "message", code: "unknown" });
    expect(launchProblem(new Error("boom"))).toEqual({ kind: "message", code: "unknown" });
  });
});
