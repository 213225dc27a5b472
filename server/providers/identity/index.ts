import type { Config } from "../../config";
import type { Clock } from "../../lib/clock";
import type { IdentityVerifier } from "./port";
import { type DeliverIdentityWebhook, SandboxVerifier } from "./sandbox";
import { SumsubVerifier } from "./sumsub";

export type { IdentityVerifier } from "./port";

/** The configured verification service (IDENTITY_VERIFICATION), or undefined when it is off. */
export function createIdentityVerifier(o: {
  config: Config;
  clock: Clock;
  deliver: DeliverIdentityWebhook;
}): IdentityVerifier | undefined {
  const c = o.config;
  if (c.IDENTITY_VERIFICATION === "sumsub")
    return new SumsubVerifier({
      baseUrl: c.SUMSUB_BASE_URL,
      appToken: c.SUMSUB_APP_TOKEN!,
      secretKey: c.SUMSUB_SECRET_KEY!,
      webhookSecret: c.SUMSUB_WEBHOOK_SECRET!,
      levelName: c.SUMSUB_LEVEL_NAME,
      now: () => o.clock.now(),
    });
  if (c.IDENTITY_VERIFICATION === "sandbox")
    return new SandboxVerifier({
      secret: c.IDENTITY_SANDBOX_SECRET,
      clock: o.clock,
      publicUrl: c.publicUrl,
      deliver: o.deliver,
    });
  return undefined;
}
