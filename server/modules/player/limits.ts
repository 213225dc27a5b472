import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import type { Limit } from "../../lib/rate-limit";
import type { RequestContext } from "./context";
import { text } from "./texts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The windows of the accounts' rate limits; the counts come from the configuration (README). */
export function accountLimits(config: AppDeps["config"]) {
  return {
    loginPerAccount: { max: config.LOGIN_RATE_LIMIT_PER_ACCOUNT, windowSeconds: 15 * MINUTE },
    loginPerIp: { max: config.LOGIN_RATE_LIMIT_PER_IP, windowSeconds: 15 * MINUTE },
    registerPerIp: { max: config.REGISTER_RATE_LIMIT_PER_IP, windowSeconds: HOUR },
    otpPerTarget: { max: config.OTP_RATE_LIMIT_PER_TARGET, windowSeconds: HOUR },
    otpPerIp: { max: config.OTP_RATE_LIMIT_PER_IP, windowSeconds: HOUR },
    resetPerTarget: { max: config.RESET_RATE_LIMIT_PER_TARGET, windowSeconds: HOUR },
    resetPerIp: { max: config.RESET_RATE_LIMIT_PER_IP, windowSeconds: HOUR },
    profilePerPlayer: { max: config.PROFILE_RATE_LIMIT_PER_PLAYER, windowSeconds: HOUR },
    profilePerIp: { max: config.PROFILE_RATE_LIMIT_PER_IP, windowSeconds: HOUR },
  } satisfies Record<string, Limit>;
}

type Check = [key: string, limit: Limit];

/**
 * Counts one attempt against the caller's address first, then against each other key (an account, a phone, an
 * address mailed), and refuses with 429 (the one error shape) at the first one over its limit. An address that
 * is refused stops there: its attempts count nowhere else, so one address cannot fill the per-account counters
 * (or lock someone else's account) once it is stopped, and a refused call costs one counter (decision 0038).
 * Keys are hashed by the limiter, so what a caller typed never sizes a key.
 */
export async function enforce(
  deps: Pick<AppDeps, "limiter">,
  locale: string,
  perIp: Check,
  ...others: Check[]
): Promise<void> {
  for (const [key, limit] of [perIp, ...others]) {
    const hit = await deps.limiter.hit(key, limit);
    if (hit.allowed) continue;
    const seconds = hit.retryAfterSeconds;
    throw new ApiError(
      429,
      "too_many_requests",
      text(locale, "tooMany", { seconds }),
      {},
      {
        "retry-after": String(seconds),
      },
    );
  }
}

/** Counts one code sent to `target` (a phone or an e-mail) from the caller's address against the code limits. */
export async function limitCodeSends(
  deps: Pick<AppDeps, "limiter" | "config">,
  ctx: RequestContext,
  target: string,
) {
  const limits = accountLimits(deps.config);
  await enforce(
    deps,
    ctx.locale,
    [`otp:ip:${ctx.ip}`, limits.otpPerIp],
    [`otp:target:${target}`, limits.otpPerTarget],
  );
}

/**
 * Counts one change of a player's e-mail or phone (its answer says whether another player holds the address)
 * from the caller's address, then for the player, against the profile limits.
 */
export async function limitContactChanges(
  deps: Pick<AppDeps, "limiter" | "config">,
  ctx: RequestContext,
  playerId: bigint,
) {
  const limits = accountLimits(deps.config);
  await enforce(
    deps,
    ctx.locale,
    [`profile:ip:${ctx.ip}`, limits.profilePerIp],
    [`profile:player:${playerId}`, limits.profilePerPlayer],
  );
}
