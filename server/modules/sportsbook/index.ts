import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import type { Publisher } from "../../realtime/publisher";
import { stakeLimits } from "../limits";
import type { SportsbookBonuses } from "./bonus-port";
import { TRADING_SCOPE, tradingBook } from "./book";
import { betRulesOf, type SportsbookDeps } from "./deps";
import { jobsOfSportsbook } from "./jobs";
import { publishFeedChanges } from "./live";
import { catalogueNames } from "./names";
import { sportsbookRoutes } from "./routes";
import { settleEvent } from "./settlement";
import { sportsbookCaller } from "./token";

export type { SportsbookBonuses } from "./bonus-port";
export { altenarDataRoutes, sportCatalogue, sportCatalogueModule } from "./catalogue";

/** The sportsbook's ports (docs/architecture.md), filled in server/app.ts. */
export interface SportsbookPorts {
  bonuses: SportsbookBonuses;
}
export type { SportNames } from "./names";
export { catalogueNames } from "./names";
export { sportOfBet } from "./report-queries";

/**
 * How often each process re-reads the traders' holds and results besides the announcements. Only a backstop: an
 * announcement is lost when publishing to Redis fails at the moment of the change (the change is committed, the
 * other processes' subscriptions may still be up, so their reconnect re-read does not happen); pub/sub delivers
 * at most once.
 */
const TRADING_BACKSTOP_MS = 60_000;

/**
 * What the bet engine runs on, or undefined when the sportsbook is switched off (no odds feed given). The bonus
 * rules come through the SportsbookBonuses port (server/app.ts fills it), never by importing the bonus module.
 */
export function sportsbookDeps(deps: AppDeps): SportsbookDeps | undefined {
  if (!deps.oddsFeed) return undefined;
  const { bonuses } = deps.sportsbookPorts;
  return {
    db: deps.db,
    clock: deps.clock,
    publisher: deps.realtime,
    feed: tradingBook(deps.oddsFeed),
    betLimits: bonuses.withMaxBet(stakeLimits(deps.clock)),
    bonuses,
    rules: betRulesOf(deps.config),
    names: deps.sportNames ?? catalogueNames(),
    cache: deps.cache,
  };
}

/**
 * The built-in sportsbook's bet engine (decision 0012): events and prices from the odds feed, bets on the
 * ledger, settlement from the feed's results, cash-out; the feed's changes go out on the public sport channels.
 * Without a feed the sportsbook answers as switched off, and players' past bets still read.
 */
export const sportsbookModule: ApiModule = async (api, deps) => {
  const engine = sportsbookDeps(deps);
  if (engine) {
    // Every process runs the feed and tells its own visitors of its changes (not through Redis, or each visitor
    // would hear every change once per process). Results settle at once here; the settlement job (server/jobs)
    // catches whatever a restart missed, and each bet settles once whichever process gets there first.
    const here: Publisher = {
      publish: async (channel, event) => deps.realtime.hub.publishHere(channel, event),
    };
    const stop = publishFeedChanges(engine.feed, here, engine.names, (u) => {
      settleEvent(engine, u.eventId).catch((err) =>
        api.log.error({ err }, `settling event ${u.eventId} failed`),
      );
    });
    // The traders' holds and results (decision 0022): read now, and again whenever a trader's change is
    // announced (by this process or, through Redis, by another; also when the Redis subscription reconnects),
    // so a suspension made through another process holds here at once.
    const book = tradingBook(engine.feed);
    const reload = () =>
      book.load(deps.db).catch((err) => api.log.error({ err }, "reading the traders' holds failed"));
    const unheard = deps.cache.onInvalidate(TRADING_SCOPE, reload);
    await book.load(deps.db);
    const backstop = setInterval(reload, TRADING_BACKSTOP_MS);
    backstop.unref();
    api.addHook("onClose", async () => {
      clearInterval(backstop);
      unheard();
      stop();
    });
  }
  await api.register(
    sportsbookRoutes({
      engine,
      db: deps.db,
      cashOutMargin: deps.config.SPORTSBOOK_CASH_OUT_MARGIN,
      // The site's widgets come from this server only without a real provider (providers/odds/widgets/settings.ts).
      firstScreen: !deps.config.BETTING_PROVIDER_HOST,
      caller: (req) => sportsbookCaller(deps, req),
      token: {
        secret: deps.config.JWT_SECRET,
        ttlSeconds: deps.config.SPORTSBOOK_TOKEN_TTL_MINUTES * 60,
        now: () => deps.clock.now(),
      },
    }),
  );
};

// What the back office (admin) uses (issue 37 step 3).
export { listBets } from "./bets";
// What the server's jobs, seed and start-up use (issue 37 step 3).
export { sportsFeed } from "./feed";
export { betLedgerProblems } from "./reconciliation";
export { collectShortfall, listShortfalls, writeOffShortfall } from "./shortfalls";
export { holdMarket, settleMarket, tradingEvent, tradingEvents } from "./trading";

/** The sportsbook's scheduled work, for the job runner (server/jobs); none when it is switched off. */
export function sportsbookJobs(deps: AppDeps): Job[] {
  const engine = sportsbookDeps(deps);
  return engine ? jobsOfSportsbook(engine) : [];
}
