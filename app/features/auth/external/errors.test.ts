import { describe, expect, it } from "vitest";
import { ExternalLoginError, toExternalError } from "./errors";

describe("external login errors", () => {
  it("names a returned state that matches nothing sent state_mismatch 'Invalid state'", () => {
    const e = toExternalError(new Error("No matching state found in storage"));
    expect(e).toBeInstanceOf(ExternalLoginError);
    expect([e.code, e.message]).toEqual(["state_mismatch", "Invalid state"]);
  });

  it("names the popup's endings and the provider's refusals", () => {
    expect(toExternalError(new Error("Popup closed by user")).message).toBe("Popup closed");
    expect(toExternalError(new Error("Popup timed out")).code).toBe("timeout");
    expect(toExternalError({ error: "login_required", message: "Login required" }).code).toBe(
      "login_required",
    );
    expect(toExternalError({ error: "access_denied", message: "denied" }).code).toBe("refused");
    expect(toExternalError(new Error("No state in response")).message).toBe(
      "There are no query params available for parsing",
    );
    expect(toExternalError(new TypeError("Failed to fetch")).message).toBe("Unable to fetch the token url");
    expect(toExternalError("???").code).toBe("unknown");
  });
});
