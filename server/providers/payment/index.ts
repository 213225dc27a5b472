import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentProcessor } from "./port";
import { type DeliverWebhook, type SandboxFlavour, type SandboxOptions, SandboxProcessor } from "./sandbox";

export type Processors = Record<string, PaymentProcessor>;

/** The payment processors of this server: by the provider part of a method code, and the sandboxes among them. */
export interface PaymentProviders {
  processors: Processors;
  /** The built-in sandbox in its flavours (hosted checkout page, crypto, agent desks); empty when switched off. */
  sandboxes: Record<string, SandboxProcessor>;
}

/**
 * The processors by the provider part of a method code. All four are the built-in sandbox in its flavours;
 * a real processor replaces one of them here when its configuration is present.
 */
export function builtInProcessors(
  o: Omit<SandboxOptions, "id" | "flavour">,
): Record<string, SandboxProcessor> {
  const make = (id: string, flavour: SandboxFlavour) => new SandboxProcessor({ ...o, id, flavour });
  return {
    sandbox: make("sandbox", "checkout"),
    crypto: make("crypto", "crypto"),
    agent: make("agent", "manual"),
    cashagent: make("cashagent", "manual"),
  };
}

/** Builds the configured processors; the sandbox only when PAYMENT_SANDBOX_ENABLED says so. */
export function createPaymentProviders(o: {
  db: Db;
  clock: Clock;
  sandbox: { secret: string } | undefined;
  publicUrl: string;
  deliver: DeliverWebhook;
}): PaymentProviders {
  const sandboxes = o.sandbox ? builtInProcessors({ ...o, secret: o.sandbox.secret }) : {};
  return { processors: { ...sandboxes }, sandboxes };
}
