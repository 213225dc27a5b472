import { fromUnits, MONEY_SCALE, toUnits } from "#common/money";
import { bothWays, each, type PaymentMethod } from "./methods";

/** The coins the EVM processor carries: the chain's own ether, and USDT as an ERC-20 token. */
export type EvmCoin = "ETH" | "USDT";

export interface CoinOnChain {
  coin: EvmCoin;
  /** Decimals of its smallest unit: 18 for wei; the token's own (USDT: 6). */
  decimals: number;
  /** The token contract; none for ether. */
  contract?: `0x${string}`;
}

export const EVM_PROVIDER = "evm";

/** The method code of a coin in a direction: `evm.deposit.eth` … */
export const methodOf = (direction: "deposit" | "withdrawal", coin: EvmCoin) =>
  `${EVM_PROVIDER}.${direction}.${coin.toLowerCase()}`;

export function coinOfMethod(code: string): EvmCoin {
  const name = code.split(".")[2];
  if (name === "eth") return "ETH";
  if (name === "usdt") return "USDT";
  throw new Error(`not an EVM method: ${code}`);
}

/** The catalogue rows: deposits always, withdrawals only when a hot wallet can sign them. */
export function evmMethods(o: { usdt: boolean; withdrawals: boolean }): PaymentMethod[] {
  const rows: PaymentMethod[] = [];
  const add = (coin: EvmCoin, label: string, icon: "ethereum" | "tether", limits: Record<string, string>) => {
    const [deposit, withdrawal] = bothWays(
      `${EVM_PROVIDER}.${coin.toLowerCase()}`,
      { group: "crypto", label, icon, flow: "crypto", currencies: [coin], countries: [], customerFields: [] },
      { limits: each([coin], limits.min!, limits.max!) },
      { limits: each([coin], limits.wmin!, limits.max!), customerFields: ["walletAddress"] },
    );
    rows.push(deposit!);
    if (o.withdrawals) rows.push(withdrawal!);
  };
  add("ETH", "Ethereum", "ethereum", { min: "0.002", wmin: "0.005", max: "100" });
  if (o.usdt) add("USDT", "Tether USDT (ERC-20)", "tether", { min: "5", wmin: "10", max: "100000" });
  return rows;
}

/** A decimal amount in the coin as its smallest units; refuses what the coin cannot represent. */
export function toChainUnits(amount: string, decimals: number): bigint {
  const scaled = toUnits(amount);
  if (scaled === undefined) throw new Error(`not an amount: ${amount}`);
  const step = 10n ** BigInt(MONEY_SCALE - decimals);
  if (scaled % step !== 0n) throw new Error(`${amount} has more than ${decimals} decimal places`);
  return scaled / step;
}

/** The coin's smallest units as a decimal amount (wei → ETH), exactly. */
export const fromChainUnits = (units: bigint, decimals: number): string =>
  fromUnits(units * 10n ** BigInt(MONEY_SCALE - decimals));
