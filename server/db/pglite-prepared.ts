import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Past this many texts a client's new statements go unnamed, as on PostgreSQL (`PreparingClient`). */
const MAX_PREPARED = 2_000;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Makes `client.query` name every parameterised statement by its text: PGlite parses and plans it once, then only
 * binds and executes it, in one message to the WebAssembly backend instead of six (issue 38: on the embedded
 * database a plain bet's one statement spent most of its ~5 ms being parsed and planned again on every call, and
 * PGlite's own `query` sends parse, describe, bind, describe, execute and sync as separate messages).
 * Transactions (`client.transaction`) keep PGlite's own path; the money fast paths are single statements outside
 * them. Blob queries (COPY) also keep it.
 */
export function prepareQueries(client: PGlite): void {
  const original = client.query.bind(client);
  const statements = new Map<string, { name: string; types: number[] }>();
  const { serialize } = protocol;

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!params?.length || options?.blob || (statements.size >= MAX_PREPARED && !statements.has(text)))
      return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let statement = statements.get(text);
        if (!statement) {
          const name = `p${statements.size}`;
          // The sync ends the parse's implicit transaction, and an error in it (a bad statement) is thrown here
          // with the backend ready for the next message.
          const described = await client.execProtocolStream(
            joined([
              serialize.parse({ name, text, types: options?.paramTypes }),
              serialize.describe({ type: "S", name }),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          statement = { name, types: parse.parseDescribeStatementResults(described) };
          statements.set(text, statement);
        }
        const types = statement.types;
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
          return serializer ? serializer(v) : String(v);
        });
        const messages = await client.execProtocolStream(
          joined([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        // As PGlite's own query: outside a transaction block, what was written goes to the file system now.
        if (!client.isInTransaction()) await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  };
}
