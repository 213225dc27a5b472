import { secp256k1 } from "@noble/curves/secp256k1";
import { HDKey } from "@scure/bip32";
import { bytesToHex, getAddress, keccak256 } from "viem";

/**
 * Deposit addresses from the operator's account-level extended public key (BIP-32/44: the xpub of
 * m/44'/60'/0'). Address i is m/44'/60'/0'/0/i, the external chain, as wallets derive it, so the operator's own
 * wallet (which holds the private key, never this server) sees and can spend every deposit.
 */
export class XpubAddresses {
  private readonly external: HDKey;

  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub.trim());
    if (account.privateKey) throw new Error("ETH_XPUB must be an extended public key, not a private one");
    // Depth 3 is m/44'/60'/0': an account key, the one wallets export as "the account's xpub".
    if (account.depth !== 3)
      throw new Error(`ETH_XPUB must be an account key (depth 3), not depth ${account.depth}`);
    this.external = account.deriveChild(0);
  }

  /** The checksummed address at index i of the external chain. */
  address(index: number): `0x${string}` {
    const child = this.external.deriveChild(index);
    if (!child.publicKey) throw new Error(`no public key at index ${index}`);
    return addressOfPublicKey(child.publicKey);
  }
}

/** An Ethereum address: the last 20 bytes of keccak256 over the uncompressed public key without its 0x04. */
export function addressOfPublicKey(compressed: Uint8Array): `0x${string}` {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
  const hash = keccak256(bytesToHex(uncompressed.subarray(1)));
  return getAddress(`0x${hash.slice(-40)}`);
}
