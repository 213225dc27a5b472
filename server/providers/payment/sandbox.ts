import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentMethod } from "./methods";
import type { PaymentProcessor, ProcessorEvent, ProcessorInvoice, ProcessorStart } from "./port";
import { WebhookRejected } from "./port";
import { SANDBOX_METHODS } from "./sandbox-methods";
import { sandboxPayments } from "./sandbox-tables";
import { SIGNATURE_HEADER, verifyWebhook } from "./signature";
import { type DeliverWebhook, WebhookOutbox } from "./webhook-outbox";

export type { DeliverWebhook };

/**
 * How a sandbox flavour behaves: `checkout` shows a hosted page the player approves or declines (cards, bank
 * payments); `crypto` first answers with an address and payment URI by webhook, then waits for the "coins";
 * `manual` gives an agent's instructions and waits for the agent (the same page, as the agent's desk).
 */
export type SandboxFlavour = "checkout" | "crypto" | "manual";

export interface SandboxOptions {
  id: string;
  flavour: SandboxFlavour;
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  deliver: DeliverWebhook;
  /** Where its webhooks wait until acknowledged; the flavours share one (one is made when none is given). */
  outbox?: WebhookOutbox;
  /** How long the crypto flavour takes to produce an address (a real network takes a while too). */
  addressDelayMs?: number;
}

const COINS: Record<string, { scheme: string; network: string; address: (h: string) => string }> = {
  BTC: { scheme: "bitcoin", network: "Bitcoin (testnet)", address: (h) => `tb1q${h.slice(0, 38)}` },
  ETH: { scheme: "ethereum", network: "Ethereum (Sepolia)", address: (h) => `0x${h.slice(0, 40)}` },
  USDT: { scheme: "tron", network: "TRON TRC-20 (Nile)", address: (h) => `T${base58(h).slice(0, 33)}` },
  TON: { scheme: "ton", network: "TON (testnet)", address: (h) => `0Q${base58(h).slice(0, 46)}` },
};

function base58(hex: string): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let n = BigInt(`0x${hex}`);
  let out = "";
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out.padStart(50, "1");
}

/** A testnet-looking address derived from the payment's ref, so the same payment always shows the same one. */
export function sandboxAddress(
  currency: string,
  ref: string,
): { address: string; uri: string; network: string } {
  const coin = COINS[currency] ?? COINS.USDT!;
  const hash =
    createHash("sha256").update(ref).digest("hex") + createHash("sha256").update(`${ref}:2`).digest("hex");
  const address = coin.address(hash);
  return { address, uri: `${coin.scheme}:${address}`, network: coin.network };
}

/** The built-in processor: every flow a real one has, with no money and no network. */
export class SandboxProcessor implements PaymentProcessor {
  readonly id: string;
  readonly methods: readonly PaymentMethod[];
  readonly outbox: WebhookOutbox;
  private timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly o: SandboxOptions) {
    this.id = o.id;
    this.methods = SANDBOX_METHODS.filter((m) => m.provider === o.id);
    this.outbox = o.outbox ?? new WebhookOutbox(o);
  }

  checkoutUrl(ref: string): string {
    return `${this.o.publicUrl}/api/payment/sandbox/${this.id}/${ref}`;
  }

  async start(invoice: ProcessorInvoice): Promise<ProcessorStart> {
    const ref = `${this.id}_${randomUUID().replaceAll("-", "")}`;
    await this.o.db.insert(sandboxPayments).values({
      ref,
      flavour: this.o.flavour,
      direction: invoice.direction,
      method: invoice.method,
      invoiceId: invoice.invoiceId,
      amount: invoice.amount,
      currency: invoice.currency,
    });
    if (this.o.flavour === "crypto" && invoice.direction === "deposit") {
      this.later(() => this.sendAddress(ref));
      return { providerRef: ref, publicData: {} };
    }
    if (invoice.direction === "withdrawal") return { providerRef: ref, publicData: {} };
    if (this.o.flavour === "manual") {
      return {
        providerRef: ref,
        publicData: {
          instructions: "An agent will contact you on the phone number you gave to take the payment.",
          checkoutUrl: this.checkoutUrl(ref),
        },
      };
    }
    return { providerRef: ref, publicData: { checkoutUrl: this.checkoutUrl(ref) } };
  }

  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): ProcessorEvent {
    const header = headers[SIGNATURE_HEADER];
    verifyWebhook(this.o.secret, typeof header === "string" ? header : undefined, rawBody, now);
    let body: Partial<ProcessorEvent>;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected("Body is not JSON");
    }
    if (
      typeof body.eventId !== "string" ||
      typeof body.providerRef !== "string" ||
      !["invoice.paid", "invoice.failed", "invoice.data"].includes(body.type as string)
    ) {
      throw new WebhookRejected("Unknown event");
    }
    return body as ProcessorEvent;
  }

  /** The sandbox's own record of a payment, for its hosted page. */
  async payment(ref: string) {
    const [row] = await this.o.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    return row && row.flavour === this.o.flavour
      ? { ...row, amount: normalizeAmount(row.amount) ?? row.amount }
      : undefined;
  }

  /**
   * The player (or the agent, or the blockchain) settles it from the hosted page. Answers false if already
   * settled. The decision and its webhook commit together (decision 0040); the webhook is then sent at once,
   * and again later by any process until the casino acknowledges it.
   */
  async settle(ref: string, outcome: "approved" | "declined"): Promise<boolean> {
    const queued = await this.o.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status: outcome })
        .where(
          and(
            eq(sandboxPayments.ref, ref),
            eq(sandboxPayments.flavour, this.o.flavour),
            inArray(sandboxPayments.status, ["created", "data_sent"]),
          ),
        )
        .returning();
      if (!row) return undefined;
      return {
        id: await this.outbox.add(tx, this.id, {
          eventId: `${ref}:${outcome}`,
          providerRef: ref,
          type: outcome === "approved" ? "invoice.paid" : "invoice.failed",
          ...(outcome === "declined" ? { reason: "Declined at the sandbox checkout" } : {}),
        }),
      };
    });
    if (!queued) return false;
    if (queued.id !== undefined) await this.outbox.send(queued.id);
    return true;
  }

  /** After a restart, addresses that were still being made are made again (the webhook is idempotent). */
  async resume(): Promise<void> {
    if (this.o.flavour !== "crypto") return;
    const waiting = await this.o.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.flavour, "crypto"), eq(sandboxPayments.status, "created")));
    for (const p of waiting) if (p.direction === "deposit") this.later(() => this.sendAddress(p.ref));
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(work: () => Promise<void>) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work().catch(() => undefined);
    }, this.o.addressDelayMs ?? 1500);
    this.timers.add(timer);
  }

  /** The crypto flavour's address, and its webhook in the same transaction (the outbox sends it on). */
  private async sendAddress(ref: string) {
    const row = await this.payment(ref);
    if (row?.status !== "created") return;
    const { address, uri, network } = sandboxAddress(row.currency, ref);
    const id = await this.o.db.transaction(async (tx) => {
      const updated = await tx
        .update(sandboxPayments)
        .set({ status: "data_sent", address })
        .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, "created")))
        .returning();
      if (!updated.length) return undefined;
      return this.outbox.add(tx, this.id, {
        eventId: `${ref}:data`,
        providerRef: ref,
        type: "invoice.data",
        publicData: {
          address,
          network,
          qr: `${uri}?amount=${row.amount}`,
          checkoutUrl: this.checkoutUrl(ref),
        },
      });
    });
    if (id !== undefined) await this.outbox.send(id);
  }
}
