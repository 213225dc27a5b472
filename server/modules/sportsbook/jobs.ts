import type { Job } from "../../jobs/scheduler";
import type { SportsbookDeps } from "./deps";
import { acceptPendingBets } from "./placement";
import { settleFromFeed, voidDroppedEvents } from "./settlement";

/** The sportsbook's scheduled work (the face's `sportsbookJobs`; run once across processes by the job runner). */
export function jobsOfSportsbook(deps: SportsbookDeps): Job[] {
  return [
    {
      // Live bets whose delay is over are accepted or refused (and refunded) against the prices then.
      name: "sportsbook-live-acceptance",
      everyMs: 1_000,
      run: async () => {
        const n = await acceptPendingBets(deps);
        return n > 0 ? `decided ${n} live bets` : undefined;
      },
    },
    {
      // Results the live subscription missed (a restart, a crash mid-way) are settled here; each bet once.
      name: "sportsbook-settlement",
      everyMs: 30_000,
      atStart: true,
      run: async () => {
        const n = await settleFromFeed(deps);
        return n > 0 ? `settled ${n} bets` : undefined;
      },
    },
    {
      // Open bets on events the feed dropped are void once missing for SPORTSBOOK_DROPPED_EVENT_VOID_HOURS.
      name: "sportsbook-dropped-events",
      everyMs: 5 * 60_000,
      atStart: true,
      run: async () => {
        const n = await voidDroppedEvents(deps);
        return n > 0 ? `voided ${n} bets on events the feed dropped` : undefined;
      },
    },
  ];
}
