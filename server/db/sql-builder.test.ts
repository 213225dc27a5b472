import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { alias, PgDialect, pgEnum, pgSchema, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { houseRounds, houseSeedPairs } from "../providers/games/house/tables";
import * as schema from "./schema";
import { buildingBothWays, installSqlBuilder } from "./sql-builder";

installSqlBuilder();
const db = drizzle.mock({ schema });
const { ledgerEntries, walletAccounts } = schema;

/** Built by the quick builder and by Drizzle's: buildingBothWays throws when they differ in anything. */
const built = (q: { toSQL(): { sql: string; params: unknown[] } }) => buildingBothWays(() => q.toSQL());
const dialect = new PgDialect();
const rawBuilt = (q: SQL) => buildingBothWays(() => dialect.sqlToQuery(q));

const mood = pgEnum("mood", ["calm", "wild"]);
const elsewhere = pgSchema("elsewhere");
const remote = elsewhere.table("remote", { name: text("name").notNull(), feeling: mood("feeling") });
const local = pgTable("local", { name: text("name") });

describe("the quick SQL builder", () => {
  it("builds the money path's raw statements as Drizzle does: nested SQL, tables, values of every kind", () => {
    const gate = sql`(${sql`select count(*) from ${walletAccounts} where ${walletAccounts.playerId} = ${7n}`} = 0)`;
    const q = rawBuilt(
      sql`with moved as (update ${walletAccounts} w set balance = w.balance + ${"1.5"}::numeric
           where w.id = ${42n} and ${gate} and ${true} and ${null} is null returning w.id)
          insert into ${ledgerEntries} (kind, meta, created_at) select ${"bet"}, ${JSON.stringify({ a: 1 })}::jsonb,
          ${new Date(0).toISOString()}::timestamptz from moved ${undefined} limit ${3}`,
    );
    expect(q.sql).toContain('update "wallet_accounts" w');
    expect(q.sql).toContain('"wallet_accounts"."player_id" = $3');
    expect(q.params).toEqual(["1.5", 42n, 7n, true, null, "bet", '{"a":1}', "1970-01-01T00:00:00.000Z", 3]);
  });

  it("builds the query builder's statements as Drizzle does: columns, encoded parameters, joins, aliases, subqueries", () => {
    const pairs = alias(houseSeedPairs, "p");
    const open = db
      .select({ id: houseRounds.id })
      .from(houseRounds)
      .where(eq(houseRounds.status, "open"))
      .as("open_rounds");
    const select = built(
      db
        .select({ round: houseRounds, pair: pairs.serverSeedHash, n: sql<number>`count(*)`.as("n") })
        .from(houseRounds)
        .innerJoin(pairs, eq(houseRounds.seedPairId, pairs.id))
        .leftJoin(open, eq(open.id, houseRounds.id))
        .where(
          and(
            inArray(houseRounds.status, ["settled", "refunded"]),
            or(gt(houseRounds.nonce, 3), isNull(open.id)),
            eq(houseRounds.createdAt, new Date(5)),
          ),
        )
        .orderBy(desc(houseRounds.id))
        .limit(20),
    );
    expect(select.sql).toContain('"p"."server_seed_hash"');
    expect(select.params).toContain("settled");
    const insert = built(
      db
        .insert(houseSeedPairs)
        .values({ owner: "player:1", serverSeed: "s", serverSeedHash: "h", clientSeed: "c" })
        .onConflictDoNothing()
        .returning(),
    );
    expect(insert.sql).toMatch(/^insert into "house_seed_pairs"/);
    const update = built(
      db
        .update(houseRounds)
        .set({ status: "paying", outcome: { revealed: [1, 2] }, payout: sql`${houseRounds.payout} + ${"2"}` })
        .where(and(eq(houseRounds.id, 9), sql`${houseRounds.outcome} = ${JSON.stringify({})}::jsonb`))
        .returning(),
    );
    expect(update.params).toContain('{"revealed":[1,2]}');
  });

  it("leaves the rarer chunks to Drizzle with one count of parameters: arrays, joins, placeholders, inline values, enums, schemas", () => {
    const q = rawBuilt(
      sql`select ${sql.join([sql`${1}`, sql`${2}`], sql`, `)}, ${[3, 4]}, ${sql.placeholder("later")},
        ${sql`${"it's"}`.inlineParams()}, ${5}, ${mood}, ${remote}, ${remote.feeling}, ${local}, ${sql.identifier("x")}`,
    );
    expect(q.sql).toMatch(/\(\$3, \$4\), \$5,\s+'it''s', \$6/);
    expect(q.sql).toContain('"mood", "elsewhere"."remote", "elsewhere"."remote"."feeling", "local", "x"');
    const prepared = built(
      db
        .select()
        .from(remote)
        .where(eq(remote.name, sql.placeholder("name"))),
    );
    expect(prepared.params).toHaveLength(1);
  });

  it("numbers parameters on after a chunk Drizzle built, as Drizzle does", () => {
    const q = rawBuilt(sql`${1} ${[2, 3]} ${sql`${4}`} ${[5]} ${6}`);
    expect(q.sql).toBe("$1 ($2, $3) $4 ($5) $6");
  });
});
