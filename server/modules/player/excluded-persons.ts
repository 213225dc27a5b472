import { and, eq, gt, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { excludedPersonMatches, playerSessions, players } from "./tables";

/**
 * A self-exclusion holds for the person, not only the account (decision 0053). Someone who excluded themselves can
 * open another account with another e-mail; so a registration or a login is compared with every self-excluded
 * person whose exclusion still runs, by the details a person keeps: the e-mail (as the mailbox, without `+tags`
 * and Gmail's dots), the phone, the name with the birth date, and (where the operator turns it on) the device.
 * A match is refused or held for staff to review (EXCLUDED_PERSON_MATCH), and staff see it on both players' pages.
 */

export type MatchedBy = "email" | "phone" | "name-birthdate" | "device";

/** What a registration or login tells of the person. */
export interface PersonDetails {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  birthdate?: string | null;
  fingerprint?: string | null;
}

export interface ExcludedMatch {
  excludedPlayerId: bigint;
  matchedBy: MatchedBy[];
}

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/** The mailbox an address delivers to: lower case, no `+tag`, and for Gmail no dots and one domain. */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at).replace(/\+.*$/, "");
  let domain = lower.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The same in SQL, for the stored addresses of excluded players. */
const mailboxSql = (column: SQL | typeof players.email) => {
  const lower = sql`lower(trim(${column}))`;
  const local = sql`regexp_replace(split_part(${lower}, '@', 1), '\\+.*$', '')`;
  const domain = sql`split_part(${lower}, '@', 2)`;
  return sql`case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end`;
};

/** A name as people write it differently: lower case, single spaces, first then last. */
export function nameOf(first?: string | null, last?: string | null): string | undefined {
  const name = `${first ?? ""} ${last ?? ""}`.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  return first?.trim() && last?.trim() ? name : undefined;
}

const nameSql = sql`lower(regexp_replace(trim(${players.firstName}) || ' ' || trim(${players.lastName}), '\\s+', ' ', 'g'))`;

/**
 * The self-excluded persons (exclusion still running) these details match, other than `self`, with what matched;
 * matches staff cleared for `self` are left out.
 */
export async function findExcludedPersons(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  person: PersonDetails,
  self?: bigint,
): Promise<ExcludedMatch[]> {
  const mailbox = person.email ? mailboxOf(person.email) : undefined;
  const name = nameOf(person.firstName, person.lastName);
  const fingerprint = deps.config.EXCLUDED_PERSON_MATCH_DEVICE
    ? person.fingerprint?.slice(0, 200) || null
    : null;
  const tests: { by: MatchedBy; when: SQL }[] = [];
  if (mailbox) tests.push({ by: "email", when: sql`${mailboxSql(players.email)} = ${mailbox}` });
  if (person.phone) tests.push({ by: "phone", when: sql`${players.phone} = ${person.phone}` });
  if (name && person.birthdate)
    tests.push({
      by: "name-birthdate",
      when: sql`(${players.birthdate} = ${person.birthdate} and ${nameSql} = ${name})`,
    });
  if (fingerprint)
    tests.push({
      by: "device",
      when: sql`exists (select 1 from ${playerSessions} where ${playerSessions.playerId} = ${players.id} and ${playerSessions.fingerprint} = ${fingerprint})`,
    });
  if (tests.length === 0) return [];
  const rows = await deps.db
    .select({
      id: players.id,
      ...Object.fromEntries(tests.map((t, i) => [`m${i}`, sql<boolean>`coalesce(${t.when}, false)`])),
    })
    .from(players)
    .where(
      and(
        eq(players.status, PLAYER_STATUS.selfExcluded),
        or(isNull(players.restrictedUntil), gt(players.restrictedUntil, deps.clock.now())),
        self === undefined ? undefined : ne(players.id, self),
        or(...tests.map((t) => t.when)),
        self === undefined
          ? undefined
          : sql`not exists (select 1 from ${excludedPersonMatches} where ${excludedPersonMatches.playerId} = ${self} and ${excludedPersonMatches.excludedPlayerId} = ${players.id} and ${excludedPersonMatches.clearedAt} is not null)`,
      ),
    )
    .limit(20);
  return rows.map((r) => ({
    excludedPlayerId: r.id,
    matchedBy: tests.filter((_, i) => (r as Record<string, unknown>)[`m${i}`] === true).map((t) => t.by),
  }));
}

