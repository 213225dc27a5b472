import type { TestProject } from "vitest/node";
import { enrolDemoAdmin } from "./support/demo-admin";
import { type RunningServer, startServer } from "./support/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the built site and API answer during the e2e run, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /**
     * A session of the demo administrator, enrolled once here: journeys create their own staff with it
     * (`newStaffMember` in support/staff.ts) and sign those in on /admin.
     */
    staffAdminToken: string;
  }
}

interface SharedRun {
  started: Promise<{ server: RunningServer; staffAdminToken: string }>;
  users: number;
}

/**
 * The run's one server, kept on the main process's global object: the two e2e projects (`e2e`, whose journeys
 * run two at a time, and `e2e-alone`, one at a time after them; vitest.config.ts) each call this setup, in the
 * same process, and must meet the same server and the same administrator. It stops with the last project.
 */
const RUN = Symbol.for("lucky-harbor.e2e-run");
type WithRun = typeof globalThis & { [RUN]?: SharedRun };

/**
 * One built server for the whole e2e run; tests read its address with `inject("baseUrl")`. When the run ends,
 * the books of everything the journeys did must balance. Its simulated matches run on a fast clock (a 90'
 * football match in about a minute and a half) with a one-second live-bet delay, so the sportsbook journey
 * sees a live match end and settle; the feed ticks once a real second whatever the clock, so other journeys
 * pay nothing for it.
 */
export default async function setup(project: TestProject) {
  const g = globalThis as WithRun;
  g[RUN] ??= {
    users: 0,
    started: (async () => {
      const server = await startServer({
        // The run's administrator signs in once, here; the journeys that use its session may come late in a
        // long run (a loaded machine took 48 minutes), so its idle timeout is the longest allowed, not the
        // default 30.
        env: {
          SPORTS_CLOCK_SPEED: "60",
          SPORTSBOOK_LIVE_DELAY_SECONDS: "1",
          ADMIN_SESSION_IDLE_MINUTES: "1440",
        },
        reconcile: true,
      });
      return { server, staffAdminToken: await enrolDemoAdmin(server.baseUrl) };
    })(),
  };
  const run = g[RUN];
  run.users++;
  const { server, staffAdminToken } = await run.started;
  project.provide("baseUrl", server.baseUrl);
  project.provide("staffAdminToken", staffAdminToken);
  return async () => {
    if (--run.users > 0) return;
    delete g[RUN];
    await server.stop();
  };
}
