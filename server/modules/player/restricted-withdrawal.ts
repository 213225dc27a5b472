import type { LoginBody, WithdrawalSessionResponse } from "#common/api/player";
import { ApiError } from "../../http/errors";
import { signWithdrawalToken } from "./access-token";
import { accountBlocked } from "./auth";
import type { AccountDeps, RequestContext } from "./context";
import { checkCredentials } from "./login";
import { runningRestriction } from "./restrictions";
import { isLockedOut } from "./sessions";

/**
 * A withdrawal token lives 15 minutes, like an access token, and is never refreshed: there is no session
 * behind it, and the player still has the form's credentials to ask again.
 */
export const WITHDRAWAL_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * POST /api/player/restricted-withdrawal/session (decision 0011). RTS lets a self-excluded player take their
 * money back, not play: the login's credentials, checked exactly as a login checks them (same count, same
 * answers), earn a token that only the routes of a withdrawal take, and no session. Only a player whose own
 * restriction runs gets one; a blocked account is refused as at login, and an active player is told to log in.
 */
export async function openWithdrawalSession(
  deps: AccountDeps,
  body: LoginBody,
  ctx: RequestContext,
): Promise<WithdrawalSessionResponse> {
  const player = await checkCredentials(deps, body, ctx);
  if (isLockedOut(player.status)) throw accountBlocked();
  const now = deps.clock.now();
  const restriction = await runningRestriction(deps.db, player.id, now);
  if (!restriction)
    throw new ApiError(409, "not_restricted", "Your account is not restricted: log in as usual to withdraw");
  const accessToken = await signWithdrawalToken(
    deps.config.JWT_SECRET,
    { playerId: String(player.id) },
    { now, ttlSeconds: WITHDRAWAL_TOKEN_TTL_SECONDS },
  );
  deps.log.info({ playerId: String(player.id) }, "withdrawal token issued to a restricted player");
  return {
    accessToken,
    expiresIn: WITHDRAWAL_TOKEN_TTL_SECONDS,
    restriction: {
      code: restriction.code,
      until: restriction.until?.toISOString() ?? null,
      message: restriction.message,
    },
  };
}
