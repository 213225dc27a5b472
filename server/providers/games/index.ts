import type { WalletAnswer } from "#common/api/seamless-wallet";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { HOUSE_PROVIDER_ID, type HouseDeps, houseProvider } from "./house/service";
import { type GameProvider, templateProvider } from "./port";
import { signWalletCall } from "./signature";

/** Sends a request into this same server, as `app.inject` does: the real route, hooks and all. */
export type Inject = (req: {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number; body: string; json(): unknown }>;

/** The game providers of this server by id, and what the built-in house provider runs on. */
export interface GameProviders {
  providers: Record<string, GameProvider>;
  /** The built-in provider's own state and wallet client, for its game API and its recovery job. */
  house: HouseDeps;
}

/**
 * The built-in house-games provider, plus every aggregator of GAME_AGGREGATORS. The house provider reaches the
 * casino's seamless wallet through `inject`, signed with its secret, exactly as a remote provider would over HTTP.
 */
export function createGameProviders(o: {
  db: Db;
  clock: Clock;
  houseSecret: string;
  publicUrl: string;
  aggregators: { id: string; secret: string; launchUrl: string }[];
  inject: Inject;
}): GameProviders {
  const house = houseProvider({ db: o.db, secret: o.houseSecret, publicUrl: o.publicUrl });
  const providers: Record<string, GameProvider> = { [HOUSE_PROVIDER_ID]: house };
  for (const a of o.aggregators) providers[a.id] = templateProvider(a);
  return {
    providers,
    house: { db: o.db, clock: o.clock, callWallet: houseWalletCaller(o.inject, o.houseSecret, o.clock) },
  };
}

/** The built-in provider's calls to the seamless wallet: signed, through `inject`. */
export function houseWalletCaller(inject: Inject, secret: string, clock: Clock): HouseDeps["callWallet"] {
  return async (action, body) => {
    const raw = JSON.stringify(body);
    const res = await inject({
      method: "POST",
      url: `/api/game/wallet/${HOUSE_PROVIDER_ID}/${action}`,
      headers: { "content-type": "application/json", ...signWalletCall(secret, raw, clock.now()) },
      payload: raw,
    });
    return res.json() as WalletAnswer;
  };
}
