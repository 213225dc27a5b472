import { eq, sql } from "drizzle-orm";
import { createPublicClient, getAddress, http, isAddress, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { InvoicePublicData } from "#common/api/wallet";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Job } from "../../jobs/scheduler";
import type { Clock } from "../../lib/clock";
import { XpubAddresses } from "./evm-addresses";
import { type CoinOnChain, coinOfMethod, EVM_PROVIDER, evmMethods, toChainUnits } from "./evm-coins";
import { PayoutSender } from "./evm-payouts";
import { evmAddresses, evmPayments } from "./evm-tables";
import { DepositWatcher } from "./evm-watcher";
import type { PaymentMethod } from "./methods";
import type {
  ApplyProcessorEvent,
  CreditTransfer,
  PaymentProcessor,
  ProcessorInvoice,
  ProcessorStart,
} from "./port";
import { WebhookRejected } from "./port";

export interface EvmOptions {
  db: Db;
  clock: Clock;
  /** The node's JSON-RPC URL (ETH_RPC_URL). */
  rpcUrl: string;
  /** The operator's account xpub, m/44'/60'/0' (ETH_XPUB). */
  xpub: string;
  confirmations: number;
  /** USDT's ERC-20 contract (ETH_USDT_CONTRACT); its decimals are read from it. */
  usdtContract?: `0x${string}`;
  /** Signs withdrawals (ETH_HOT_WALLET_KEY); unset: deposits only. */
  hotWalletKey?: `0x${string}`;
  /** The chain the operator expects (ETH_CHAIN_ID); the node's is checked against it. */
  chainId?: number;
  /** How often the jobs look at the chain. */
  pollMs?: number;
}

/**
 * The self-custodied EVM processor (decision 0045): each player has one address derived from the operator's
 * xpub; a watcher credits what arrives there once it has its confirmations; withdrawals are signed by the hot
 * wallet and followed to their confirmations. No webhooks: everything it learns it learns from the node.
 */
export class EvmProcessor implements PaymentProcessor {
  readonly id = EVM_PROVIDER;
  readonly methods: readonly PaymentMethod[];
  readonly client: PublicClient;
  readonly watcher: DepositWatcher;
  readonly payouts: PayoutSender | undefined;
  private readonly addresses: XpubAddresses;
  private readonly coins: CoinOnChain[];
  private chain: Promise<number> | undefined;

  constructor(private readonly o: EvmOptions) {
    this.addresses = new XpubAddresses(o.xpub);
    this.client = createPublicClient({ transport: http(o.rpcUrl, { retryCount: 1 }), cacheTime: 0 });
    this.methods = evmMethods({ usdt: Boolean(o.usdtContract), withdrawals: Boolean(o.hotWalletKey) });
    // USDT's decimals are read from its contract when it is first needed (6 on Ethereum's USDT).
    this.coins = [{ coin: "ETH", decimals: 18 }];
    if (o.usdtContract) this.coins.push({ coin: "USDT", decimals: 6, contract: getAddress(o.usdtContract) });
    this.watcher = new DepositWatcher({
      db: o.db,
      client: this.client,
      confirmations: o.confirmations,
      coins: this.coins,
    });
    this.payouts = o.hotWalletKey
      ? new PayoutSender({
          db: o.db,
          clock: o.clock,
          client: this.client,
          hotWallet: privateKeyToAccount(o.hotWalletKey),
          chainId: () => this.chainId(),
          confirmations: o.confirmations,
          coins: this.coins,
        })
      : undefined;
  }

  /** The node's chain id, checked once against the configured one: a key must never sign for another chain. */
  chainId(): Promise<number> {
    this.chain ??= (async () => {
      const id = await this.client.getChainId();
      if (this.o.chainId !== undefined && id !== this.o.chainId) {
        throw new Error(`ETH_CHAIN_ID is ${this.o.chainId} but the node at ETH_RPC_URL serves chain ${id}`);
      }
      const token = this.coins.find((c) => c.contract);
      if (token) {
        token.decimals = Number(
          await this.client.readContract({
            address: token.contract!,
            abi: [
              {
                type: "function",
                name: "decimals",
                stateMutability: "view",
                inputs: [],
                outputs: [{ type: "uint8" }],
              },
            ],
            functionName: "decimals",
          }),
        );
      }
      return id;
    })().catch((err) => {
      this.chain = undefined;
      throw err;
    });
    return this.chain;
  }

