import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { normalizeAmount } from "#common/money";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum, postAtomically } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import type { TestApp } from "../../../test/harness";
import { houseWalletCaller } from "../index";
import type { CallWallet, HouseDeps } from "./service";
import { houseRounds } from "./tables";

/** The house secret a recovery test's app runs with (`describeEachDb`'s env). */
export const RECOVERY_SECRET = "recovery-test-secret-recovery-test-secret";
/** Every round counts as abandoned: its game session is over. */
export const ABANDONED = { staleMs: 0, minesAbandonedMs: 0 };

/**
 * What a recovery test works with: the provider's dependencies calling the app's seamless wallet (or a wallet
 * that fails one call), a player with 100 USD in a real-money session of a game, and their balance and rounds.
 */
export function recoveryFixture(ctx: () => TestApp) {
  const clock = { now: () => new Date() };
  const { call, register } = caller(() => ctx().app);
  const db = () => ctx().database.db;
  const wallet = () => houseWalletCaller((r) => ctx().app.inject(r), RECOVERY_SECRET, clock);
  const deps = (callWallet: CallWallet = wallet()): HouseDeps => ({ db: db(), clock, callWallet });
  /** A wallet whose `action` call fails: before reaching the casino, or after it booked the call. */
  const failing =
    (action: string, when: "before" | "after"): CallWallet =>
    async (a, body) => {
      if (a === action && when === "before") throw new Error("connection reset");
      const answer = await wallet()(a, body);
      if (a === action) throw new Error("connection reset after the call");
      return answer;
    };
  async function realPlayer(game: string) {
    const { accessToken: token } = await register();
    const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
    const accountId = BigInt(opened.body.data.id);
    await postAtomically(db(), {
      accountId,
      amount: "100",
      kind: "adjustment",
      reference: "test:opening",
      idempotencyKey: `opening:${accountId}`,
    });
    const launch = await call({ url: `/api/game/games/${game}/play`, body: { real: true }, token });
    return { accountId, session: launch.body.data.sessionId as string };
  }
  const balanceOf = async (id: bigint) =>
    normalizeAmount((await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance);
  const lastRound = async (token: string) =>
    (await db().select().from(houseRounds).where(eq(houseRounds.token, token))).at(-1)!;
  const balanced = async (id: bigint) => expect(await ledgerSum(db(), id)).toBe(await balanceOf(id));
  return { call, db, wallet, deps, failing, realPlayer, balanceOf, lastRound, balanced };
}
