import type { TestProject } from "vitest/node";
import { startServer } from "./support/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the built site and API answer during the e2e run, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
  }
}

/**
 * One built server for the whole e2e run; tests read its address with `inject("baseUrl")`. When the run ends,
 * the books of everything the journeys did must balance.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ reconcile: true });
  project.provide("baseUrl", server.baseUrl);
  return async () => {
    await server.stop();
  };
}
