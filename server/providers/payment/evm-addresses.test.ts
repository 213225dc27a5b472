import { HDKey } from "@scure/bip32";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { XpubAddresses } from "./evm-addresses";
import { TEST_XPUB } from "./evm-local-chain";

const MNEMONIC = "test test test test test test test test test test test junk";

describe("deposit addresses from the account xpub (BIP-32/44)", () => {
  const addresses = new XpubAddresses(TEST_XPUB);

  it("derives m/44'/60'/0'/0/i as every wallet does for the test mnemonic", () => {
    // The test mnemonic's first two accounts, as Hardhat, Foundry and MetaMask show them.
    expect(addresses.address(0)).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(addresses.address(1)).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  });

  it("agrees with the private-key derivation of the same path for the first addresses", () => {
    for (let i = 0; i < 6; i++)
      expect(addresses.address(i)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: i }).address);
    expect(addresses.address(1000)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: 1000 }).address);
  });

  it("refuses a private key and a key that is not an account's", () => {
    const account = HDKey.fromExtendedKey(TEST_XPUB);
    expect(() => new XpubAddresses(account.deriveChild(0).publicExtendedKey)).toThrow(/depth 3/);
    const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'").privateExtendedKey;
    expect(() => new XpubAddresses(xprv)).toThrow(/public/);
  });
});
