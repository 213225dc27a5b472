import type { Db } from "../../db/client";
import type { caller } from "../player/test-support";
import { post } from "../wallet/ledger";

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
  await post(db, {
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
