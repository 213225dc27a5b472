import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import type { Db } from "../../db/client";
import { createPaymentProviders, evmOptionsOf } from ".";
import { TEST_XPUB } from "./evm-local-chain";

const base = {
  db: {} as Db,
  clock: { now: () => new Date() },
  publicUrl: "http://casino.test",
  deliver: async () => {},
};

describe("the EVM processor's configuration", () => {
  it("is registered as `evm` only when both the node and the xpub are named", () => {
    expect(evmOptionsOf({ ETH_RPC_URL: "http://127.0.0.1:8545", ETH_CONFIRMATIONS: 12 })).toBeUndefined();
    expect(evmOptionsOf({ ETH_XPUB: TEST_XPUB, ETH_CONFIRMATIONS: 12 })).toBeUndefined();
    const none = createPaymentProviders({ ...base, sandbox: undefined });
    expect(Object.keys(none.processors)).toEqual([]);

    const evm = evmOptionsOf({
      ETH_RPC_URL: "http://127.0.0.1:8545",
      ETH_XPUB: TEST_XPUB,
      ETH_CONFIRMATIONS: 12,
    });
    const providers = createPaymentProviders({ ...base, sandbox: undefined, evm });
    expect(providers.processors.evm?.methods.map((m) => m.code)).toEqual(["evm.deposit.eth"]);
  });

  it("offers USDT with its contract and withdrawals only with a hot-wallet key", () => {
    const evm = evmOptionsOf({
      ETH_RPC_URL: "http://127.0.0.1:8545",
      ETH_XPUB: TEST_XPUB,
      ETH_CONFIRMATIONS: 12,
      ETH_USDT_CONTRACT: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      ETH_HOT_WALLET_KEY: `0x${"11".repeat(32)}`,
    });
    const providers = createPaymentProviders({ ...base, sandbox: { secret: "s".repeat(32) }, evm });
    expect(providers.processors.evm?.methods.map((m) => m.code)).toEqual([
      "evm.deposit.eth",
      "evm.withdrawal.eth",
      "evm.deposit.usdt",
      "evm.withdrawal.usdt",
    ]);
    expect(providers.processors.crypto).toBeDefined(); // the sandbox's own crypto stays beside it
  });

  it("reads ETH_* from the environment, 12 confirmations by default, and refuses a malformed key", () => {
    const env = { ETH_RPC_URL: "http://node:8545", ETH_XPUB: TEST_XPUB };
    expect(loadConfig(env).ETH_CONFIRMATIONS).toBe(12);
    expect(loadConfig({ ...env, ETH_CONFIRMATIONS: "3" }).ETH_CONFIRMATIONS).toBe(3);
    expect(() => loadConfig({ ...env, ETH_HOT_WALLET_KEY: "0x1234" })).toThrow(/ETH_HOT_WALLET_KEY/);
    expect(() => loadConfig({ ...env, ETH_XPUB: "xprv-not-a-key" })).toThrow(/ETH_XPUB/);
  });
});
