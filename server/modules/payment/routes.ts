import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paged } from "#common/api/paging";
import { dataOf, idParam } from "#common/api/shared";
import {
  invoice,
  invoiceBody,
  invoiceStatistics,
  invoicesQuery,
  methodsQuery,
  paymentMethodsResponse,
  webhookAnswer,
} from "#common/api/wallet";
import { ApiError } from "../../http/errors";
import { WebhookRejected } from "../../providers/payment/port";
import type { SandboxProcessor } from "../../providers/payment/sandbox";
import { sandboxPage } from "../../providers/payment/sandbox-page";
import { METHOD_GROUPS, type PaymentMethod } from "./catalogue";
import {
  applyWebhook,
  createDeposit,
  createWithdrawal,
  declineInvoice,
  listInvoices,
  listMethods,
  type PaymentDeps,
  invoiceStatistics as statisticsOf,
} from "./invoices";

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
    deps: PaymentDeps & { sandboxes: Record<string, SandboxProcessor>; publicUrl: string },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    for (const direction of ["deposit", "withdrawal"] as const) {
      // A restricted player's withdrawal token (decision 0011) reaches the withdrawal side only.
      const withdrawalScope = direction === "withdrawal";
      app.get(
        `/payment/methods/${direction}`,
        {
          config: { auth: "optional", withdrawalScope },
          schema: { querystring: methodsQuery, response: { 200: paymentMethodsResponse } },
        },
        async (req) => {
          const methods = await listMethods(deps, direction, {
            playerId: req.caller?.playerId,
            currency: req.query.currency,
            country: country(req, req.query.country),
          });
          return groupsOf(methods, req.query.currency);
        },
      );

      app.post(
        `/payment/invoices/${direction}`,
        {
          config: { auth: "player", withdrawalScope },
          schema: { body: invoiceBody, response: { 201: dataOf(invoice) } },
        },
        async (req, reply) => {
          const key = req.headers["idempotency-key"];
          const create = direction === "deposit" ? createDeposit : createWithdrawal;
          const created = await create(deps, req.player.playerId, {
            ...req.body,
            country: country(req),
            requestKey: typeof key === "string" && key.length <= 200 ? key : undefined,
          });
          reply.status(201);
          return { data: created };
        },
      );
    }

    app.get(
      "/payment/invoices",
      {
        config: { auth: "player", withdrawalScope: true },
        schema: { querystring: invoicesQuery, response: { 200: paged(invoice) } },
      },
      async (req) => {
        const q = req.query;
        return listInvoices(deps.db, req.player.playerId, {
          ...q,
          from: q.dateFrom ? new Date(`${q.dateFrom}T00:00:00Z`) : undefined,
          to: q.dateTo ? new Date(`${q.dateTo}T23:59:59.999Z`) : undefined,
        });
      },
    );

    app.get(
      "/payment/invoices/statistics",
      { config: { auth: "player" }, schema: { response: { 200: dataOf(invoiceStatistics) } } },
      async (req) => ({ data: await statisticsOf(deps.db, req.player.playerId) }),
    );

    app.put(
      "/payment/invoices/:id/decline",
      {
        // Cancelling a pending withdrawal gives the money back; cancelling a pending deposit pays nothing in.
        config: { auth: "player", withdrawalScope: true },
        schema: { params: idParam, body: z.object({}), response: { 200: dataOf(invoice) } },
      },
      async (req) => ({ data: await declineInvoice(deps, req.player.playerId, req.params.id) }),
    );

    await app.register(webhookRoutes(deps));
    await app.register(async (scope) => {
      // The hosted page's buttons are plain HTML forms: a browser posts them form-encoded (and empty).
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_req, body, done) => done(null, body),
      );
      await scope.register(sandboxRoutes(deps));
    });
  };

const providerParam = z.object({ provider: z.string().max(40) });

/** Webhooks are verified over the exact bytes the processor signed, so this scope reads bodies raw. */
const webhookRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    // Some processors append a path of their own to the URL they were given (API Pix posts to `<url>/pix`).
    for (const url of ["/payment/webhooks/:provider", "/payment/webhooks/:provider/:kind"])
      app.post(
        url,
        {
          schema: {
            params: providerParam.extend({ kind: z.string().max(40).optional() }),
            body: z
              .string()
              .max(256 * 1024)
              .meta({ description: "the processor's signed JSON, read as sent" }),
            response: { 200: webhookAnswer },
          },
        },
        async (req) => {
          try {
            const result = await applyWebhook(deps, req.params.provider, req.headers, req.body);
            return { received: true as const, applied: result.applied };
          } catch (err) {
            if (err instanceof WebhookRejected) throw new ApiError(401, "webhook_rejected", err.message);
            throw err;
          }
        },
      );
  };

const paymentRef = z.object({ provider: z.string().max(40), ref: z.string().max(100) });

/** The built-in processor's hosted pages (checkout, crypto, agent desk): the third party's, served here. */
const sandboxRoutes =
  (deps: { sandboxes: Record<string, SandboxProcessor>; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const find = async (provider: string, ref: string) => {
      // Own keys only: a provider named like an Object method (valueOf) is no provider.
      const sandbox = Object.hasOwn(deps.sandboxes, provider) ? deps.sandboxes[provider] : undefined;
      const payment = sandbox && (await sandbox.payment(ref));
      if (!sandbox || !payment) throw ApiError.notFound("No such payment");
      return { sandbox, payment };
    };
    app.get(
      "/payment/sandbox/:provider/:ref",
      {
        schema: {
          params: paymentRef,
          response: { 200: z.string().meta({ description: "the hosted payment page (HTML)" }) },
        },
      },
      async (req, reply) => {
        const { payment } = await find(req.params.provider, req.params.ref);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return sandboxPage(payment, {
          action: `/api/payment/sandbox/${req.params.provider}/${req.params.ref}`,
        });
      },
    );
    app.post(
      "/payment/sandbox/:provider/:ref/:outcome",
      {
        schema: {
          params: paymentRef.extend({ outcome: z.string().max(40) }),
          body: z.unknown().meta({ description: "the page's form (no fields)" }),
          response: { 303: z.null().meta({ description: "back to the casino, or to the agent desk" }) },
        },
      },
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
  };
