import pg from "pg";

/**
 * The statements a block sends to PostgreSQL (node-postgres), in order: what a money path costs in round trips
 * (issue 38). Every query of the process is counted while the block runs, so run one call at a time.
 */
export async function roundTrips<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === "string" ? q : ((q as { text?: string } | undefined)?.text ?? "?");
    statements.push(text.replace(/\s+/g, " ").trim().slice(0, 160));
    return original.apply(this, args);
  };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    proto.query = original;
  }
}
