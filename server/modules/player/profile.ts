import { type AnyColumn, and, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Profile, ProfileUpdateBody } from "#common/api/player";
import { ISO_COUNTRY_CODES, isExcludedCountry } from "#common/countries";
import { isSiteLocale } from "#common/i18n/locales";
import { parsePhone } from "#common/validation/rules";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { recordFact } from "../facts";
import { listCurrencies } from "../settings";
import type { RequestContext } from "./context";
import {
  COUNTRY_FIELDS_OF_PROFILE,
  countryFieldColumns,
  countryFieldErrors,
  cpfDigits,
} from "./country-field-values";
import { type FormChecker, str } from "./forms";
import { limitContactChanges } from "./limits";
import { players } from "./tables";
import { text } from "./texts";

export type PlayerRow = typeof players.$inferSelect;

/** The row as the site sees it (spec point 3 Profile). */
export function toProfile(p: PlayerRow, opts: { isNewlyRegistered?: boolean } = {}): Profile {
  return {
    id: String(p.id),
    nickname: p.nickname,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    emailVerified: p.emailVerifiedAt !== null,
    phone: p.phone,
    phoneVerified: p.phoneVerifiedAt !== null,
    tgUserId: p.tgUserId,
    language: p.language,
    country: p.country,
    currency: p.currency,
    timeZone: p.timeZone,
    birthdate: p.birthdate,
    gender: p.gender,
    city: p.city,
    address: p.address,
    postalCode: p.postalCode,
    fullName: p.fullName,
    nationality: p.nationality,
    profession: p.profession,
    placeOfBirth: p.placeOfBirth,
    personalIdNumber: p.personalIdNumber,
    cpf_number: p.cpfNumber,
    additionalAddress: p.additionalAddress,
    securityQuestion: p.securityQuestion,
    receiveBonus: p.receiveBonus,
    avatarId: p.avatarId,
    receiveEmailPromo: p.receiveEmailPromo,
    receiveSmsPromo: p.receiveSmsPromo,
    freshchatRestoreId: p.freshchatRestoreId,
    isNewlyRegistered: opts.isNewlyRegistered ?? false,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function loadPlayer(db: Db, playerId: bigint): Promise<PlayerRow> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId));
  if (!p) throw new ApiError(401, "unauthorized", "Log in to continue");
  return p;
}

/** The player whose e-mail this is, whatever its case. */
/** A player's status (PLAYER_STATUS), or undefined for no such player: what other modules may ask. */
export async function playerStatus(db: Db, playerId: bigint): Promise<number | undefined> {
  const [p] = await db.select({ status: players.status }).from(players).where(eq(players.id, playerId));
  return p?.status;
}

/**
 * The player's status as a subquery of another module's statement, so a hot path reads it with what it reads
 * anyway instead of in a round trip of its own (issue 38).
 */
export const playerStatusSql = (playerId: SQL | AnyColumn) =>
  sql<number | null>`(select p.status from ${players} p where p.id = ${playerId})`;

/** The public nicknames of some players, by id (a winners feed shows nothing else of them). */
export async function nicknamesOf(db: Db, playerIds: bigint[]): Promise<Map<bigint, string>> {
  if (!playerIds.length) return new Map();
  const rows = await db
    .select({ id: players.id, nickname: players.nickname })
    .from(players)
    .where(inArray(players.id, playerIds));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** Creates a player (registration, or a first login through Telegram or another provider) in `db`'s transaction. */
export async function createPlayer(db: Db, values: typeof players.$inferInsert): Promise<PlayerRow> {
  const [row] = await db.insert(players).values(values).returning();
  await recordRegistered(db, row!);
  return row!;
}

/** The `player.registered` fact, in the transaction that created the player. */
export async function recordRegistered(db: Db, row: Pick<PlayerRow, "id" | "createdAt">): Promise<void> {
  await recordFact(db, {
    kind: "player.registered",
    playerId: Number(row.id),
    key: `player.registered:${row.id}`,
    occurredAt: row.createdAt,
    data: {},
  });
}

/** Records (or clears) the Telegram user a player is linked to; answers the player. */
export async function setTelegramUserId(
  db: Db,
  playerId: bigint,
  tgUserId: string | null,
  now?: Date,
): Promise<PlayerRow> {
  const [row] = await db
    .update(players)
    .set({ tgUserId, ...(now ? { updatedAt: now } : {}) })
    .where(eq(players.id, playerId))
    .returning();
  return row!;
}

export async function findByEmail(db: Db, email: string): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(sql`lower(${players.email}) = ${email.trim().toLowerCase()}`);
  return p;
}

