import { and, eq, ne } from "drizzle-orm";
import type { CodeSentResponse, OtpSendBody, OtpVerifyBody, Profile } from "#common/api/player";
import { parsePhone, RULE_MESSAGES } from "#common/validation/rules";
import type { Caller } from "./auth";
import { CODE_TTL_SECONDS, codeContext, issueCode, spendCode } from "./codes";
import type { AccountDeps, RequestContext } from "./context";
import { FORMS, fieldError } from "./forms";
import { limitCodeSends } from "./limits";
import { sendEmailCode, sendSmsCode } from "./notify";
import { loadPlayer, toProfile, uniqueViolation } from "./profile";
import { players } from "./tables";
import { text } from "./texts";

/** The phone of a checked OTP form, in E.164, refused when it is another player's. */
async function checkedPhone(
  deps: AccountDeps,
  form: (typeof FORMS)["phoneSend" | "otpVerify"],
  body: { phone?: string },
  ctx: RequestContext,
  caller: Caller,
) {
  await deps.forms.check(form, body, ctx.locale);
  const phone = parsePhone(String(body.phone));
  if (!phone.ok) throw fieldError("phone", RULE_MESSAGES[phone.error] ?? phone.error);
  const [other] = await deps.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.phone, phone.e164), ne(players.id, caller.playerId)));
  if (other) throw fieldError("phone", text(ctx.locale, "phoneTaken"));
  return phone.e164;
}

/** POST /api/player/otp/send {phone}: an SMS code that proves a logged-in player owns the number. */
export async function sendPhoneCode(
  deps: AccountDeps,
  caller: Caller,
  body: OtpSendBody,
  ctx: RequestContext,
): Promise<CodeSentResponse> {
  const phone = await checkedPhone(deps, FORMS.phoneSend, body, ctx, caller);
  await limitCodeSends(deps, ctx, phone);
  const code = await issueCode(codeContext(deps), {
    purpose: "phone-verify",
    target: phone,
    playerId: caller.playerId,
  });
  await sendSmsCode(deps, phone, code, ctx.locale);
  return { ok: true, expiresIn: CODE_TTL_SECONDS };
}

/** POST /api/player/otp/verify {phone, code}: the number becomes the player's, verified. */
export async function verifyPhoneCode(
  deps: AccountDeps,
  caller: Caller,
  body: OtpVerifyBody,
  ctx: RequestContext,
): Promise<Profile> {
  const phone = await checkedPhone(deps, FORMS.otpVerify, body, ctx, caller);
  const ok = await spendCode(codeContext(deps), {
    purpose: "phone-verify",
    target: phone,
    playerId: caller.playerId,
    code: String(body.code),
  });
  if (!ok) throw fieldError("code", text(ctx.locale, "wrongCode"));
  const now = deps.clock.now();
  try {
    const [row] = await deps.db
      .update(players)
      .set({ phone, phoneVerifiedAt: now, updatedAt: now })
      .where(eq(players.id, caller.playerId))
      .returning();
    return toProfile(row!);
  } catch (err) {
    if (uniqueViolation(err)) throw fieldError("phone", text(ctx.locale, "phoneTaken"));
    throw err;
  }
}

/** POST /api/player/otp/email/send: a code to the player's e-mail that confirms a password change. */
export async function sendPasswordChangeCode(
  deps: AccountDeps,
  caller: Caller,
  ctx: RequestContext,
): Promise<CodeSentResponse> {
  const player = await loadPlayer(deps.db, caller.playerId);
  if (!player.email) throw fieldError("email", text(ctx.locale, "noEmail"));
  const target = player.email.toLowerCase();
  await limitCodeSends(deps, ctx, target);
  const code = await issueCode(codeContext(deps), {
    purpose: "password-change",
    target,
    playerId: player.id,
  });
  await sendEmailCode(deps, player.email, code, player.language);
  return { ok: true, expiresIn: CODE_TTL_SECONDS };
}
