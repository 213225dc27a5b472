import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { ApiError, parse } from "../../http/errors";
import { WebhookRejected } from "../../providers/payment/port";
import type { SandboxProcessor } from "../../providers/payment/sandbox";
import { sandboxPage } from "../../providers/payment/sandbox-page";
import { METHOD_GROUPS, type PaymentMethod } from "./catalogue";
import {
  applyWebhook,
  createDeposit,
  createWithdrawal,
  declineInvoice,
  invoiceStatistics,
  listInvoices,
  listMethods,
  type PaymentDeps,
} from "./invoices";

/** Resolves the caller's session to a player (401 otherwise); `optional` answers undefined for a guest. */
export interface PlayerAuth {
  required(req: FastifyRequest): Promise<{ playerId: bigint }>;
  optional(req: FastifyRequest): Promise<{ playerId: bigint } | undefined>;
}

const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, "Unknown currency");
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use a two-letter country code");

const methodsQuery = z.object({ currency: currencyCode, country: countryCode.optional() });

const invoiceBody = z.object({
  method: z.string().min(1).max(100),
  amount: z.string().max(60),
  currency: currencyCode,
  customerFields: z.record(z.string(), z.string().max(500)).default({}),
});

const listQuery = z.object({
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(INVOICE_TYPE.deposit), z.literal(INVOICE_TYPE.withdrawal)]))
    .optional(),
  status: z.coerce
    .number()
    .pipe(
      z.union([
        z.literal(INVOICE_STATUS.pending),
        z.literal(INVOICE_STATUS.success),
        z.literal(INVOICE_STATUS.failure),
      ]),
    )
    .optional(),
  currency: currencyCode.optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

const methodView = (m: PaymentMethod, currency: string) => ({
  code: m.code,
  label: m.label,
  icon: m.icon,
  flow: m.flow,
  group: m.group,
  isManualAgent: m.isManualAgent,
  minAmount: m.limits[currency]?.min ?? null,
  maxAmount: m.limits[currency]?.max ?? null,
  customerFields: m.customerFields,
});

/** Groups carry the codes of their methods (spec point 3); `methods` describes each code. */
function groupsOf(methods: PaymentMethod[], currency: string) {
  const data = METHOD_GROUPS.map((g) => ({
    ...g,
    paymentMethods: methods.filter((m) => m.group === g.id).map((m) => m.code),
  })).filter((g) => g.paymentMethods.length > 0);
  // Manual-agent methods first (spec point 3): their group leads.
  data.sort((a, b) => Number(b.id === "agent") - Number(a.id === "agent"));
  return { data, methods: methods.map((m) => methodView(m, currency)) };
}

const country = (req: FastifyRequest, asked?: string) => {
  const value = asked ?? req.clientCountry ?? undefined;
  return value && /^[A-Z]{2}$/.test(value) ? value : undefined;
};

export const paymentRoutes =
  (
    deps: PaymentDeps & { auth: PlayerAuth; sandboxes: Record<string, SandboxProcessor>; publicUrl: string },
  ): FastifyPluginAsync =>
  async (app) => {
    for (const direction of ["deposit", "withdrawal"] as const) {
      app.get(`/payment/methods/${direction}`, async (req) => {
        const q = parse(methodsQuery, req.query);
        const player = await deps.auth.optional(req);
        const methods = await listMethods(deps, direction, {
          playerId: player?.playerId,
          currency: q.currency,
          country: country(req, q.country),
        });
        return groupsOf(methods, q.currency);
      });

      app.post(`/payment/invoices/${direction}`, async (req, reply) => {
        const { playerId } = await deps.auth.required(req);
        const body = parse(invoiceBody, req.body);
        const key = req.headers["idempotency-key"];
        const create = direction === "deposit" ? createDeposit : createWithdrawal;
        const invoice = await create(deps, playerId, {
          ...body,
          country: country(req),
          requestKey: typeof key === "string" && key.length <= 200 ? key : undefined,
        });
        reply.status(201);
        return { data: invoice };
      });
    }

    app.get("/payment/invoices", async (req) => {
      const { playerId } = await deps.auth.required(req);
      const q = parse(listQuery, req.query);
      return listInvoices(deps.db, playerId, {
        ...q,
        from: q.dateFrom ? new Date(`${q.dateFrom}T00:00:00Z`) : undefined,
        to: q.dateTo ? new Date(`${q.dateTo}T23:59:59.999Z`) : undefined,
      });
    });

    app.get("/payment/invoices/statistics", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await invoiceStatistics(deps.db, playerId) };
    });

    app.put<{ Params: { id: string } }>("/payment/invoices/:id/decline", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await declineInvoice(deps, playerId, req.params.id) };
    });

    await app.register(webhookRoutes(deps));
    await app.register(async (scope) => {
      // The hosted page's buttons are plain HTML forms: a browser posts them form-encoded (and empty).
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_req, body, done) => done(null, body),
      );
      sandboxRoutes(scope, deps);
    });
  };

/** Webhooks are verified over the exact bytes the processor signed, so this scope reads bodies raw. */
const webhookRoutes =
  (deps: PaymentDeps): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    app.post<{ Params: { provider: string } }>("/payment/webhooks/:provider", async (req) => {
      try {
        const result = await applyWebhook(deps, req.params.provider, req.headers, String(req.body ?? ""));
        return { received: true, applied: result.applied };
      } catch (err) {
        if (err instanceof WebhookRejected) throw new ApiError(401, "webhook_rejected", err.message);
        throw err;
      }
    });
  };

/** The built-in processor's hosted pages (checkout, crypto, agent desk): the third party's, served here. */
function sandboxRoutes(
  app: FastifyInstance,
  deps: { sandboxes: Record<string, SandboxProcessor>; publicUrl: string },
) {
  const find = async (provider: string, ref: string) => {
    const sandbox = deps.sandboxes[provider];
    const payment = sandbox && (await sandbox.payment(ref));
    if (!sandbox || !payment) throw ApiError.notFound("No such payment");
    return { sandbox, payment };
  };
  app.get<{ Params: { provider: string; ref: string } }>(
    "/payment/sandbox/:provider/:ref",
    async (req, reply) => {
      const { payment } = await find(req.params.provider, req.params.ref);
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      return sandboxPage(payment, {
        action: `/api/payment/sandbox/${req.params.provider}/${req.params.ref}`,
      });
    },
  );
  app.post<{ Params: { provider: string; ref: string; outcome: string } }>(
    "/payment/sandbox/:provider/:ref/:outcome",
    async (req, reply) => {
      const { sandbox, payment } = await find(req.params.provider, req.params.ref);
      const outcome =
        req.params.outcome === "approve"
          ? "approved"
          : req.params.outcome === "decline"
            ? "declined"
            : undefined;
      if (!outcome) throw ApiError.notFound("No such action");
      await sandbox.settle(payment.ref, outcome);
      // A player paying a deposit goes back to the casino, which shows how it went; an agent stays at the desk.
      const back =
        payment.direction === "deposit" && payment.flavour !== "manual"
          ? `${deps.publicUrl}/?deposit-status=${payment.invoiceId}`
          : `/api/payment/sandbox/${req.params.provider}/${payment.ref}`;
      return reply.redirect(back, 303);
    },
  );
}