/** What the attempt gave, masked as staff may see it on a refused sign-up (no account to show). */
export function maskedAttempt(person: PersonDetails): string {
  const parts: string[] = [];
  if (person.email) {
    const [local = "", domain = ""] = person.email.trim().split("@");
    parts.push(`${local.slice(0, 1)}***@${domain}`);
  }
  if (person.phone) parts.push(`${person.phone.slice(0, 5)}****${person.phone.slice(-2)}`);
  return parts.join(", ");
}

export const excludedPersonRefused = () =>
  new ApiError(
    403,
    "excluded_person",
    "We cannot let you play: these details belong to someone who has excluded themselves from play. If you think this is a mistake, contact support",
  );

export const accountHeldForReview = () =>
  new ApiError(
    403,
    "account_held",
    "Your account is held while our team checks it against our self-exclusion register. We will write to you; you can also contact support",
  );

/**
 * Before a registration creates anything (EXCLUDED_PERSON_MATCH=refuse): refuses a person who matches a
 * self-excluded one, and records the attempt for staff.
 */
export async function refuseExcludedRegistration(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  person: PersonDetails,
): Promise<void> {
  if (deps.config.EXCLUDED_PERSON_MATCH !== "refuse") return;
  const matches = await findExcludedPersons(deps, person);
  if (matches.length === 0) return;
  await deps.db.insert(excludedPersonMatches).values(
    matches.map((m) => ({
      excludedPlayerId: m.excludedPlayerId,
      matchedBy: m.matchedBy,
      event: "registration" as const,
      outcome: "refused" as const,
      attempt: maskedAttempt(person),
    })),
  );
  throw excludedPersonRefused();
}

/**
 * An account that is about to log in, or was just registered: when its person matches a self-excluded one (other
 * than the account itself, and not cleared by staff for it), the login is refused, or (review) the account is
 * blocked until staff clear the match. Either way the match is recorded.
 */
export async function checkExcludedPerson(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  playerId: bigint,
  event: "registration" | "login",
  seen: { fingerprint?: string | null },
): Promise<void> {
  const policy = deps.config.EXCLUDED_PERSON_MATCH;
  if (policy === "off") return;
  const [p] = await deps.db.select().from(players).where(eq(players.id, playerId));
  if (!p) return;
  const matches = await findExcludedPersons(deps, { ...p, fingerprint: seen.fingerprint }, playerId);
  if (matches.length === 0) return;
  const outcome = policy === "review" ? ("held" as const) : ("refused" as const);
  await deps.db.transaction(async (tx) => {
    await tx.insert(excludedPersonMatches).values(
      matches.map((m) => ({
        playerId,
        excludedPlayerId: m.excludedPlayerId,
        matchedBy: m.matchedBy,
        event,
        outcome,
      })),
    );
    if (outcome === "held")
      await tx
        .update(players)
        .set({ status: PLAYER_STATUS.blocked, updatedAt: deps.clock.now() })
        .where(and(eq(players.id, playerId), eq(players.status, PLAYER_STATUS.active)));
  });
  throw outcome === "held" ? accountHeldForReview() : excludedPersonRefused();
}

/** Matches on a player's page: theirs (as the one who tried) and those against them (as the excluded person). */
export async function excludedPersonMatchesOf(db: Db, playerId: bigint) {
  return db
    .select()
    .from(excludedPersonMatches)
    .where(
      or(eq(excludedPersonMatches.playerId, playerId), eq(excludedPersonMatches.excludedPlayerId, playerId)),
    )
    .orderBy(sql`${excludedPersonMatches.id} desc`)
    .limit(100);
}

/** Staff found the match is not the same person: that account may log in again (unblocked by staff apart). */
export async function clearExcludedPersonMatch(db: Db, matchId: bigint, staff: string, now: Date) {
  const [row] = await db
    .update(excludedPersonMatches)
    .set({ clearedAt: now, clearedBy: staff })
    .where(and(eq(excludedPersonMatches.id, matchId), isNull(excludedPersonMatches.clearedAt)))
    .returning();
  return row;
}
