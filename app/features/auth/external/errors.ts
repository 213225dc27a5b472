/**
 * The external identity provider's errors of spec point 8, by name, with the spec's messages. The site shows one
 * text per name and never a library's or provider's wording; `mfa_required` carries the provider's MFA token and
 * `missing_refresh_token` names the audience and scope it had no refresh token for.
 */
export type ExternalErrorName =
  | "timeout"
  | "cancelled"
  | "state_mismatch"
  | "login_required"
  | "missing_transaction"
  | "request_error"
  | "mfa_required"
  | "missing_refresh_token"
  | "popup_blocked"
  | "refused"
  | "unknown";

export class ExternalLoginError extends Error {
  constructor(
    readonly code: ExternalErrorName,
    message: string,
    /** The token endpoint's own `error` (e.g. `invalid_grant`), when it answered one. */
    readonly providerError?: string,
  ) {
    super(message);
    this.name = "ExternalLoginError";
  }
}

/** The token endpoint asked for a second factor: its `mfa_token` lets an MFA step go on from here. */
export class MfaRequiredError extends ExternalLoginError {
  constructor(
    message: string,
    readonly mfaToken: string,
  ) {
    super("mfa_required", message, "mfa_required");
  }
}

/** The renewal needed a refresh token and none was stored for this audience and scope. */
export class MissingRefreshTokenError extends ExternalLoginError {
  constructor(
    readonly audience: string,
    readonly scope: string,
  ) {
    super("missing_refresh_token", `Missing Refresh Token (audience: '${audience}', scope: '${scope}')`);
  }
}

const MESSAGES: Record<ExternalErrorName, string> = {
  timeout: "Timeout",
  cancelled: "Popup closed",
  state_mismatch: "Invalid state",
  login_required: "Login required",
  missing_transaction: "There are no query params available for parsing",
  request_error: "Unable to fetch the token url",
  mfa_required: "Multifactor authentication required",
  missing_refresh_token: "Missing Refresh Token",
  popup_blocked: "Unable to open a popup",
  refused: "The provider refused the sign-in",
  unknown: "The sign-in did not complete",
};

export const externalError = (code: ExternalErrorName, providerError?: string) =>
  new ExternalLoginError(code, MESSAGES[code], providerError);

/** What an authorization or token error code from the provider means for the site. */
export function fromProviderError(error: string, description?: string, mfaToken?: string) {
  if (error === "mfa_required")
    return new MfaRequiredError(description || MESSAGES.mfa_required, mfaToken ?? "");
  if (error === "login_required" || error === "interaction_required" || error === "consent_required")
    return externalError("login_required", error);
  return externalError("refused", error);
}

/** Names what went wrong in an external login, from whatever the flow or the network threw. */
export function toExternalError(err: unknown): ExternalLoginError {
  if (err instanceof ExternalLoginError) return err;
  const e = err as { error?: unknown; name?: unknown } | null;
  if (typeof e?.error === "string") return fromProviderError(e.error);
  if (e?.name === "TypeError" || e?.name === "AbortError" || e?.name === "TimeoutError")
    return externalError("request_error");
  return externalError("unknown");
}
