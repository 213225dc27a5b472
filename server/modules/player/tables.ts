import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  pgTable,
  type ReferenceConfig,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PLAYER_STATUS } from "#common/constants";
import { bigintIdentity, createdAt, timestamptz, updatedAt } from "../../db/columns";

/**
 * A player account. The id is a bigint identity, exposed as a string. E-mail is unique whatever its case
 * (stored as typed, compared lower-cased); phone is unique in E.164; a Telegram user id belongs to one player.
 * Any of them may be missing: a player signs up by e-mail, by phone, from Telegram or with a social provider
 * (server/modules/social keeps the links), and unlinking never leaves a player without a way in.
 */
export const players = pgTable(
  "players",
  {
    id: bigintIdentity(),
    email: text("email"),
    phone: text("phone"),
    /** Null for a player who signed up through Telegram or a social provider and never set one. */
    passwordHash: text("password_hash"),
    nickname: text("nickname").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    tgUserId: text("tg_user_id"),
    language: text("language").notNull().default("en"),
    country: text("country"),
    currency: text("currency"),
    timeZone: text("time_zone"),
    birthdate: date("birthdate", { mode: "string" }),
    gender: text("gender", { enum: ["male", "female"] }),
    city: text("city"),
    address: text("address"),
    postalCode: text("postal_code"),
    // The fields a country's rules may ask for (decision 0061).
    fullName: text("full_name"),
    nationality: text("nationality"),
    profession: text("profession"),
    placeOfBirth: text("place_of_birth"),
    personalIdNumber: text("personal_id_number"),
    /** Brazil's taxpayer number, 11 digits without punctuation; one account per CPF. */
    cpfNumber: text("cpf_number"),
    additionalAddress: text("additional_address"),
    securityQuestion: text("security_question"),
    /** argon2id of the normalised answer; never returned. */
    securityAnswerHash: text("security_answer_hash"),
    /** False when the player declined bonuses at sign-up: no registration bonus is given. */
    receiveBonus: boolean("receive_bonus").notNull().default(true),
    avatarId: text("avatar_id"),
    receiveEmailPromo: boolean("receive_email_promo").notNull().default(false),
    receiveSmsPromo: boolean("receive_sms_promo").notNull().default(false),
    freshchatRestoreId: text("freshchat_restore_id"),
    status: smallint("status").notNull().default(PLAYER_STATUS.active),
    /** When a self-exclusion or a break (status 3 or 4) ends; null for a permanent one or any other status. */
    restrictedUntil: timestamptz("restricted_until"),
    /**
     * Minutes of play between reality-check reminders (RTS 13): null until the player chooses, meaning their
     * country's default (decision 0011); 0 when they turned it off.
     */
    realityCheckMinutes: smallint("reality_check_minutes"),
    affiliateTag: text("affiliate_tag"),
    emailVerifiedAt: timestamptz("email_verified_at"),
    phoneVerifiedAt: timestamptz("phone_verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("players_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("players_phone_key").on(t.phone),
    uniqueIndex("players_tg_user_id_key").on(t.tgUserId),
    uniqueIndex("players_cpf_number_key").on(t.cpfNumber),
  ],
);

/**
 * A column naming the player a row belongs to; `onDelete: "cascade"` for rows that mean nothing without the
 * player (their sessions, favourites, links).
 */
export const playerIdColumn = (actions?: ReferenceConfig["actions"]) =>
  bigint("player_id", { mode: "bigint" })
    .notNull()
    .references(() => players.id, actions);

/**
 * One row per login. The access token names its row (`sid`); a revoked row makes the token worthless at once,
 * and refresh keeps a live row going for up to a year.
 */
export const playerSessions = pgTable(
  "player_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    device: text("device").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    fingerprint: text("fingerprint"),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("player_sessions_player_idx").on(t.playerId, t.lastSeenAt)],
);

/**
 * One-time codes and link tokens: SMS and e-mail codes (6 digits), reset and verification links, login tokens.
 * Only an HMAC of the code is kept. A code is spent once (`used_at`) and burnt after too many wrong attempts.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    purpose: text("purpose").notNull(),
    /** What the code was sent to or is for: an E.164 phone, a lower-cased e-mail, a player id. */
    target: text("target").notNull(),
    playerId: bigint("player_id", { mode: "bigint" }).references(() => players.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("one_time_codes_target_idx").on(t.purpose, t.target, t.createdAt),
    index("one_time_codes_hash_idx").on(t.codeHash),
  ],
);

/**
 * A registration or login that matched a self-excluded person (decision 0053): who tried (the account, or none for
 * a refused sign-up, then the details they gave, masked), whom they matched and by what, and what happened.
 * Staff see it on both players' pages; clearing it (not the same person) lets that account in again.
 */
export const excludedPersonMatches = pgTable(
  "excluded_person_matches",
  {
    id: bigintIdentity(),
    /** The account that tried; null for a refused registration (no account was made). */
    playerId: bigint("player_id", { mode: "bigint" }).references(() => players.id, { onDelete: "cascade" }),
    excludedPlayerId: bigint("excluded_player_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /** The details that matched: email, phone, name-birthdate, device. */
    matchedBy: text("matched_by").array().notNull(),
    event: text("event", { enum: ["registration", "login"] }).notNull(),
    outcome: text("outcome", { enum: ["refused", "held"] }).notNull(),
    /** What the attempt gave, masked (j***@example.com, +4479****12), for a refused registration. */
    attempt: text("attempt"),
    clearedAt: timestamptz("cleared_at"),
    clearedBy: text("cleared_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("excluded_person_matches_player").on(t.playerId),
    index("excluded_person_matches_excluded").on(t.excludedPlayerId),
  ],
);
