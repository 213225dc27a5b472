import { randomBytes } from "node:crypto";
import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { fromUnits, normalizeAmount, toUnits } from "#common/money";
import type { Db } from "../../../db/client";
import { ApiError } from "../../../http/errors";
import type { Job } from "../../../jobs/scheduler";
import type { Clock } from "../../../lib/clock";
import { bothWays, each, method, type PaymentMethod } from "../methods";
import type {
  ApplyProcessorEvent,
  PaymentProcessor,
  ProcessorEvent,
  ProcessorInvoice,
  ProcessorStart,
} from "../port";
import { WebhookRejected } from "../port";
import { readBrCode } from "./brcode";
import { PixApiError, type PixClient } from "./client";
import { pixCharges, pixReceived, pixRefunds } from "./tables";

export interface PixOptions {
  db: Db;
  clock: Clock;
  client: PixClient;
  /** The receiving Pix key ("chave") the charges are made to. */
  chave: string;
  /** Whether withdrawals are offered: as devoluções of Pix the player paid in, when the PSP allows them. */
  refundsEnabled: boolean;
  /** Our webhook URL, registered at the PSP for the key (the PSP appends "/pix"); unset: not registered by us. */
  webhookUrl?: string;
  /** Seconds a charge may be paid (calendario.expiracao). */
  chargeSeconds?: number;
  /** How far back reconciliation lists received Pix each run. */
  reconcileWindowMs?: number;
  /** Pix per page of the listing (paginacao.itensPorPagina, at most 1000). */
  reconcilePageSize?: number;
}

/** The API Pix shapes we read (openapi.yaml of bacen/pix-api: Pix, Devolucao, CobGerada, PixConsultados). */
interface Devolucao {
  id: string;
  valor: string;
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}
interface Pix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  devolucoes?: Devolucao[];
}

const E2EID = /^[a-zA-Z0-9]{32}$/;
/** A Pix may be returned by devolução for 90 days after it was received (the Pix regulation). */
const REFUNDABLE_MS = 90 * 24 * 3600_000;
const VALOR = /^\d{1,10}\.\d{2}$/;

