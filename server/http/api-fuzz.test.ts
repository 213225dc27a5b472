import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorBody } from "#common/api/error-body";
import { caller, freshIp } from "../modules/player/test-support";
import { staffToken } from "../modules/staff/test-support";
import { post } from "../modules/wallet/test-support";
import { dbKinds } from "../test/harness";
import { heapAfterGc } from "../test/heap";
import {
  apiOperations,
  type FuzzRequest,
  hostileRequest,
  invalidRequest,
  type Operation,
  operationName,
  validRequest,
} from "../test/openapi";
import { createWalkApp, type WalkApp } from "../test/walk-app";

/**
 * Issue #20: every operation of the API document, sent generated requests (valid by its schemas, broken in
 * one place, and hostile: oversized, NUL, lone-surrogate and prototype-named values and keys in path, query and
 * body, issue #35) by a guest and by a player, and the back office's by a guest and by an administrator. Whatever comes in: no 5xx, every error in the one shape
 * (common/api/error-body.ts), and a refused call writes no row. The operations come from /api/docs/json, so a
 * new route is fuzzed the day it is registered.
 *
 * Runs per operation and caller: FUZZ_RUNS (default 4 valid + 4 invalid); FUZZ_SEED replays a failure. When
 * PostgreSQL is there too (CI), the embedded engine gets half the runs: the deep fuzz runs on PostgreSQL, and
 * PGlite, three times slower here (121 s against 76 s in one run), still walks every operation.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const runsOn = (kind: string) => (kind === "pglite" && dbKinds().length > 1 ? Math.ceil(RUNS / 2) : RUNS);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Rows a refused call may write, and why. Keep it short: each entry is a rule of the domain, not a shortcut.
 */
const REFUSED_MAY_WRITE: { op: RegExp; table: string; why: string }[] = [
  {
    op: /^POST \/api\/admin\/session$/,
    table: "admin_audit",
    why: "a refused staff sign-in is itself audited (decision 0020): who tried, from where",
  },
];

for (const kind of dbKinds()) {
  describe(`the API fuzzed from its document [${kind}]`, () => {
    let t: WalkApp;
    let operations: Operation[];
    beforeAll(async () => {
      t = await createWalkApp(kind);
      operations = await apiOperations(t.app);
      // Building the app and seeding takes long on a busy machine.
    }, 180_000);
    afterAll(() => t?.close());

    const { call, register } = caller(() => t.app);

    /** A player with a USD account holding 100, so valid calls reach the rules behind the schemas. */
    async function newPlayer(): Promise<string> {
      const { accessToken } = await register();
      const opened = await call({
        url: "/api/wallet/accounts",
        body: { currency: "USD" },
        token: accessToken,
      });
      await post(t.database.db, {
        accountId: BigInt(opened.body.data.id),
        amount: "100",
        kind: "adjustment",
        reference: "fuzz:opening",
        idempotencyKey: `fuzz-opening:${opened.body.data.id}`,
      });
      return accessToken;
    }

    /** An administrator's session: every back-office call is open to them. */
    const newAdmin = async () => (await staffToken(t.app, t.database.db, ["admin"])).token;

    /** What is wrong with one answer, or nothing. */
    async function send(op: Operation, req: FuzzRequest, token: string | undefined) {
      await t.drainFacts();
      const mark = await t.writes.mark();
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers: {
          "cf-connecting-ip": freshIp(),
          ...req.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      });
      const problems: string[] = [];
      if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
      if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = res.body;
        }
        const shape = apiErrorBody.safeParse(body);
        if (!shape.success) problems.push(`error not in the one shape: ${res.body.slice(0, 300)}`);
        const written = (await t.writes.since(mark)).filter(
          (w) =>
            !REFUSED_MAY_WRITE.some(
              (allowed) => allowed.op.test(operationName(op)) && w.startsWith(`${allowed.table} `),
            ),
        );
        if (written.length)
          problems.push(`refused (${res.statusCode}) but wrote ${[...new Set(written)].join(", ")}`);
      }
      return { status: res.statusCode, problems, body: res.body.slice(0, 300) };
    }

    it(
      "answers every generated request without a 5xx, in the one error shape, changing nothing when it refuses",
      async () => {
        expect(operations.length).toBeGreaterThan(70);
        // The write log sees what a call writes, so "wrote nothing" below can fail.
        const before = await t.writes.mark();
        await newPlayer();
        expect(await t.writes.since(before)).toEqual(
          expect.arrayContaining(["players insert", "wallet_accounts insert", "ledger_entries insert"]),
        );
        const failures: string[] = [];
        const statuses = new Map<string, Set<number>>();
        // The heap before the walk, the app warm (every operation called once); after, it must come back.
        for (const op of operations)
          await send(op, fc.sample(validRequest(op), { numRuns: 1, seed: 1 })[0]!, undefined);
        const heapAtStart = heapAfterGc();
        for (const op of operations) {
          const callers =
            op.auth === "staff" ? (["guest", "staff"] as const) : (["guest", "player"] as const);
          for (const as of callers) {
            // A guest calling a player's operation meets the 401 before anything: fewer runs show it.
            if (as === "player" && op.auth === "none") continue;
            const signIn = as === "player" ? newPlayer : as === "staff" ? newAdmin : async () => undefined;
            let token = await signIn();
            const runs =
              as === "guest" && (op.auth === "player" || op.auth === "staff")
                ? Math.min(2, runsOn(kind))
                : runsOn(kind);
            for (const [label, arb] of [
              ["valid", validRequest(op)],
              ["invalid", invalidRequest(op)],
              ["hostile", hostileRequest(op)],
            ] as const) {
              let problem = "";
              try {
                await fc.assert(
                  fc.asyncProperty(arb, async (req) => {
                    const { status, problems, body } = await send(op, req, token);
                    const seen = statuses.get(operationName(op)) ?? new Set();
                    statuses.set(operationName(op), seen.add(status));
                    // The run logged the caller out, closed the session or locked the account: a new one.
                    if (as !== "guest" && (status === 401 || status === 403)) token = await signIn();
                    if (problems.length) {
                      problem = `${problems.join("; ")}\n  request: ${req.note}\n  answer: ${body}`;
                      throw new Error(problem);
                    }
                  }),
                  { numRuns: runs, seed: SEED, endOnFailure: true },
                );
              } catch (err) {
                const seed = /seed: (-?\d+)/.exec((err as Error).message)?.[1];
                failures.push(
                  `${operationName(op)} as ${as}, ${label} request (FUZZ_SEED=${seed}): ${problem || (err as Error).message}`,
                );
              }
            }
          }
        }
        // Issue #35: no request leaves memory behind (a 400 KB login used to stay as a rate-limit key).
        const heapAtEnd = heapAfterGc();
        expect
          .soft(heapAtEnd, `heap ${heapAtStart} B before the walk, ${heapAtEnd} B after`)
          .toBeLessThan(heapAtStart * 1.1);
        expect(failures, failures.join("\n\n")).toEqual([]);
        // The walk reached real answers, not only refusals: most operations answered a 2xx to someone.
        const answered = [...statuses.values()].filter((s) => [...s].some((x) => x < 300)).length;
        expect(answered).toBeGreaterThan(operations.length / 3);
      },
      // About 60 s at the default runs on one core of a quiet machine (three kinds of request), over 200 s on
      // PGlite on a busy one; more runs take longer.
      Math.max(480_000, RUNS * 40_000),
    );
  });
}
