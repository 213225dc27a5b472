import { describe, expect, it } from "vitest";
import {
  ExternalLoginError,
  fromProviderError,
  MfaRequiredError,
  MissingRefreshTokenError,
  toExternalError,
} from "./errors";

describe("external login errors", () => {
  it("keeps the spec's names and messages", () => {
    const mfa = fromProviderError("mfa_required", "Multifactor authentication required", "mfa-123");
    expect(mfa).toBeInstanceOf(MfaRequiredError);
    expect([mfa.code, (mfa as MfaRequiredError).mfaToken]).toEqual(["mfa_required", "mfa-123"]);
    expect(new MissingRefreshTokenError("api", "openid offline_access").message).toBe(
      "Missing Refresh Token (audience: 'api', scope: 'openid offline_access')",
    );
    expect(fromProviderError("login_required").code).toBe("login_required");
    expect(fromProviderError("interaction_required").code).toBe("login_required");
    expect(fromProviderError("access_denied")).toMatchObject({
      code: "refused",
      providerError: "access_denied",
    });
  });

  it("names what the network or anything else threw", () => {
    expect(toExternalError(new TypeError("Failed to fetch")).message).toBe("Unable to fetch the token url");
    expect(toExternalError({ error: "login_required" }).code).toBe("login_required");
    const own = new ExternalLoginError("state_mismatch", "Invalid state");
    expect(toExternalError(own)).toBe(own);
    expect(toExternalError("???").code).toBe("unknown");
  });
});