export async function findByPhone(db: Db, e164: string): Promise<PlayerRow | undefined> {
  const [p] = await db.select().from(players).where(eq(players.phone, e164));
  return p;
}

/**
 * The account whose phone is `e164` and was proven by an SMS code. Only such a phone signs in or resets a
 * password by code: a number typed into a profile and never confirmed may be someone else's (decision 0058).
 */
export async function findByVerifiedPhone(db: Db, e164: string): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(and(eq(players.phone, e164), isNotNull(players.phoneVerifiedAt)));
  return p;
}

/** A unique-index violation (PostgreSQL 23505), through Drizzle's wrapper on either engine. */
export function uniqueViolation(err: unknown): string | undefined {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (e.code === "23505") return e.constraint ?? "unique";
  }
  return undefined;
}

/** Whether a currency code is one the site offers now (enabled). */
export async function isOfferedCurrency(db: Db, code: string): Promise<boolean> {
  const list = await listCurrencies(db, { visibleOnly: true });
  return list.some((c) => c.code === code);
}

const NULLABLE_TEXT = [
  "firstName",
  "lastName",
  "city",
  "address",
  "postalCode",
  "freshchatRestoreId",
] as const;

/**
 * PUT /api/player/profile: validates the fields that change with the profile scenario (an unchanged generated
 * nickname such as "alexan***" is not judged again), then writes them. A new e-mail is unverified; a new phone
 * too. E-mail and phone stay unique.
 */