  /** The player's deposit address, made on first use at the next free index of the xpub's external chain. */
  async addressOf(playerId: bigint): Promise<`0x${string}`> {
    for (let attempt = 0; ; attempt++) {
      const [known] = await this.o.db.select().from(evmAddresses).where(eq(evmAddresses.playerId, playerId));
      if (known) return getAddress(known.address);
      const [last] = await this.o.db
        .select({ index: evmAddresses.addressIndex })
        .from(evmAddresses)
        .orderBy(sql`${evmAddresses.addressIndex} desc`)
        .limit(1);
      const index = (last?.index ?? -1) + 1;
      try {
        await this.o.db
          .insert(evmAddresses)
          .values({ playerId, addressIndex: index, address: this.addresses.address(index).toLowerCase() })
          .onConflictDoNothing({ target: evmAddresses.playerId });
      } catch (err) {
        // Another player took this index a moment ago: take the next one.
        if (attempt >= 5) throw err;
      }
    }
  }

  async start(invoice: ProcessorInvoice): Promise<ProcessorStart> {
    const coin = coinOfMethod(invoice.method);
    const providerRef = `evm:invoice:${invoice.invoiceId}`;
    const playerId = BigInt(invoice.playerId);
    const chainId = await this.chainId();
    if (invoice.direction === "deposit") {
      const address = await this.addressOf(playerId);
      await this.record(invoice, providerRef, coin, "open", address);
      return { providerRef, publicData: this.depositData(coin, address, invoice.amount, chainId) };
    }
    if (!this.payouts) throw new Error("Crypto withdrawals need ETH_HOT_WALLET_KEY");
    const to = (invoice.customerFields.walletAddress ?? "").trim();
    if (!isAddress(to, { strict: false }))
      throw new ApiError(422, "validation_error", "Some fields are not valid", {
        "customerFields.walletAddress": ["Enter an Ethereum address (0x and 40 hex digits)"],
      });
    await this.record(invoice, providerRef, coin, "queued", getAddress(to));
    return { providerRef, publicData: { address: getAddress(to), network: "Ethereum" } };
  }

  private async record(
    invoice: ProcessorInvoice,
    providerRef: string,
    coin: CoinOnChain["coin"],
    status: "open" | "queued",
    address: string,
  ) {
    await this.o.db
      .insert(evmPayments)
      .values({
        providerRef,
        invoiceId: invoice.invoiceId,
        playerId: BigInt(invoice.playerId),
        direction: invoice.direction,
        coin,
        amount: invoice.amount,
        status,
        address: address.toLowerCase(),
        createdAt: this.o.clock.now(),
      })
      .onConflictDoNothing();
  }

  /** The address and an EIP-681 payment URI for the site's QR code (a token's names the contract's transfer). */
  private depositData(
    coin: CoinOnChain["coin"],
    address: `0x${string}`,
    amount: string,
    chainId: number,
  ): InvoicePublicData {
    const c = this.coins.find((x) => x.coin === coin)!;
    const units = toChainUnits(amount, c.decimals);
    const qr = c.contract
      ? `ethereum:${c.contract}@${chainId}/transfer?address=${address}&uint256=${units}`
      : `ethereum:${address}@${chainId}?value=${units}`;
    return { address, network: c.contract ? "Ethereum (ERC-20)" : "Ethereum", qr };
  }

  readWebhook(): never {
    throw new WebhookRejected("The EVM processor takes no webhooks: it reads the chain");
  }

  jobs(apply: ApplyProcessorEvent, credit: CreditTransfer): Job[] {
    const everyMs = this.o.pollMs ?? 5_000;
    const jobs: Job[] = [
      { name: "evm-deposit-watch", everyMs, atStart: true, run: () => this.watcher.run(credit) },
    ];
    const payouts = this.payouts;
    if (payouts) jobs.push({ name: "evm-payouts", everyMs, atStart: true, run: () => payouts.run(apply) });
    return jobs;
  }
}
