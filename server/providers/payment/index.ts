import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentProcessor } from "./port";
import { type DeliverWebhook, type SandboxFlavour, type SandboxOptions, SandboxProcessor } from "./sandbox";
import { WebhookOutbox } from "./webhook-outbox";

export type Processors = Record<string, PaymentProcessor>;

/** The payment processors of this server: by the provider part of a method code, and the sandboxes among them. */
export interface PaymentProviders {
  processors: Processors;
  /** The built-in sandbox in its flavours (hosted checkout page, crypto, agent desks); empty when switched off. */
  sandboxes: Record<string, SandboxProcessor>;
  /**
   * The sandbox's webhooks not yet acknowledged (decision 0040): a job sends the due ones every second. Absent
   * when the sandbox is off: a real processor retries its own webhooks.
   */
  webhookOutbox?: WebhookOutbox;
}

/**
 * The processors by the provider part of a method code. All four are the built-in sandbox in its flavours;
 * a real processor replaces one of them here when its configuration is present.
 */
export function builtInProcessors(
  o: Omit<SandboxOptions, "id" | "flavour">,
): Record<string, SandboxProcessor> {
  // One outbox for the four: one queue to deliver, each event naming its processor.
  const outbox = o.outbox ?? new WebhookOutbox(o);
  const make = (id: string, flavour: SandboxFlavour) => new SandboxProcessor({ ...o, outbox, id, flavour });
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
  if (!o.sandbox) return { processors: {}, sandboxes: {} };
  const webhookOutbox = new WebhookOutbox({ ...o, secret: o.sandbox.secret });
  const sandboxes = builtInProcessors({ ...o, secret: o.sandbox.secret, outbox: webhookOutbox });
  return { processors: { ...sandboxes }, sandboxes, webhookOutbox };
}
