// A burst of deposits and payouts for the crash test: it runs until its parent kills it with SIGKILL.
// Argument: a JSON { url?, dataDir?, playerId } naming the database and the player to pay.
import { openDatabase } from "../../db/client";
import { builtInProcessors } from "../../providers/payment";
import { applyWebhook, createDeposit, createWithdrawal, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { CARD_PAYEE } from "./test-support";

const args = JSON.parse(process.argv[2]!) as { url?: string; dataDir: string; playerId: string };
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const clock = { now: () => new Date() };
const deps: PaymentDeps = {
  db: database.db,
  clock,
  publisher: { publish: async () => {} },
  depositLimits: noDepositLimits,
  processors: {},
};
const processors = builtInProcessors({
  db: database.db,
  clock,
  secret: "crash-secret",
  publicUrl: "http://casino.test",
  deliver: async (provider, raw, headers) => {
    await applyWebhook(deps, provider, headers, raw);
  },
});
deps.processors = processors;
const playerId = BigInt(args.playerId);
const customerFields = { ...CARD_PAYEE };

process.stdout.write("ready\n");
for (let i = 0; ; i++) {
  const deposit = await createDeposit(deps, playerId, {
    method: "sandbox.deposit.card",
    currency: "USD",
    amount: "10",
    customerFields,
  });
  const ref = deposit.publicData.checkoutUrl!.split("/").pop()!;
  await processors.sandbox!.settle(ref, i % 5 === 4 ? "declined" : "approved");
  process.stdout.write(`round ${i}\n`);
  if (i % 3 === 2) {
    await createWithdrawal(deps, playerId, {
      method: "sandbox.withdrawal.card",
      currency: "USD",
      amount: "5",
      customerFields,
    }).catch(() => undefined);
  }
}
