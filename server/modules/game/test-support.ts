import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { signWalletCall } from "../../providers/games/signature";
import type { caller } from "../player/test-support";
import { postAtomically } from "../wallet";

/**
 * A newly registered player with `balance` USD in a fresh account (booked as an opening adjustment) and a
 * real-money launch of `game`, whose session id is the token its provider presents to the seamless wallet.
 */
export async function playerInRealGame(
  { call, register }: ReturnType<typeof caller>,
  db: Db,
  game: string,
  balance: string,
) {
  const { accessToken, profile } = await register();
  const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token: accessToken });
  const accountId = BigInt(opened.body.data.id);
  await postAtomically(db, {
    accountId,
    amount: balance,
    kind: "adjustment",
    reference: "test:opening",
    idempotencyKey: `opening:${accountId}`,
  });
  const launch = await call({
    url: `/api/game/games/${game}/play`,
    body: { real: true },
    token: accessToken,
  });
  if (launch.status !== 200)
    throw new Error(`launch failed: ${launch.status} ${JSON.stringify(launch.body)}`);
  return {
    accessToken,
    playerId: BigInt(profile.id),
    accountId,
    sessionId: launch.body.data.sessionId as string,
  };
}

/**
 * The built-in provider's side of the seamless wallet, as tests drive it: `launch` starts a real-money game
 * for a player (its session id is the provider's token), `wallet` makes a signed call at the clock's time.
 */
export function houseWallet(
  app: () => FastifyInstance,
  call: ReturnType<typeof caller>["call"],
  secret: string,
  clock: { now(): Date },
  game = "harbor-fortune",
) {
  const launch = async (token: string) =>
    (await call({ url: `/api/game/games/${game}/play`, body: { real: true }, token })).body.data
      .sessionId as string;
  async function wallet(action: string, body: object) {
    const raw = JSON.stringify(body);
    const res = await app().inject({
      method: "POST",
      url: `/api/game/wallet/house/${action}`,
      headers: { "content-type": "application/json", ...signWalletCall(secret, raw, clock.now()) },
      payload: raw,
    });
    return res.json();
  }
  return { launch, wallet };
}

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export { walletBet, walletWin } from "./seamless-wallet";
