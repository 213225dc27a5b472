import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import { codeContext, issueLinkToken, spendLinkToken } from "./codes";
import type { RequestContext } from "./context";
import { fieldError } from "./forms";
import { accountLimits, enforce } from "./limits";
import { sendVerifyLink } from "./notify";
import { loadPlayer, type PlayerRow } from "./profile";
import { players } from "./tables";
import { text } from "./texts";

type Deps = Pick<AppDeps, "db" | "clock" | "config" | "mailer" | "limiter">;

/** E-mails a verification link for the player's current address (24 hours, single use). */
export async function sendVerification(deps: Deps, player: PlayerRow, ctx: RequestContext): Promise<void> {
  if (!player.email) throw fieldError("email", text(ctx.locale, "noEmail"));
  if (player.emailVerifiedAt)
    throw new ApiError(422, "already_verified", text(ctx.locale, "alreadyVerified"));
  const target = player.email.toLowerCase();
  const limits = accountLimits(deps.config);
  await enforce(
    deps,
    ctx.locale,
    [`otp:ip:${ctx.ip}`, limits.otpPerIp],
    [`otp:target:${target}`, limits.otpPerTarget],
  );
  await sendVerifyLinkFor(deps, player);
}

/** Issues and sends the link without limits: used right after a registration. */
export async function sendVerifyLinkFor(deps: Omit<Deps, "limiter">, player: PlayerRow): Promise<void> {
  if (!player.email) return;
  const token = await issueLinkToken(codeContext(deps), {
    purpose: "email-verify",
    target: player.email.toLowerCase(),
    playerId: player.id,
  });
  await sendVerifyLink(deps, player.email, token, player.language);
}

export async function sendVerificationTo(deps: Deps, playerId: bigint, ctx: RequestContext) {
  await sendVerification(deps, await loadPlayer(deps.db, playerId), ctx);
}

/**
 * Confirms the address a link was sent to. The link itself proves the mailbox, so no login is needed; a link
 * for an address the player has since changed confirms nothing.
 */
export async function confirmVerification(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  code: string,
  ctx: Pick<RequestContext, "locale">,
  callerId?: bigint,
): Promise<void> {
  const now = deps.clock.now();
  const spent = await spendLinkToken(codeContext(deps, now), { purpose: "email-verify", token: code });
  const refuse = () => fieldError("code", text(ctx.locale, "wrongCode"));
  if (!spent || (callerId !== undefined && callerId !== spent.playerId)) throw refuse();
  const updated = await deps.db
    .update(players)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(
      and(
        eq(players.id, spent.playerId),
        sql`lower(${players.email}) = ${spent.target}`,
        isNull(players.emailVerifiedAt),
      ),
    )
    .returning({ id: players.id });
  if (updated.length === 0) {
    const p = await loadPlayer(deps.db, spent.playerId);
    if (p.email?.toLowerCase() !== spent.target) throw refuse();
  }
}
