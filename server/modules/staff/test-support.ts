import type { FastifyInstance } from "fastify";
import type { Role } from "#common/api/admin";
import type { Db } from "../../db/client";
import { hashPassword } from "../../lib/passwords";
import { freshIp } from "../player/test-support";
import { staff } from "./tables";
import { totpCode } from "./totp";

/** A code of a TOTP secret at a time, as the staff member's authenticator app shows it. */
export { totpCode };

export const STAFF_PASSWORD = "back-office-password-1";

let seq = 0;

/** A staff member with these roles, created in the database, not yet enrolled. */
export async function newStaff(db: Db, roles: Role[], status: "active" | "blocked" = "active") {
  const email = `staff${Date.now().toString(36)}${++seq}@example.com`;
  const [row] = await db
    .insert(staff)
    .values({ email, name: `Staff ${seq}`, passwordHash: await hashPassword(STAFF_PASSWORD), roles, status })
    .returning();
  return row!;
}

// Each sign-in from its own address: the sign-in's rate limit counts by address, and tests sign many in.
const post = async (app: FastifyInstance, url: string, body: unknown, ip = freshIp()) => {
  const res = await app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: { "cf-connecting-ip": ip },
  });
  return { status: res.statusCode, body: res.json() };
};

/**
 * Signs a staff member in as the admin site does: the password, then enrolling the secret it answers with a
 * code from it. Answers the session token, the TOTP secret and the recovery codes.
 */
export async function signInStaff(app: FastifyInstance, email: string, now: () => Date = () => new Date()) {
  const first = await post(app, "/api/admin/session", { email, password: STAFF_PASSWORD });
  if (first.status !== 200) throw new Error(`staff sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const { challenge, enrol } = first.body.data;
  if (!enrol) throw new Error("staff sign-in: expected to enrol a second factor");
  const code = totpCode(enrol.secret, now());
  const second = await post(app, "/api/admin/session/verify", { challenge, code });
  if (second.status !== 200) throw new Error(`staff verify: ${second.status} ${JSON.stringify(second.body)}`);
  return {
    token: second.body.data.token as string,
    secret: enrol.secret as string,
    recoveryCodes: second.body.data.recoveryCodes as string[],
  };
}

/** A new staff member with these roles, signed in: their id, e-mail and session token. */
export async function staffToken(app: FastifyInstance, db: Db, roles: Role[], now?: () => Date) {
  const row = await newStaff(db, roles);
  const session = await signInStaff(app, row.email, now);
  return { id: row.id, email: row.email, ...session };
}