/** BRL has centavos: API Pix takes "\d{1,10}.\d{2}". */
export function valorOf(amount: string): string {
  const units = toUnits(amount);
  const cent = toUnits("0.01")!;
  if (units === undefined || units <= 0n || units % cent !== 0n)
    throw new Error(`not a BRL amount: ${amount}`);
  const cents = units / cent;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

/** The methods: deposits always; withdrawals only where the operator's PSP makes devoluções (PIX_REFUNDS_ENABLED). */
export function pixMethods(refundsEnabled: boolean): PaymentMethod[] {
  const shared = {
    group: "instant",
    label: "PIX",
    icon: "pix" as const,
    // Like a crypto address: a code the player takes to their bank, shown as a QR code.
    flow: "crypto" as const,
    currencies: ["BRL"],
    countries: ["BR"],
    customerFields: ["firstName" as const, "lastName" as const, "identify_doc_number" as const],
  };
  if (!refundsEnabled)
    return [method("pix.deposit.pix", { ...shared, limits: each(["BRL"], "10", "50000") })];
  return bothWays(
    "pix.pix",
    shared,
    { limits: each(["BRL"], "10", "50000") },
    { limits: each(["BRL"], "20", "50000") },
  );
}

/**
 * A real Pix processor speaking the central bank's API Pix to the operator's PSP: a deposit is an immediate
 * charge (`cob`) the player pays by QR code or copy-paste code; the webhook (and, for a lost one, the listing
 * of received Pix) tells what arrived, each Pix confirmed by GET /pix/{e2eid} before it counts; a withdrawal is
 * a devolução of a Pix the player paid in (decision 0046).
 */
export class PixProcessor implements PaymentProcessor {
  readonly id = "pix";
  readonly methods: readonly PaymentMethod[];

  constructor(private readonly o: PixOptions) {
    this.methods = pixMethods(o.refundsEnabled);
  }

  /** Registers our webhook URL for the key (PUT /webhook/{chave}); the PSP appends "/pix" when it calls. */
  async registerWebhook(webhookUrl: string): Promise<void> {
    const res = await this.o.client.call("PUT", `/webhook/${encodeURIComponent(this.o.chave)}`, {
      webhookUrl,
    });
    if (res.status < 200 || res.status >= 300) throw new PixApiError(res.status, res.body, "PUT /webhook");
  }

  start(invoice: ProcessorInvoice): Promise<ProcessorStart> {
    return invoice.direction === "deposit" ? this.charge(invoice) : this.refund(invoice);
  }

  /**
   * PUT /cob/{txid} with a txid of ours (26–35 letters and digits), written down first: whatever the PSP later
   * says about that txid, by webhook or listing, we know whose it is.
   */
  private async charge(invoice: ProcessorInvoice): Promise<ProcessorStart> {
    const txid = `LH${invoice.invoiceId}x${randomBytes(16).toString("hex")}`.slice(0, 35);
    await this.o.db.insert(pixCharges).values({
      txid,
      invoiceId: invoice.invoiceId,
      playerId: invoice.playerId,
      amount: invoice.amount,
    });
    const cpf = invoice.customerFields.identify_doc_number?.replace(/\D/g, "");
    const name = [invoice.customerFields.firstName, invoice.customerFields.lastName]
      .filter(Boolean)
      .join(" ");
    const res = await this.o.client.call("PUT", `/cob/${txid}`, {
      calendario: { expiracao: this.o.chargeSeconds ?? 3600 },
      ...(cpf && /^\d{11}$/.test(cpf) && name ? { devedor: { cpf, nome: name.slice(0, 200) } } : {}),
      valor: { original: valorOf(invoice.amount) },
      chave: this.o.chave,
      solicitacaoPagador: `Lucky Harbor deposit ${invoice.invoiceId}`,
    });
    const cob = res.body as { txid?: string; pixCopiaECola?: string; location?: string; status?: string };
    if (res.status !== 201 || cob?.txid !== txid) throw new PixApiError(res.status, res.body, "PUT /cob");
    // A code that does not read as a BR Code would leave the player with nothing to pay: refuse it here.
    if (!cob.pixCopiaECola || !readBrCode(cob.pixCopiaECola))
      throw new PixApiError(res.status, res.body, "PUT /cob (pixCopiaECola is not a valid BR Code)");
    return {
      providerRef: txid,
      publicData: {
        // The QR code carries the BR Code itself; the same text is the "copia e cola" code.
        qr: cob.pixCopiaECola,
        address: cob.pixCopiaECola,
        // The site tells the player, in their language, to pay it from their bank's app.
        network: "Pix",
      },
    };
  }

  /**
   * A withdrawal returns a Pix the player paid in (a devolução): one Pix per withdrawal, the newest received in
   * the last 90 days that still has the amount unreturned (devoluções of a Pix are limited to its value).
   * The devolução is written before it is asked, under a lock on the player's received Pix, so two withdrawals
   * cannot both count the same money.
   */
  private async refund(invoice: ProcessorInvoice): Promise<ProcessorStart> {
    if (!this.o.refundsEnabled)
      throw new ApiError(503, "method_unavailable", "Pix withdrawals are not available right now");
    const id = `LHW${invoice.invoiceId}`.slice(0, 35);
    const chosen = await this.o.db.transaction(async (tx) => {
      const [already] = await tx.select().from(pixRefunds).where(eq(pixRefunds.id, id));
      if (already) return already;
      const received = await tx
        .select()
        .from(pixReceived)
        .where(
          and(
            eq(pixReceived.playerId, invoice.playerId),
            gte(pixReceived.receivedAt, new Date(this.o.clock.now().getTime() - REFUNDABLE_MS)),
          ),
        )
        .orderBy(desc(pixReceived.receivedAt))
        .for("update");
      const returned = received.length
        ? await tx
            .select({ e2eid: pixRefunds.e2eid, amount: sql<string>`sum(${pixRefunds.amount})` })
            .from(pixRefunds)
            .where(
              and(
                inArray(
                  pixRefunds.e2eid,
                  received.map((r) => r.e2eid),
                ),
                ne(pixRefunds.status, "NAO_REALIZADO"),
              ),
            )
            .groupBy(pixRefunds.e2eid)
        : [];
      const back = new Map(returned.map((r) => [r.e2eid, toUnits(r.amount) ?? 0n]));
      const left = received.map((r) => ({
        e2eid: r.e2eid,
        units: (toUnits(r.amount) ?? 0n) - (back.get(r.e2eid) ?? 0n),
      }));
      const want = toUnits(invoice.amount)!;
      const pix = left.find((l) => l.units >= want);
      if (!pix) {
        const largest = left.reduce((m, l) => (l.units > m ? l.units : m), 0n);
        throw new ApiError(
          422,
          "pix_refund_exceeds_paid_in",
          largest > 0n
            ? `A Pix withdrawal returns a Pix you paid in: at most ${normalizeAmount(fromUnits(largest))} BRL in one withdrawal`
            : "A Pix withdrawal returns a Pix you paid in, and there is none left to return",
          { amount: [`at most ${normalizeAmount(fromUnits(largest))}`] },
        );
      }
      const [row] = await tx
        .insert(pixRefunds)
        .values({
          id,
          e2eid: pix.e2eid,
          invoiceId: invoice.invoiceId,
          playerId: invoice.playerId,
          amount: invoice.amount,
        })
        .returning();
      return row!;
    });
    const { refused } = await this.askRefund(chosen.e2eid, chosen.id, normalizeAmount(chosen.amount)!);
    if (refused) throw new ApiError(422, "pix_refund_refused", refused);
    return { providerRef: id, publicData: {} };
  }

  /**
   * PUT /pix/{e2eid}/devolucao/{id}. A refusal (4xx) is final: the devolução is marked NAO_REALIZADO and its
   * reason answered, for the withdrawal to fail (refunding the reservation). A lost answer (network, 5xx) is
   * not: the devolução may exist, so it stays EM_PROCESSAMENTO and the status job asks again (the PUT is
   * idempotent by its id).
   */
  private async askRefund(e2eid: string, id: string, amount: string): Promise<{ refused?: string }> {
    let res: Awaited<ReturnType<PixClient["call"]>>;
    try {
      res = await this.o.client.call("PUT", `/pix/${e2eid}/devolucao/${id}`, {
        valor: valorOf(amount),
        natureza: "ORIGINAL",
        descricao: "Lucky Harbor withdrawal",
      });
    } catch {
      return {};
    }
    if (res.status === 201 || res.status >= 500) return {};
    await this.o.db.update(pixRefunds).set({ status: "NAO_REALIZADO" }).where(eq(pixRefunds.id, id));
    const b = res.body as { detail?: string; title?: string } | undefined;
    return { refused: `The bank refused to return the Pix: ${b?.detail ?? b?.title ?? res.status}` };
  }

  /**
   * A notification `{ "pix": [...] }`. Nothing in it is believed: each Pix is fetched from the PSP over mTLS
   * (GET /pix/{e2eid}) and only the PSP's answer becomes events, so a forged or replayed notification can at
   * most make us look up a real Pix again (decision 0046).
   */
  async readWebhook(
    _headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<ProcessorEvent[]> {
    let body: { pix?: { endToEndId?: unknown }[] };
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected("Body is not JSON");
    }
    if (!Array.isArray(body?.pix) || body.pix.length > 1000)
      throw new WebhookRejected("Not a Pix notification");
    const ids = [...new Set(body.pix.map((p) => p?.endToEndId))];
    if (!ids.every((e): e is string => typeof e === "string" && E2EID.test(e)))
      throw new WebhookRejected("A Pix without a valid endToEndId");
    const events: ProcessorEvent[] = [];
    for (const e2eid of ids) {
      const pix = await this.confirmedPix(e2eid);
      if (pix) events.push(...(await this.eventsOf(pix)));
    }
    return events;
  }

  /** The PSP's own record of a Pix; undefined when it knows none (a forged id). */
  private async confirmedPix(e2eid: string): Promise<Pix | undefined> {
    const res = await this.o.client.call("GET", `/pix/${e2eid}`);
    if (res.status === 404) return undefined;
    const pix = res.body as Pix;
    if (res.status !== 200 || pix?.endToEndId !== e2eid || !VALOR.test(pix.valor ?? ""))
      throw new PixApiError(res.status, res.body, "GET /pix/{e2eid}");
    return pix;
  }

  /**
   * What a confirmed Pix means for us: paid for one of our charges (it is recorded as the player's, to be
   * returned later if they withdraw), and any of our devoluções of it that reached a final status.
   */
  private async eventsOf(pix: Pix): Promise<ProcessorEvent[]> {
    const events: ProcessorEvent[] = [];
    const [charge] = pix.txid
      ? await this.o.db.select().from(pixCharges).where(eq(pixCharges.txid, pix.txid))
      : [];
    if (charge) {
      await this.o.db
        .insert(pixReceived)
        .values({
          e2eid: pix.endToEndId,
          txid: charge.txid,
          playerId: charge.playerId,
          amount: pix.valor,
          receivedAt: new Date(pix.horario),
        })
        .onConflictDoNothing();
      events.push({
        eventId: `pix:${pix.endToEndId}`,
        providerRef: charge.txid,
        type: "invoice.paid",
        amount: pix.valor,
      });
    }
    for (const d of pix.devolucoes ?? []) {
      const event = await this.refundEvent(d);
      if (event) events.push(event);
    }
    return events;
  }

  /** A devolução of ours at a final status: the withdrawal it carries succeeds or fails. */
  private async refundEvent(d: Devolucao): Promise<ProcessorEvent | undefined> {
    if (d.status !== "DEVOLVIDO" && d.status !== "NAO_REALIZADO") return undefined;
    const [ours] = await this.o.db.select().from(pixRefunds).where(eq(pixRefunds.id, d.id));
    if (!ours) return undefined;
    // Recorded at once: a NAO_REALIZADO devolução no longer holds the Pix's money, so it can be withdrawn again.
    if (ours.status !== d.status)
      await this.o.db.update(pixRefunds).set({ status: d.status }).where(eq(pixRefunds.id, d.id));
    return d.status === "DEVOLVIDO"
      ? { eventId: `devolucao:${d.id}:DEVOLVIDO`, providerRef: d.id, type: "invoice.paid" }
      : {
          eventId: `devolucao:${d.id}:NAO_REALIZADO`,
          providerRef: d.id,
          type: "invoice.failed",
          reason: `The bank could not return the Pix${d.motivo ? `: ${d.motivo}` : ""}`,
        };
  }

  /**
   * Lists the Pix received in the recent window (GET /pix, page by page) and applies what a lost webhook
   * missed; applying is once per event id, so a webhook arriving later changes nothing. Answers how many
   * events applied.
   */
  async reconcile(apply: ApplyProcessorEvent): Promise<number> {
    const fim = this.o.clock.now();
    const inicio = new Date(fim.getTime() - (this.o.reconcileWindowMs ?? 24 * 3600_000));
    let applied = 0;
    for (let page = 0; ; page++) {
      const q = new URLSearchParams({
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        txIdPresente: "true",
        "paginacao.paginaAtual": String(page),
        "paginacao.itensPorPagina": String(this.o.reconcilePageSize ?? 100),
      });
      const res = await this.o.client.call("GET", `/pix?${q}`);
      const list = res.body as { pix?: Pix[]; parametros?: { paginacao?: { quantidadeDePaginas?: number } } };
      if (res.status !== 200 || !Array.isArray(list?.pix))
        throw new PixApiError(res.status, res.body, "GET /pix");
      for (const pix of list.pix) {
        if (!E2EID.test(pix.endToEndId ?? "") || !VALOR.test(pix.valor ?? "")) continue;
        for (const event of await this.eventsOf(pix)) if ((await apply(event)).applied) applied++;
      }
      if (page + 1 >= (list.parametros?.paginacao?.quantidadeDePaginas ?? 1)) break;
    }
    return applied;
  }

  /**
   * Asks the PSP about each devolução still in processing (GET /pix/{e2eid}/devolucao/{id}); one it does not
   * know (our PUT's answer was lost before it arrived) is asked again. Answers how many settled.
   */
  async followRefunds(apply: ApplyProcessorEvent): Promise<number> {
    const open = await this.o.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.status, "EM_PROCESSAMENTO"))
      .limit(200);
    let settled = 0;
    for (const r of open) {
      const res = await this.o.client.call("GET", `/pix/${r.e2eid}/devolucao/${r.id}`);
      if (res.status === 404) {
        const { refused } = await this.askRefund(r.e2eid, r.id, normalizeAmount(r.amount)!);
        const failed = {
          eventId: `devolucao:${r.id}:NAO_REALIZADO`,
          providerRef: r.id,
          type: "invoice.failed" as const,
        };
        if (refused && (await apply({ ...failed, reason: refused })).applied) settled++;
        continue;
      }
      if (res.status !== 200) throw new PixApiError(res.status, res.body, "GET /pix/{e2eid}/devolucao/{id}");
      const event = await this.refundEvent(res.body as Devolucao);
      if (event && (await apply(event)).applied) settled++;
    }
    return settled;
  }

  jobs(apply: ApplyProcessorEvent): Job[] {
    const webhookUrl = this.o.webhookUrl;
    return [
      ...(webhookUrl
        ? [
            {
              // PUT /webhook/{chave} is idempotent: registered at start, and again now and then in case the PSP
              // dropped it (it may remove a webhook unilaterally).
              name: "pix-webhook-registration",
              everyMs: 6 * 3600_000,
              atStart: true,
              run: async () => {
                await this.registerWebhook(webhookUrl);
                return undefined;
              },
            },
          ]
        : []),
      {
        // A webhook may be lost (our downtime, the PSP's retries given up): the listing of received Pix is the truth.
        name: "pix-reconciliation",
        everyMs: 5 * 60_000,
        run: async () => {
          const n = await this.reconcile(apply);
          return n > 0 ? `credited ${n} Pix the webhook had not brought` : undefined;
        },
      },
      {
        name: "pix-devolucao-status",
        everyMs: 30_000,
        run: async () => {
          const n = await this.followRefunds(apply);
          return n > 0 ? `settled ${n} Pix withdrawals by their devolução's status` : undefined;
        },
      },
    ];
  }

  close(): void {
    this.o.client.close();
  }
}
