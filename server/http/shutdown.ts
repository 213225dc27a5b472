import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  /** The hard deadline, from the signal: past it the process exits 1 with whatever is still open. */
  timeoutS: number;
  /** Seconds to keep serving with /ready failing before closing, so balancers stop sending work first. */
  drainDelayS?: number;
  /** Closes what the app does not own (pools, Redis), once every request and socket is done. */
  after?: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * A graceful shutdown (docs/operations.md), for SIGTERM and SIGINT: /ready fails at once; after the drain delay
 * the app closes — it stops accepting connections, refuses new requests on open ones, tells websocket clients to
 * reconnect elsewhere, lets the requests and job runs under way finish — then `after` closes the pools and the
 * process exits 0. Past the deadline, or on a second signal, it exits 1 at once.
 */
export function gracefulShutdown(app: FastifyInstance, o: ShutdownOptions): (signal: string) => void {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  let started = false;
  let finished = false;
  let deadline: NodeJS.Timeout | undefined;
  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    clearTimeout(deadline);
    exit(code);
  };
  return (signal) => {
    if (started) {
      app.log.warn({ signal }, "second signal during shutdown: exiting now");
      finish(1);
      return;
    }
    started = true;
    app.log.info({ signal, timeoutS: o.timeoutS }, "shutting down: draining requests and websockets");
    deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${o.timeoutS} s: exiting with work still open`);
      finish(1);
    }, o.timeoutS * 1000);
    app.markShuttingDown();
    void (async () => {
      if (o.drainDelayS) await new Promise((r) => setTimeout(r, o.drainDelayS! * 1000));
      await app.close();
      await o.after?.();
      app.log.info("shut down cleanly");
      finish(0);
    })().catch((err) => {
      app.log.error({ err }, "shutdown failed");
      finish(1);
    });
  };
}