export async function updateProfile(
  deps: Pick<AppDeps, "db" | "clock" | "limiter" | "config">,
  forms: FormChecker,
  playerId: bigint,
  body: ProfileUpdateBody,
  ctx: RequestContext,
): Promise<Profile> {
  const locale = ctx.locale;
  const current = await loadPlayer(deps.db, playerId);
  const before: Record<string, unknown> = toProfile(current);
  const changed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k in before && v !== before[k]) changed[k] = v;
  // The fields of the player's country (decision 0061); another country's extra fields are not kept.
  const fields = forms.scenario("profile", current.country ?? ctx.country);
  for (const k of COUNTRY_FIELDS_OF_PROFILE) if (!(k in fields)) delete changed[k];
  // The CPF compares by its digits: the same number typed with punctuation is no change.
  if ("cpf_number" in changed && cpfDigits(String(changed.cpf_number ?? "")) === (current.cpfNumber ?? ""))
    delete changed.cpf_number;
  // The answer is never shown, so any answer sent is a new one.
  if ("securityAnswer" in fields && str(body.securityAnswer)) changed.securityAnswer = body.securityAnswer;
  // A change of e-mail or phone answers whether another player holds it: counted, so it cannot enumerate them.
  if ("email" in changed || "phone" in changed) await limitContactChanges(deps, ctx, playerId);
  const set: Partial<typeof players.$inferInsert> = {};
  let phone: string | null | undefined;

  // Only what changes is judged: a required field the player does not touch now is asked for by the form, not
  // refused here (a player from before the country's rules could save nothing else). A new question needs its
  // answer with it.
  const judged = Object.fromEntries(
    Object.entries(fields).filter(
      ([k]) => k in changed || (k === "securityAnswer" && "securityQuestion" in changed),
    ),
  );
  await forms.check(judged, changed, locale, async (errors) => {
    await countryFieldErrors(deps.db, fields, changed, errors, locale, playerId);
    // An identity number, once given, is the one the checks were made against: support corrects it.
    for (const k of ["personalIdNumber", "cpf_number"] as const) {
      const stored = k === "cpf_number" ? current.cpfNumber : current.personalIdNumber;
      if (k in changed && stored) errors[k] = [text(locale, "setOnce")];
    }
    if ("securityAnswer" in changed && !("securityQuestion" in changed) && !current.securityQuestion)
      errors.securityQuestion ??= [text(locale, "questionFirst")];
    if ("email" in changed && !str(changed.email)) errors.email ??= [text(locale, "required")];
    if ("phone" in changed && changed.phone !== null) {
      const parsed = parsePhone(String(changed.phone));
      if (parsed.ok) phone = parsed.e164;
    } else if ("phone" in changed) phone = null;
    if ("language" in changed && !(typeof changed.language === "string" && isSiteLocale(changed.language)))
      errors.language = [text(locale, "unknownLanguage")];
    if ("country" in changed && typeof changed.country === "string" && !errors.country) {
      if (!ISO_COUNTRY_CODES.includes(changed.country) || isExcludedCountry(changed.country))
        errors.country = [text(locale, "unknownCountry")];
    }
    if ("currency" in changed && typeof changed.currency === "string" && !errors.currency)
      if (!(await isOfferedCurrency(deps.db, changed.currency)))
        errors.currency = [text(locale, "unknownCurrency")];
    if ("timeZone" in changed && changed.timeZone !== null && !isTimeZone(changed.timeZone))
      errors.timeZone = [text(locale, "unknownTimeZone")];
    for (const k of ["receiveEmailPromo", "receiveSmsPromo", "receiveBonus"] as const)
      if (k in changed && typeof changed[k] !== "boolean") errors[k] = ["Value must be true or false"];
    const email = str(changed.email);
    if (email && !errors.email) {
      const other = await findByEmail(deps.db, email);
      if (other && other.id !== playerId) errors.email = [text(locale, "emailTaken")];
    }
    if (phone && !errors.phone) {
      const [other] = await deps.db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.phone, phone), ne(players.id, playerId)));
      if (other) errors.phone = [text(locale, "phoneTaken")];
    }
    if ((phone === null || (phone === undefined && !current.phone)) && !(str(changed.email) ?? current.email))
      errors.phone ??= [text(locale, "required")];
  });

  const body2 = changed as ProfileUpdateBody;
  const now = deps.clock.now();
  if (body2.nickname !== undefined) set.nickname = String(body2.nickname).trim();
  for (const k of NULLABLE_TEXT) if (k in changed) set[k] = str(changed[k]) || null;
  if ("email" in changed) {
    set.email = str(changed.email)!;
    // A new address is not confirmed; a different case of the same address is.
    if (set.email.toLowerCase() !== current.email?.toLowerCase()) set.emailVerifiedAt = null;
  }
  if (phone !== undefined) {
    set.phone = phone;
    if (phone !== current.phone) set.phoneVerifiedAt = null;
  }
  if ("language" in changed) set.language = changed.language as string;
  if ("country" in changed) set.country = (changed.country as string | null) || null;
  if ("currency" in changed) set.currency = (changed.currency as string | null) || null;
  if ("timeZone" in changed) set.timeZone = (changed.timeZone as string | null) || null;
  if ("birthdate" in changed) set.birthdate = str(changed.birthdate) || null;
  if ("gender" in changed) set.gender = (changed.gender as "male" | "female" | null) || null;
  if ("receiveEmailPromo" in changed) set.receiveEmailPromo = changed.receiveEmailPromo as boolean;
  if ("receiveSmsPromo" in changed) set.receiveSmsPromo = changed.receiveSmsPromo as boolean;
  if ("receiveBonus" in changed) set.receiveBonus = changed.receiveBonus as boolean;
  Object.assign(set, await countryFieldColumns(fields, changed));
  if (Object.keys(set).length === 0) return toProfile(current);
  try {
    const [row] = await deps.db
      .update(players)
      .set({ ...set, updatedAt: now })
      .where(eq(players.id, playerId))
      .returning();
    return toProfile(row!);
  } catch (err) {
    // Another player took the address or number between the check and the write.
    const constraint = uniqueViolation(err);
    if (constraint?.includes("email")) throw fieldErrorOf("email", text(locale, "emailTaken"));
    if (constraint?.includes("phone")) throw fieldErrorOf("phone", text(locale, "phoneTaken"));
    if (constraint?.includes("cpf")) throw fieldErrorOf("cpf_number", text(locale, "cpfTaken"));
    throw err;
  }
}

function fieldErrorOf(field: string, message: string) {
  return new ApiError(422, "validation_error", message, { [field]: [message] });
}

function isTimeZone(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
