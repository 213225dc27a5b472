import { TOTP } from "otpauth";

/**
 * The demo administrator, signed in by the e2e run's global setup (which may import nothing of vitest's, hence
 * this file of its own).
 */

/** The demo administrator every non-production database starts with (decision 0020). */
export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password" };

/** The current code of an authenticator app holding this secret. */
export const totpNow = (secret: string) =>
  new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate();

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs the demo administrator in through the API, enrolling its second factor. The global setup does it once
 * (a code is accepted once, so journeys do not share the administrator's sign-in) and hands the session to the
 * journeys, which create their own staff with it. Answers the session token.
 */
export async function enrolDemoAdmin(base: string): Promise<string> {
  const first = await post<{ data: { challenge: string; enrol?: { secret: string } } }>(
    base,
    "/api/admin/session",
    DEMO_ADMIN,
  );
  if (!first.data.enrol) throw new Error("the demo administrator is already enrolled");
  const done = await post<{ data: { token: string } }>(base, "/api/admin/session/verify", {
    challenge: first.data.challenge,
    code: totpNow(first.data.enrol.secret),
  });
  return done.data.token;
}
