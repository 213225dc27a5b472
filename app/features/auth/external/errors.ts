/**
 * The external identity provider's errors of spec point 8, by name, with the spec's messages. oidc-client-ts
 * reports them as plain errors (or ErrorResponse with the provider's `error` code); the site shows one text per
 * name and never the library's wording.
 */
export type ExternalErrorName =
  | "timeout"
  | "cancelled"
  | "state_mismatch"
  | "login_required"
  | "missing_transaction"
  | "request_error"
  | "refused"
  | "unknown";

export class ExternalLoginError extends Error {
  constructor(
    readonly code: ExternalErrorName,
    message: string,
  ) {
    super(message);
    this.name = "ExternalLoginError";
  }
}

const MESSAGES: Record<ExternalErrorName, string> = {
  timeout: "Timeout",
  cancelled: "Popup closed",
  state_mismatch: "Invalid state",
  login_required: "Login required",
  missing_transaction: "There are no query params available for parsing",
  request_error: "Unable to fetch the token url",
  refused: "The provider refused the sign-in",
  unknown: "The sign-in did not complete",
};

export const externalError = (code: ExternalErrorName) => new ExternalLoginError(code, MESSAGES[code]);

/** Names what went wrong in an external login, from whatever oidc-client-ts or the network threw. */
export function toExternalError(err: unknown): ExternalLoginError {
  if (err instanceof ExternalLoginError) return err;
  const e = err as { error?: unknown; message?: unknown; name?: unknown } | null;
  const providerCode = typeof e?.error === "string" ? e.error : undefined;
  const message = typeof e?.message === "string" ? e.message : "";
  if (providerCode === "login_required" || providerCode === "interaction_required") {
    return externalError("login_required");
  }
  if (providerCode) return externalError("refused");
  if (/no matching state/i.test(message)) return externalError("state_mismatch");
  if (/popup closed|popup window closed/i.test(message)) return externalError("cancelled");
  if (/timed? ?out|timeout/i.test(message)) return externalError("timeout");
  if (/no state in response|no (code|response_mode)|no query/i.test(message)) {
    return externalError("missing_transaction");
  }
  if (e?.name === "TypeError" || /failed to fetch|network|token endpoint/i.test(message)) {
    return externalError("request_error");
  }
  return externalError("unknown");
}
