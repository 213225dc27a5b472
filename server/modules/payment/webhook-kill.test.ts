import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed";
import { builtInProcessors } from "../../providers/payment";
import { sandboxPayments, sandboxWebhookOutbox } from "../../providers/payment/sandbox-tables";
import { SIGNATURE_HEADER, signWebhook } from "../../providers/payment/signature";
import { assertBooksBalance, reopenableDatabase } from "../../test/harness";
import { killChildAt } from "../../test/sigkill";
import { openAccount } from "../wallet";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { insertTestPlayer } from "../wallet/test-support";
import { applyWebhook, createDeposit, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";
import { CARD_PAYEE } from "./test-support";

const SECRET = "webhook-kill-secret-webhook-kill-secret";

/** Starts a child (through tsx) and resolves once it printed `ready`; the caller ends it. */
async function startChild(script: string, input: unknown): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", script, JSON.stringify(input)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line === "ready") resolve();
    });
  });
  return child;
}

/**
 * Two processes on one database (decision 0040): process A approves a sandbox payment and is killed with
 * SIGKILL after the approval committed and before its webhook reached the casino; process B, a server already
 * running, delivers the webhook from the outbox within seconds. PostgreSQL only: a PGlite data directory is
 * open in one process at a time, so there is no "other process" to take over on it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a sandbox approval killed before its webhook [postgres]",
  () => {
    it("is credited by another running process within seconds, exactly once", {
      timeout: 120_000,
    }, async () => {
      const where = await reopenableDatabase("postgres");
      let server: ChildProcess | undefined;
      try {
        const database = await where.open();
        try {
          await migrate(database);
          await seedDemo(database.db);
          const playerId = await insertTestPlayer(database.db);
          const publisher = { publish: async () => {} };
          const account = await openAccount({ db: database.db, publisher }, playerId, "USD");
          const deps: PaymentDeps = {
            db: database.db,
            clock: { now: () => new Date() },
            publisher,
            depositLimits: noDepositLimits,
            processors: {},
          };
          deps.processors = builtInProcessors({
            db: database.db,
            clock: deps.clock,
            secret: SECRET,
            publicUrl: "http://casino.test",
            deliver: async () => {
              throw new Error("this process sends no webhook");
            },
          });
          const deposit = await createDeposit(deps, playerId, {
            method: "sandbox.deposit.card",
            currency: "USD",
            amount: "25",
            customerFields: { ...CARD_PAYEE },
          });
          const ref = deposit.publicData.checkoutUrl!.split("/").pop()!;

          server = await startChild("server/modules/payment/webhook-server-child.ts", {
            url: where.url,
            secret: SECRET,
          });
          await killChildAt(
            "server/modules/payment/webhook-approver-child.ts",
            { url: where.url, ref, secret: SECRET },
            "approved",
            0,
          );

          // The processor approved it (the player paid) and the casino has not heard of it yet.
          const [payment] = await database.db
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.ref, ref));
          expect(payment!.status).toBe("approved");
          const invoiceOf = async () =>
            (
              await database.db
                .select()
                .from(invoices)
                .where(eq(invoices.id, BigInt(deposit.id)))
            )[0]!;
          const killedAt = Date.now();
          while ((await invoiceOf()).status === INVOICE_STATUS.pending && Date.now() - killedAt < 15_000)
            await new Promise((r) => setTimeout(r, 200));
          expect((await invoiceOf()).status).toBe(INVOICE_STATUS.success);

          const balance = async () =>
            (
              await database.db
                .select()
                .from(walletAccounts)
                .where(eq(walletAccounts.id, BigInt(account.id)))
            )[0]!.balance;
          expect(Number(await balance())).toBe(25);
          const credits = await database.db
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.reference, `invoice:${deposit.id}`)));
          expect(credits).toHaveLength(1);
          // B marks the webhook acknowledged just after the casino's answer (which credited it).
          const outboxRow = async () => (await database.db.select().from(sandboxWebhookOutbox))[0];
          while (!(await outboxRow())?.deliveredAt && Date.now() - killedAt < 20_000)
            await new Promise((r) => setTimeout(r, 100));
          const outbox = await outboxRow();
          expect(outbox).toMatchObject({ provider: "sandbox", eventId: `${ref}:approved` });
          expect(outbox!.deliveredAt).not.toBeNull();
          expect(outbox!.attempts).toBeGreaterThanOrEqual(2); // A's attempt died with it; B's went through
          // From the approval's commit to B's acknowledged delivery: the first backoff (2 s) and B's next tick.
          expect(outbox!.deliveredAt!.getTime() - outbox!.createdAt.getTime()).toBeLessThan(15_000);
          await assertBooksBalance(database);

          // The same webhook delivered again (a processor retrying after a lost answer) changes nothing.
          const again = await applyWebhook(
            deps,
            "sandbox",
            { [SIGNATURE_HEADER]: signWebhook(SECRET, outbox!.body, new Date()) },
            outbox!.body,
          );
          expect(again.applied).toBe(false);
          expect(Number(await balance())).toBe(25);
          expect((await invoiceOf()).status).toBe(INVOICE_STATUS.success);
          await assertBooksBalance(database);
        } finally {
          if (server && server.exitCode === null) {
            const exited = new Promise((r) => server!.once("exit", r));
            server.kill("SIGTERM");
            await exited;
          }
          await database.close();
        }
      } finally {
        await where.drop();
      }
    });
  },
);
