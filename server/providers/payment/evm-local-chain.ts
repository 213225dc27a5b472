import ganache from "ganache";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from "./evm-fixtures/test-token";

/**
 * A local Ethereum chain for tests (Ganache, in this process, over real JSON-RPC on a free port): one funded
 * account that pays players, a hot wallet with some ether, and the test ERC-20 standing in for USDT.
 * Blocks are mined at once for each transaction, and on demand (`mine`); snapshots make reorgs.
 */

/** Throwaway keys for tests (keccak256 of "lucky-harbor test funder" / "… hot wallet"): they guard nothing. */
export const FUNDER_KEY: Hex = "0xcf17347d013cb07faa9eea3df9d98f30d79a17e23045b7beb73aa1810c2b4ce5";
export const HOT_WALLET_KEY: Hex = "0xc9580f41ca49edd150439d538c700ee11c4e7da600b1b42f4f883f9bc506f8a8";

/** The Hardhat test mnemonic's account xpub, m/44'/60'/0' ("test test … junk"). */
export const TEST_XPUB =
  "xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP";

export const LOCAL_CHAIN_ID = 1337;

export async function startLocalChain(o: { hotWalletEther?: string } = {}) {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID },
    miner: { instamine: "eager" },
    wallet: {
      accounts: [
        { secretKey: FUNDER_KEY, balance: `0x${parseEther("1000").toString(16)}` },
        { secretKey: HOT_WALLET_KEY, balance: `0x${parseEther(o.hotWalletEther ?? "10").toString(16)}` },
      ],
    },
  });
  await server.listen(0);
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const chain = defineChain({
    id: LOCAL_CHAIN_ID,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url);
  const pub = createPublicClient({ chain, transport, cacheTime: 0 });
  const test = createTestClient({ chain, transport, mode: "ganache" });
  const funder = createWalletClient({ chain, transport, account: privateKeyToAccount(FUNDER_KEY) });
  const hot = createWalletClient({ chain, transport, account: privateKeyToAccount(HOT_WALLET_KEY) });

  const deployHash = await funder.deployContract({
    abi: TEST_TOKEN_ABI,
    bytecode: TEST_TOKEN_BYTECODE,
    args: [10n ** 15n],
  });
  const token = (await pub.getTransactionReceipt({ hash: deployHash })).contractAddress as Address;

  return {
    url,
    token,
    client: pub,
    hotWallet: hot.account.address,
    /** Sends ether from the funder; mined at once (one confirmation). */
    sendEth: async (to: Address, ether: string) => funder.sendTransaction({ to, value: parseEther(ether) }),
    /** Sends tokens (smallest units) from the funder, or from the hot wallet. */
    sendToken: async (to: Address, units: bigint, from: "funder" | "hot" = "funder") =>
      (from === "hot" ? hot : funder).writeContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: "transfer",
        args: [to, units],
      }),
    tokenBalance: async (of: Address) =>
      (await pub.readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: "balanceOf",
        args: [of],
      })) as bigint,
    mine: (blocks: number) => test.mine({ blocks }),
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    close: () => server.close(),
  };
}

export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;
