import { eq } from "drizzle-orm";
import type { Avatar, Profile, SetAvatarBody } from "#common/api/player";
import type { AppDeps } from "../../app";
import type { Caller } from "./auth";
import type { RequestContext } from "./context";
import { fieldError, str } from "./forms";
import { toProfile } from "./profile";
import { players } from "./tables";
import { text } from "./texts";

/** The avatars a player may pick: drawings shipped with the site in public/avatars/. */
export const AVATARS: readonly Avatar[] = [
  ["anchor", "Anchor"],
  ["compass", "Compass"],
  ["chip-red", "Red chip"],
  ["chip-blue", "Blue chip"],
  ["chip-gold", "Gold chip"],
  ["spade", "Spade"],
  ["heart", "Heart"],
  ["diamond", "Diamond"],
  ["club", "Club"],
  ["dice", "Dice"],
  ["roulette", "Roulette"],
  ["star", "Lucky star"],
  ["crown", "Crown"],
].map(([id, name]) => ({ id: id!, name: name!, url: `/avatars/${id}.svg` }));

/** POST /api/player/avatar/set-avatar {avatarId}. */
export async function setAvatar(
  deps: Pick<AppDeps, "db" | "clock">,
  caller: Caller,
  body: SetAvatarBody,
  ctx: RequestContext,
): Promise<Profile> {
  const id = str(body.avatarId);
  if (!id || !AVATARS.some((a) => a.id === id))
    throw fieldError("avatarId", text(ctx.locale, "unknownAvatar"));
  const [row] = await deps.db
    .update(players)
    .set({ avatarId: id, updatedAt: deps.clock.now() })
    .where(eq(players.id, caller.playerId))
    .returning();
  return toProfile(row!);
}
