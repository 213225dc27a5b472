import type {
  CodeSentResponse,
  PhoneLoginBody,
  PhoneLoginCodeBody,
  SessionResponse,
} from "#common/api/player";
import { parsePhone, RULE_MESSAGES } from "#common/validation/rules";
import { assertMayStartSession } from "./auth";
import { CODE_TTL_SECONDS, type CodePurpose, codeContext, issueCode, spendCode } from "./codes";
import type { AccountDeps, RequestContext } from "./context";
import { FORMS, fieldError, str } from "./forms";
import { accountLimits, enforce, limitCodeSends } from "./limits";
import { sendSmsCode } from "./notify";
import { findByVerifiedPhone, type PlayerRow, toProfile } from "./profile";
import { openSession } from "./sessions";
import { text } from "./texts";

/** A phone form's number in E.164; the form's rules have judged it already. */
export function e164Of(body: { phone?: string }): string {
  const phone = parsePhone(String(body.phone));
  if (!phone.ok) throw fieldError("phone", RULE_MESSAGES[phone.error] ?? phone.error);
  return phone.e164;
}

/**
 * Sends a code for `purpose` to a phone account's proven phone. Every number counts against the code limits and
 * gets the same answer; only a number that is an account's gets an SMS, as only a registered address gets the
 * reset e-mail (decision 0058).
 */
export async function sendAccountCode(
  deps: AccountDeps,
  phone: string,
  purpose: Extract<CodePurpose, "phone-login" | "phone-reset">,
  ctx: RequestContext,
): Promise<CodeSentResponse> {
  await limitCodeSends(deps, ctx, phone);
  const player = await findByVerifiedPhone(deps.db, phone);
  if (player) {
    const code = await issueCode(codeContext(deps), { purpose, target: phone, playerId: player.id });
    await sendSmsCode(deps, phone, code, ctx.locale);
  }
  return { ok: true, expiresIn: CODE_TTL_SECONDS };
}

/**
 * Spends a code sent by sendAccountCode and answers its account. A wrong, spent or expired code, and a number
 * that is no account's, answer the same field error and change nothing but the code's attempt count.
 */
export async function spendAccountCode(
  deps: AccountDeps,
  phone: string,
  purpose: Extract<CodePurpose, "phone-login" | "phone-reset">,
  code: string,
  ctx: RequestContext,
): Promise<PlayerRow> {
  const player = await findByVerifiedPhone(deps.db, phone);
  const spent =
    player !== undefined &&
    (await spendCode(codeContext(deps), { purpose, target: phone, playerId: player.id, code }));
  if (!spent) throw fieldError("code", text(ctx.locale, "wrongCode"));
  return player;
}

/** POST /api/player/sessions/phone/code: an SMS code to sign in with. */
export async function sendLoginCode(
  deps: AccountDeps,
  body: PhoneLoginCodeBody,
  ctx: RequestContext,
): Promise<CodeSentResponse> {
  await deps.forms.check(FORMS.phoneCode, body, ctx.locale);
  return sendAccountCode(deps, e164Of(body), "phone-login", ctx);
}

/**
 * POST /api/player/sessions/phone: the number and its SMS code open a session, as a password does. Attempts
 * count against the address's login limit, and the code burns after five wrong ones. Whether the account may
 * log in (blocked, its own break or self-exclusion, a self-excluded person's details: decision 0053) is said
 * only after the code proves the number.
 */
export async function loginByPhoneCode(
  deps: AccountDeps,
  body: PhoneLoginBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  await enforce(deps, ctx.locale, [`login:ip:${ctx.ip}`, accountLimits(deps.config).loginPerIp]);
  await deps.forms.check(FORMS.phoneLogin, body, ctx.locale);
  const player = await spendAccountCode(deps, e164Of(body), "phone-login", String(body.code), ctx);
  const fingerprint = str(body.fingerprint);
  await assertMayStartSession(deps, player.id, { fingerprint });
  const session = await openSession(deps, deps.db, player.id, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    fingerprint,
  });
  return { accessToken: session.accessToken, profile: toProfile(player) };
}
