import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app";
import { scheduleRates } from "../../jobs/rates";
import { JsonRatesFeed } from "../../providers/rates/port";
import { optionalPlayer, requirePlayer } from "../player/auth";
import { walletRoutes } from "../wallet/routes";
import { failUnstartedInvoices, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { builtInProcessors } from "./processors";
import { type PlayerAuth, paymentRoutes } from "./routes";

/** The player guard in the shape the money modules take (their ids are bigint, like the ledger's). */
export function moneyAuth(deps: AppDeps): PlayerAuth {
  return {
    required: async (req: FastifyRequest) => ({
      playerId: BigInt((await requirePlayer(deps, req)).playerId),
    }),
    optional: async (req: FastifyRequest) => {
      const caller = await optionalPlayer(deps, req);
      return caller && { playerId: BigInt(caller.playerId) };
    },
  };
}

/**
 * Registers the wallet and payment calls on the API scope. The sandbox processor delivers its webhooks to this
 * same server through `inject` — the real route, signature check and all — as a remote processor would over
 * HTTP. Answers the payment dependencies, for jobs.
 */
export async function registerMoney(api: FastifyInstance, deps: AppDeps): Promise<PaymentDeps> {
  const payment: PaymentDeps = {
    db: deps.db,
    clock: deps.clock,
    publisher: deps.realtime,
    depositLimits: noDepositLimits,
    processors: {},
  };
  const sandboxes = deps.config.paymentSandbox
    ? builtInProcessors({
        db: deps.db,
        clock: deps.clock,
        secret: deps.config.PAYMENT_SANDBOX_SECRET,
        publicUrl: deps.config.publicUrl,
        deliver: async (provider, payload, headers) => {
          const res = await api.inject({
            method: "POST",
            url: `/api/payment/webhooks/${provider}`,
            headers,
            payload,
          });
          if (res.statusCode >= 400) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
        },
      })
    : {};
  payment.processors = sandboxes;
  api.addHook("onClose", async () => {
    for (const s of Object.values(sandboxes)) s.close();
  });
  await Promise.all(Object.values(sandboxes).map((s) => s.resume()));
  // Jobs: close invoices a crash left unstarted (refunding reservations); refresh rates when a feed is set.
  const stopJobs = [
    every(5 * 60_000, () => failUnstartedInvoices(payment, 5 * 60_000)),
    ...(deps.config.RATES_URL
      ? [
          scheduleRates({
            db: deps.db,
            source: new JsonRatesFeed(deps.config.RATES_URL),
            everyMs: deps.config.RATES_REFRESH_MINUTES * 60_000,
            log: (msg) => api.log.info(msg),
            postgres: deps.config.DATABASE_URL !== undefined,
          }),
        ]
      : []),
  ];
  api.addHook("onClose", async () => {
    for (const stop of stopJobs) stop();
  });
  const auth = moneyAuth(deps);
  await api.register(walletRoutes({ db: deps.db, publisher: deps.realtime, auth }));
  await api.register(paymentRoutes({ ...payment, auth, sandboxes, publicUrl: deps.config.publicUrl }));
  return payment;
}

/** Runs `work` every `ms`, quietly (a failed run is retried next time); answers the stop. */
function every(ms: number, work: () => Promise<unknown>): () => void {
  const timer = setInterval(() => void work().catch(() => undefined), ms);
  timer.unref();
  return () => clearInterval(timer);
}
