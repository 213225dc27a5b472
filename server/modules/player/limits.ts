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
  } satisfies Record<string, Limit>;
}

/**
 * Counts one attempt against every given key and refuses with 429 (the one error shape) when any is over its
 * limit. Every key is counted even when an earlier one refuses, so a caller cannot dodge a count.
 */
export async function enforce(
  deps: Pick<AppDeps, "limiter">,
  locale: string,
  checks: [key: string, limit: Limit][],
): Promise<void> {
  const results = await Promise.all(checks.map(([key, limit]) => deps.limiter.hit(key, limit)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return;
  const seconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
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

/** Counts one code sent to `target` (a phone or an e-mail) from the caller's address against the code limits. */
export async function limitCodeSends(
  deps: Pick<AppDeps, "limiter" | "config">,
  ctx: RequestContext,
  target: string,
) {
  const limits = accountLimits(deps.config);
  await enforce(deps, ctx.locale, [
    [`otp:target:${target}`, limits.otpPerTarget],
    [`otp:ip:${ctx.ip}`, limits.otpPerIp],
  ]);
}
