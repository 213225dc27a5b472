import type { AppDeps } from "../app";
import { bonusDeps, expireBonuses, expireFreespins } from "../modules/bonus";
import { applyDueChanges } from "../modules/limits";
import {
  deliverPending,
  notificationDelivery,
  notificationDeliveryDeps,
  runCampaigns,
} from "../modules/notification";
import { expireUnpaidDeposits, failUnstartedInvoices, paymentDeps } from "../modules/payment";
import { expireQuests, questDeps } from "../modules/quests";
import { payWaitingRewards, referralDeps, shareClosedPeriods } from "../modules/referral";
import { recordDayRates, refreshRates } from "../modules/settings";
import { acceptPendingBets, settleFromFeed, sportsbookDeps, voidDroppedEvents } from "../modules/sportsbook";
import { lastReconciliation } from "../modules/wallet";
import { crashDeps } from "../providers/games/house/crash";
import { recoverCrashBets } from "../providers/games/house/crash/service";
import { recoverHouseRounds } from "../providers/games/house/recovery";
import { JsonRatesFeed } from "../providers/rates/port";
import { type ReconciliationAlerts, runReconciliation } from "./reconciliation";
import type { Job } from "./scheduler";

/** Every scheduled task of the server, built from its dependencies. */
export function serverJobs(deps: AppDeps, log: ReconciliationAlerts["log"]): Job[] {
  const reconcileEveryMs = deps.config.RECONCILE_EVERY_HOURS * 3_600_000;
  const jobs: Job[] = [
    {
      // The books are checked once a period whatever the restarts: each hour the job looks at when the last
      // check ran (across processes, in the database) and runs one when it is due.
      name: "ledger-reconciliation",
      everyMs: Math.min(3_600_000, reconcileEveryMs),
      atStart: true,
      run: async () => {
        const last = await lastReconciliation(deps.db);
        if (last && deps.clock.now().getTime() - last.ranAt.getTime() < reconcileEveryMs) return undefined;
        const problems = await runReconciliation(deps.db, {
          log,
          mailer: deps.mailer,
          operatorEmail: deps.config.OPERATOR_EMAIL,
        });
        return problems.length === 0 ? "the books balance" : undefined;
      },
    },
    {
      // Rounds a failure left half done are closed (recovery.ts); mines and blackjack once their session ended.
      name: "house-round-recovery",
      everyMs: 60_000,
      run: async () => {
        const r = await recoverHouseRounds(deps.games.house, {
          staleMs: 5 * 60_000,
          minesAbandonedMs: deps.config.GAME_SESSION_TTL_MINUTES * 60_000,
        });
        // Crash bets a failure left open in rounds already settled (decision 0034).
        const crash = await recoverCrashBets(crashDeps(deps.games.house, deps.realtime, deps.config), 60_000);
        const total = r.paid + r.refunded + r.cashedOut + r.stood + r.failed + crash.closed + crash.failed;
        return total > 0 ? `recovered ${JSON.stringify({ ...r, crash })}` : undefined;
      },
    },
    {
      // Raised or removed limits whose cooling period is over apply, and ended breaks let players back in
      // (each player's own calls apply theirs at once; this keeps the rest current).
      name: "limit-changes",
      everyMs: 5 * 60_000,
      run: async () => {
        const applied = await applyDueChanges(deps.db, deps.clock.now());
        return applied > 0 ? `applied ${applied} limit changes` : undefined;
      },
    },
    {
      // Bonuses not activated or not wagered in time finish as expired; an active one forfeits its bonus money.
      name: "bonus-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireBonuses(bonusDeps(deps));
        const spins = await expireFreespins(bonusDeps(deps));
        return n + spins > 0 ? `expired ${n} bonuses and ${spins} free-spin packages` : undefined;
      },
    },
    {
      // Running quests whose time is up end (state 6); the player's hub hears of it at once.
      name: "quest-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireQuests(questDeps(deps));
        return n > 0 ? `ended ${n} quests` : undefined;
      },
    },
    {
      // Invoices a crash left unstarted fail, refunding a withdrawal's reservation: no money stays locked.
      name: "unstarted-invoice-expiry",
      everyMs: 5 * 60_000,
      run: async () => {
        const closed = await failUnstartedInvoices(paymentDeps(deps), 5 * 60_000);
        return closed > 0 ? `closed ${closed} unstarted invoices` : undefined;
      },
    },
    {
      // Deposits not paid within DEPOSIT_PENDING_EXPIRY_MINUTES expire: they stop holding the deposit limit
      // (the limits stop counting them at that minute already) and the history no longer shows them pending.
      name: "unpaid-deposit-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireUnpaidDeposits(
          paymentDeps(deps),
          deps.config.DEPOSIT_PENDING_EXPIRY_MINUTES * 60_000,
        );
        return n > 0 ? `expired ${n} unpaid deposits` : undefined;
      },
    },
    {
      // The sandbox processor's webhooks not yet acknowledged: an approval whose process died before its
      // webhook left, or whose delivery failed, is sent again by whichever process runs this, with backoff,
      // until the casino answers 2xx (decision 0040).
      name: "payment-webhook-redelivery",
      everyMs: 1_000,
      atStart: true,
      run: async () => {
        const r = await deps.payments.webhookOutbox?.deliverDue();
        return r && r.delivered + r.failed > 0
          ? `sent ${r.delivered} sandbox webhooks again, ${r.failed} not acknowledged yet`
          : undefined;
      },
    },
    {
      // Messages and pushes a nudge missed (written by another process, or in a transaction still open when it
      // came) go out here; each is claimed before it is sent, so none twice (decision 0016).
      name: "notification-delivery",
      everyMs: 5_000,
      atStart: true,
      run: async () => {
        const r = await deliverPending(
          notificationDeliveryDeps(deps, { warn: (obj, msg) => log.error(obj, msg) }),
        );
        return r.messages + r.pushes > 0 ? `sent ${r.messages} messages and ${r.pushes} pushes` : undefined;
      },
    },
    {
      // Staff campaigns to a segment go on in batches from where they stopped (a crash, a restart, a segment
      // larger than one run): each player is written to once (decision 0029).
      name: "message-campaigns",
      everyMs: 5_000,
      atStart: true,
      run: async () => {
        const r = await runCampaigns({
          db: deps.db,
          config: deps.config,
          clock: deps.clock,
          log: { warn: (obj, msg) => log.error(obj, msg) },
        });
        if (r.written > 0) notificationDelivery(deps).nudge();
        const total = r.written + r.pushed + r.failed;
        return total > 0
          ? `wrote campaigns to ${r.written} players, ${r.pushed} pushes sent, ${r.failed} failed`
          : undefined;
      },
    },
    {
      // Each closed UTC day's revenue share for referrers (decision 0017); each period is credited once.
      name: "referral-revenue-share",
      everyMs: 60 * 60_000,
      atStart: true,
      run: async () => {
        const n = await shareClosedPeriods(referralDeps(deps));
        return n > 0 ? `credited ${n} referral revenue shares` : undefined;
      },
    },
    {
      // First-deposit rewards played through while their referrer was at REFERRAL_MAX_REWARDS_PER_DAY (decision 0017).
      name: "referral-waiting-rewards",
      everyMs: 15 * 60_000,
      atStart: true,
      run: async () => {
        if (!deps.config.REFERRAL_ENABLED) return undefined;
        const n = await payWaitingRewards(referralDeps(deps));
        return n > 0 ? `paid ${n} waiting referral rewards` : undefined;
      },
    },
  ];
  const sportsbook = sportsbookDeps(deps);
  /** When the dropped-events job first missed each event (its memory between runs). */
  const droppedSince = new Map<number, number>();
  if (sportsbook) {
    jobs.push(
      {
        // Live bets whose delay is over are accepted or refused (and refunded) against the prices then.
        name: "sportsbook-live-acceptance",
        everyMs: 1_000,
        run: async () => {
          const n = await acceptPendingBets(sportsbook);
          return n > 0 ? `decided ${n} live bets` : undefined;
        },
      },
      {
        // Results the live subscription missed (a restart, a crash mid-way) are settled here; each bet once.
        name: "sportsbook-settlement",
        everyMs: 30_000,
        atStart: true,
        run: async () => {
          const n = await settleFromFeed(sportsbook);
          return n > 0 ? `settled ${n} bets` : undefined;
        },
      },
      {
        // Open bets on events the feed dropped (a long downtime) are void after a grace period.
        name: "sportsbook-dropped-events",
        everyMs: 5 * 60_000,
        atStart: true,
        run: async () => {
          const n = await voidDroppedEvents(sportsbook, droppedSince);
          return n > 0 ? `voided ${n} bets on events the feed dropped` : undefined;
        },
      },
    );
  }
  jobs.push({
    // Every day keeps the rates it had (reports convert a day's money at that day's rate, decision 0023): the
    // first run of a UTC day copies the current rates into it; a refresh later that day overwrites them.
    name: "currency-rate-days",
    everyMs: 3_600_000,
    atStart: true,
    run: async () => {
      const n = await recordDayRates(deps.db, deps.clock.now());
      return n > 0 ? `recorded ${n} rates of the day` : undefined;
    },
  });
  const ratesUrl = deps.config.RATES_URL;
  if (ratesUrl) {
    const feed = new JsonRatesFeed(ratesUrl);
    jobs.push({
      // A failed refresh keeps the old rates and tries again next time.
      name: "currency-rates",
      everyMs: deps.config.RATES_REFRESH_MINUTES * 60_000,
      atStart: true,
      run: async () =>
        `refreshed ${(await refreshRates(deps.db, feed, deps.cache, deps.clock.now())).length} currencies`,
    });
  }
  return jobs;
}
