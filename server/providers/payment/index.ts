import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type EvmOptions, EvmProcessor } from "./evm";
import { PixClient, type PixConnection } from "./pix/client";
import { PixProcessor } from "./pix/processor";
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

/** The Pix processor's settings (decision 0046), from the PIX_ variables. */
export interface PixSettings {
  connection: PixConnection;
  chave: string;
  refundsEnabled: boolean;
  /** Registered at the PSP by PUT /webhook/{chave}; the PSP appends "/pix" when it calls. */
  webhookUrl: string;
}

/**
 * Builds the configured processors: the sandbox only when PAYMENT_SANDBOX_ENABLED says so, Pix when PIX_API_URL
 * is set, the self-custodied EVM processor (`evm`) when ETH_RPC_URL and ETH_XPUB are set.
 */
export function createPaymentProviders(o: {
  db: Db;
  clock: Clock;
  sandbox: { secret: string } | undefined;
  pix?: PixSettings;
  publicUrl: string;
  deliver: DeliverWebhook;
  evm?: Omit<EvmOptions, "db" | "clock">;
}): PaymentProviders {
  const real: Processors = {
    ...(o.pix ? { pix: pixProcessor(o.db, o.clock, o.pix) } : {}),
    ...(o.evm ? { evm: new EvmProcessor({ ...o.evm, db: o.db, clock: o.clock }) } : {}),
  };
  if (!o.sandbox) return { processors: real, sandboxes: {} };
  const webhookOutbox = new WebhookOutbox({ ...o, secret: o.sandbox.secret });
  const sandboxes = builtInProcessors({ ...o, secret: o.sandbox.secret, outbox: webhookOutbox });
  return { processors: { ...sandboxes, ...real }, sandboxes, webhookOutbox };
}

export function pixProcessor(db: Db, clock: Clock, s: PixSettings): PixProcessor {
  return new PixProcessor({
    db,
    clock,
    client: new PixClient(s.connection, clock),
    chave: s.chave,
    refundsEnabled: s.refundsEnabled,
    webhookUrl: s.webhookUrl,
  });
}

/** The EVM processor's options from the configuration; none unless both the node and the xpub are named. */
export function evmOptionsOf(c: {
  ETH_RPC_URL?: string;
  ETH_XPUB?: string;
  ETH_CONFIRMATIONS: number;
  ETH_USDT_CONTRACT?: string;
  ETH_HOT_WALLET_KEY?: string;
  ETH_CHAIN_ID?: number;
}): Omit<EvmOptions, "db" | "clock"> | undefined {
  if (!c.ETH_RPC_URL || !c.ETH_XPUB) return undefined;
  return {
    rpcUrl: c.ETH_RPC_URL,
    xpub: c.ETH_XPUB,
    confirmations: c.ETH_CONFIRMATIONS,
    usdtContract: c.ETH_USDT_CONTRACT as `0x${string}` | undefined,
    hotWalletKey: c.ETH_HOT_WALLET_KEY as `0x${string}` | undefined,
    chainId: c.ETH_CHAIN_ID,
  };
}
