import { and, eq, isNull, sql } from "drizzle-orm";
import type {
  PasswordChangeBody,
  PasswordConfirmBody,
  PasswordResetBody,
  PasswordResetResponse,
} from "#common/api/player";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { Caller } from "./auth";
import { codeContext, issueLinkToken, spendCode, spendLinkToken } from "./codes";
import type { AccountDeps, RequestContext } from "./context";
import { isCommonPassword } from "./credentials";
import { FORMS, fieldError, str } from "./forms";
import { accountLimits, enforce } from "./limits";
import { sendResetLink } from "./notify";
import { e164Of, sendAccountCode, spendAccountCode } from "./phone-login";
import { findByEmail, loadPlayer } from "./profile";
import { closeSessions } from "./sessions";
import { players } from "./tables";
import { text } from "./texts";

async function commonPasswordError(
  field: string,
  value: unknown,
  errors: Record<string, string[]>,
  locale: string,
) {
  const password = str(value);
  if (password && !errors[field] && (await isCommonPassword(password)))
    errors[field] = [text(locale, "commonPassword")];
}

/**
 * PUT /api/player/passwords. Needs the current password (wrong guesses count like logins) and, when the player
 * has an e-mail, the code POST /otp/email/send mailed there: a stolen session alone cannot lock the owner out.
 * The code is asked for only once everything else is right, so the site mails it only to someone who knows the
 * current password. A phone-only account (no e-mail) changes with the current password. Optionally closes every
 * other session.
 */
export async function changePassword(
  deps: AccountDeps,
  caller: Caller,
  body: PasswordChangeBody,
  ctx: RequestContext,
): Promise<void> {
  const player = await loadPlayer(deps.db, caller.playerId);
  const limits = accountLimits(deps.config);
  await enforce(
    deps,
    ctx.locale,
    [`login:ip:${ctx.ip}`, limits.loginPerIp],
    [`password:player:${player.id}`, limits.loginPerAccount],
  );
  await deps.forms.check(FORMS.passwordChange, body, ctx.locale, async (errors) => {
    await commonPasswordError("newPassword", body.newPassword, errors, ctx.locale);
    if (!errors.currentPassword && !(await verifyPassword(player.passwordHash, String(body.currentPassword))))
      errors.currentPassword = [text(ctx.locale, "wrongCurrentPassword")];
    if (Object.keys(errors).length > 0 || !player.email) return;
    if (!str(body.code)) {
      errors.code = [text(ctx.locale, "codeRequired")];
      return;
    }
    const spent = await spendCode(codeContext(deps), {
      purpose: "password-change",
      target: player.email?.toLowerCase() ?? "",
      playerId: player.id,
      code: String(body.code),
    });
    if (!spent) errors.code = [text(ctx.locale, "wrongCode")];
  });
  await deps.limiter.reset(`password:player:${player.id}`);
  const now = deps.clock.now();
  await deps.db
    .update(players)
    .set({ passwordHash: await hashPassword(String(body.newPassword)), updatedAt: now })
    .where(eq(players.id, player.id));
  if (body.closeOtherSessions === true) await closeSessions(deps, player.id, { except: caller.sessionId });
}

/** Whether a reset form names a phone (an SMS code) rather than an e-mail (a link). */
const byPhone = (body: { phone?: string }) => Boolean(str(body.phone));

/**
 * POST /api/player/passwords/reset: e-mails a reset link when the address is registered, or texts a code when
 * the phone is an account's proven phone (decision 0058); the answer is the same either way (only the rate
 * limit, counted for every address and number, may refuse).
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  body: PasswordResetBody,
  ctx: RequestContext,
): Promise<PasswordResetResponse> {
  if (byPhone(body)) {
    await deps.forms.check(FORMS.phoneCode, body, ctx.locale);
    return sendAccountCode(deps, e164Of(body), "phone-reset", ctx);
  }
  await deps.forms.check(FORMS.passwordReset, body, ctx.locale);
  const email = str(body.email)!.toLowerCase();
  const limits = accountLimits(deps.config);
  await enforce(
    deps,
    ctx.locale,
    [`reset:ip:${ctx.ip}`, limits.resetPerIp],
    [`reset:target:${email}`, limits.resetPerTarget],
  );
  const player = await findByEmail(deps.db, email);
  if (!player?.email) return { ok: true };
  const token = await issueLinkToken(codeContext(deps), {
    purpose: "password-reset",
    target: email,
    playerId: player.id,
  });
  await sendResetLink(deps, player.email, token, player.language);
  return { ok: true };
}

/**
 * POST /api/player/passwords/confirm: sets the new password and closes every session of the player. The link
 * proved the mailbox, so an unconfirmed address it was sent to becomes confirmed. With `phone` and `code`
 * instead of the link, the SMS code of the reset proves the phone (decision 0058).
 */
export async function confirmPasswordReset(
  deps: AccountDeps,
  body: PasswordConfirmBody,
  ctx: RequestContext,
): Promise<void> {
  if (byPhone(body)) return confirmResetByCode(deps, body, ctx);
  await deps.forms.check(FORMS.passwordConfirm, body, ctx.locale, (errors) =>
    commonPasswordError("password", body.password, errors, ctx.locale),
  );
  const now = deps.clock.now();
  const spent = await spendLinkToken(codeContext(deps, now), {
    purpose: "password-reset",
    token: String(body.resetCode),
  });
  if (!spent) throw fieldError("resetCode", text(ctx.locale, "badResetCode"), "invalid_reset_code");
  await deps.db
    .update(players)
    .set({ passwordHash: await hashPassword(String(body.password)), updatedAt: now })
    .where(eq(players.id, spent.playerId));
  await deps.db
    .update(players)
    .set({ emailVerifiedAt: now })
    .where(
      and(
        eq(players.id, spent.playerId),
        sql`lower(${players.email}) = ${spent.target}`,
        isNull(players.emailVerifiedAt),
      ),
    );
  await closeSessions(deps, spent.playerId);
}

/**
 * The phone's way of POST /passwords/confirm: the new password is judged first, so a weak one costs no attempt
 * of the code; a wrong code changes nothing.
 */
async function confirmResetByCode(deps: AccountDeps, body: PasswordConfirmBody, ctx: RequestContext) {
  await deps.forms.check(FORMS.passwordConfirmByCode, body, ctx.locale, (errors) =>
    commonPasswordError("password", body.password, errors, ctx.locale),
  );
  const player = await spendAccountCode(deps, e164Of(body), "phone-reset", String(body.code), ctx);
  await deps.db
    .update(players)
    .set({ passwordHash: await hashPassword(String(body.password)), updatedAt: deps.clock.now() })
    .where(eq(players.id, player.id));
  await closeSessions(deps, player.id);
}
