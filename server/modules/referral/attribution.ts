import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { type SignUp, sharesDeviceOrAddress } from "../player";
import { normalizeCode, ownerOfCode } from "./codes";
import { referrals } from "./tables";

export type AttributionOutcome =
  | "attributed"
  | "no_code"
  | "unknown_code"
  | "own_code"
  | "same_device"
  | "same_address"
  | "already_attributed"
  | "off";

/**
 * Attributes a new player to the referrer whose code they came with, inside the sign-up's own transaction
 * (decision 0017). Never blocks the sign-up: an unknown code, or a refused one, just attributes nothing. Refused:
 * the player's own code, and a sign-up from a device (fingerprint) or an address (IP) any of the referrer's
 * sessions used. A second attribution of the same player (a retried or concurrent sign-up) keeps the first.
 */
export async function attributeReferral(
  tx: Db,
  config: Pick<Config, "REFERRAL_ENABLED" | "REFERRAL_SAME_ADDRESS_CHECK">,
  signUp: SignUp,
): Promise<AttributionOutcome> {
  if (!config.REFERRAL_ENABLED) return "off";
  const code = normalizeCode(signUp.code);
  if (signUp.code === undefined || signUp.code === null || signUp.code === "") return "no_code";
  if (!code) return "unknown_code";
  const referrerId = await ownerOfCode(tx, code);
  if (referrerId === undefined) return "unknown_code";
  if (referrerId === signUp.playerId) return "own_code";
  const shared = await sharesDeviceOrAddress(tx, referrerId, signUp);
  if (shared.device) return "same_device";
  if (shared.address && config.REFERRAL_SAME_ADDRESS_CHECK) return "same_address";
  const inserted = await tx
    .insert(referrals)
    .values({ referredId: signUp.playerId, referrerId, attributedAt: signUp.at })
    .onConflictDoNothing()
    .returning({ id: referrals.referredId });
  return inserted.length > 0 ? "attributed" : "already_attributed";
}
