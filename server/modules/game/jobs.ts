import type { Job } from "../../jobs/scheduler";
import { type CrashDeps, recoverCrashBets } from "../../providers/games/house/crash/service";
import { recoverHouseRounds } from "../../providers/games/house/recovery";
import type { HouseDeps } from "../../providers/games/house/service";

/** The games' scheduled work (the face's `gameJobs`; run once across processes by the job runner). */
export function jobsOfGame(house: HouseDeps, crash: CrashDeps, o: { minesAbandonedMs: number }): Job[] {
  return [
    {
      // Rounds a failure left half done are closed (recovery.ts); mines and blackjack once their session ended.
      name: "house-round-recovery",
      everyMs: 60_000,
      run: async () => {
        const r = await recoverHouseRounds(house, {
          staleMs: 5 * 60_000,
          minesAbandonedMs: o.minesAbandonedMs,
        });
        // Crash bets a failure left open in rounds already settled (decision 0034).
        const closed = await recoverCrashBets(crash, 60_000);
        const total = r.paid + r.refunded + r.cashedOut + r.stood + r.failed + closed.closed + closed.failed;
        return total > 0 ? `recovered ${JSON.stringify({ ...r, crash: closed })}` : undefined;
      },
    },
  ];
}
