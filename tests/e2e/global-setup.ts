import type { TestProject } from "vitest/node";
import { enrolDemoAdmin } from "./support/demo-admin";
import { startServer } from "./support/server";

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

/**
 * One built server for the whole e2e run; tests read its address with `inject("baseUrl")`. When the run ends,
 * the books of everything the journeys did must balance. Its simulated matches run on a fast clock (a 90'
 * football match in about a minute and a half) with a one-second live-bet delay, so the sportsbook journey
 * sees a live match end and settle; the feed ticks once a real second whatever the clock, so other journeys
 * pay nothing for it.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({
    // The run's administrator signs in once, here; the journeys that use its session may come late in a long
    // run (a loaded machine took 48 minutes), so its idle timeout is the longest allowed, not the default 30.
    env: { SPORTS_CLOCK_SPEED: "60", SPORTSBOOK_LIVE_DELAY_SECONDS: "1", ADMIN_SESSION_IDLE_MINUTES: "1440" },
    reconcile: true,
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("staffAdminToken", await enrolDemoAdmin(server.baseUrl));
  return async () => {
    await server.stop();
  };
}
