import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentProcessor } from "../../providers/payment/port";
import { type DeliverWebhook, SandboxProcessor } from "../../providers/payment/sandbox";

/**
 * The processors by the provider part of a method code. All four are the built-in sandbox in its flavours;
 * a real processor replaces one of them here when its configuration is present.
 */
export function builtInProcessors(o: {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  deliver: DeliverWebhook;
  addressDelayMs?: number;
}): Record<string, SandboxProcessor> {
  const make = (id: string, flavour: "checkout" | "crypto" | "manual") =>
    new SandboxProcessor({ ...o, id, flavour });
  return {
    sandbox: make("sandbox", "checkout"),
    crypto: make("crypto", "crypto"),
    agent: make("agent", "manual"),
    cashagent: make("cashagent", "manual"),
  };
}

export type Processors = Record<string, PaymentProcessor>;
