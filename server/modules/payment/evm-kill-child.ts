// The EVM processor's jobs for the SIGKILL test: it watches and pays out until its parent kills it.
// Argument: a JSON { url?, dataDir, rpcUrl, token, payoutsFirst } naming the database and the local chain, and
// which job each round runs first. It prints `credit n` after each transfer it credits, `round n` after each round.
import { openDatabase } from "../../db/client";
import { EvmProcessor } from "../../providers/payment/evm";
import { HOT_WALLET_KEY, TEST_XPUB } from "../../providers/payment/evm-local-chain";
import { creditTransfer } from "./arrivals";
import { applyProcessorEvent, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";

const args = JSON.parse(process.argv[2]!) as {
  url?: string;
  dataDir: string;
  rpcUrl: string;
  token: `0x${string}`;
  payoutsFirst: boolean;
};
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const clock = { now: () => new Date() };
const evm = new EvmProcessor({
  db: database.db,
  clock,
  rpcUrl: args.rpcUrl,
  xpub: TEST_XPUB,
  confirmations: 3,
  usdtContract: args.token,
  hotWalletKey: HOT_WALLET_KEY,
  chainId: 1337,
});
const deps: PaymentDeps = {
  db: database.db,
  clock,
  publisher: { publish: async () => {} },
  depositLimits: noDepositLimits,
  processors: { evm },
};
let credits = 0;
const jobs = evm.jobs(
  (e) => applyProcessorEvent(deps, "evm", e),
  async (t) => {
    const done = await creditTransfer(deps, "evm", t);
    process.stdout.write(`credit ${++credits}\n`);
    return done;
  },
);
if (args.payoutsFirst) jobs.reverse();

process.stdout.write("ready\n");
for (let i = 0; ; i++) {
  for (const job of jobs) {
    const said = await job.run();
    if (said) process.stdout.write(`${job.name}: ${said}\n`);
  }
  // The chain goes on: withdrawals reach their confirmations.
  await evm.client.request({ method: "evm_mine" as never });
  process.stdout.write(`round ${i}\n`);
}
