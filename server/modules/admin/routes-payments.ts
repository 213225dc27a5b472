import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminPaymentMethodAnswer,
  adminPaymentMethodsAnswer,
  methodLimitBody,
  withdrawalAnswer,
  withdrawalRejectBody,
  withdrawalsAnswer,
  withdrawalsQuery,
} from "#common/api/admin-payments";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import {
  approveWithdrawal,
  catalogueOf,
  listReviewedWithdrawals,
  methodLimitsList,
  paymentDeps,
  rejectWithdrawal,
  setMethodLimit,
} from "../payment";
import { actorOf } from "../staff";

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Payments and risk (decision 0021): the withdrawal review queue and the limits per payment method. */
export function paymentsRoutes(app: App, deps: AppDeps) {
  const payments = paymentDeps(deps);

  app.get(
    "/admin/withdrawals",
    {
      config: { staff: "withdrawals.review" },
      schema: { querystring: withdrawalsQuery, response: { 200: withdrawalsAnswer } },
    },
    async (req) => listReviewedWithdrawals(payments, req.query.review, req.query),
  );
  app.post(
    "/admin/withdrawals/:id/approve",
    {
      config: { staff: "withdrawals.review" },
      schema: { params: idParam, body: z.object({}), response: { 200: withdrawalAnswer } },
    },
    async (req) => ({ data: await approveWithdrawal(payments, actorOf(req), req.params.id) }),
  );
  app.post(
    "/admin/withdrawals/:id/reject",
    {
      config: { staff: "withdrawals.review" },
      schema: { params: idParam, body: withdrawalRejectBody, response: { 200: withdrawalAnswer } },
    },
    async (req) => ({
      data: await rejectWithdrawal(payments, actorOf(req), req.params.id, req.body.reason),
    }),
  );

  app.get(
    "/admin/payment-methods",
    { config: { staff: "payments.methods" }, schema: { response: { 200: adminPaymentMethodsAnswer } } },
    async () => ({ data: await methodLimitsList(deps.db, catalogueOf(payments.processors)) }),
  );
  app.put(
    "/admin/payment-methods/limits",
    {
      config: { staff: "payments.methods" },
      schema: { body: methodLimitBody, response: { 200: adminPaymentMethodAnswer } },
    },
    async (req) => ({
      data: await setMethodLimit(deps.db, catalogueOf(payments.processors), actorOf(req), req.body),
    }),
  );
}
