import type { AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { applyDueChanges } from "./service";

/** The limits' scheduled work (run once across processes by server/jobs/scheduler.ts). */
export function limitJobs(deps: AppDeps): Job[] {
  return [
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
  ];
}
