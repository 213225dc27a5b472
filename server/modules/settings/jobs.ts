import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import type { Job } from "../../jobs/scheduler";
import type { Clock } from "../../lib/clock";
import { JsonRatesFeed } from "../../providers/rates/port";
import { recordDayRates, refreshRates } from "./service";

/** The settings' scheduled work (the face's `settingsJobs`; run once across processes by the job runner). */
export function jobsOfSettings(o: {
  db: Db;
  clock: Clock;
  cache: Cache;
  ratesUrl: string | undefined;
  refreshMinutes: number;
}): Job[] {
  const jobs: Job[] = [
    {
      // Every day keeps the rates it had (reports convert a day's money at that day's rate, decision 0023): the
      // first run of a UTC day copies the current rates into it; a refresh later that day overwrites them.
      name: "currency-rate-days",
      everyMs: 3_600_000,
      atStart: true,
      run: async () => {
        const n = await recordDayRates(o.db, o.clock.now());
        return n > 0 ? `recorded ${n} rates of the day` : undefined;
      },
    },
  ];
  if (o.ratesUrl) {
    const feed = new JsonRatesFeed(o.ratesUrl);
    jobs.push({
      // A failed refresh keeps the old rates and tries again next time.
      name: "currency-rates",
      everyMs: o.refreshMinutes * 60_000,
      atStart: true,
      run: async () =>
        `refreshed ${(await refreshRates(o.db, feed, o.cache, o.clock.now())).length} currencies`,
    });
  }
  return jobs;
}
