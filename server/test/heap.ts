import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * The heap in use after full collections, for tests that check memory comes back (decision 0038). V8's collector
 * is reached without starting the test worker with --expose-gc: the flag is set at run time and `gc` read from
 * a fresh context, where V8 installs it.
 */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

export function heapAfterGc(): number {
  const gc = collector();
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}
