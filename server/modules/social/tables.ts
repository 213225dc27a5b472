import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, numberIdentity } from "../../db/columns";
import { playerIdColumn } from "../player/tables";

/**
 * A player's link to an outside identity: Telegram (the user id) or an OpenID Connect provider (its `sub`).
 * One identity belongs to one player; a player has at most one link per kind.
 */
export const socialConnections = pgTable(
  "social_connections",
  {
    id: numberIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    /** `telegram`, or the configured OIDC provider's id (`google`, …). */
    socialType: text("social_type").notNull(),
    subject: text("subject").notNull(),
    /** What the player recognises it by: a username or an e-mail. */
    displayName: text("display_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("social_connections_identity").on(t.socialType, t.subject),
    uniqueIndex("social_connections_player_kind").on(t.playerId, t.socialType),
  ],
);
