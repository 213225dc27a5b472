import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareQueries } from "./pglite-prepared";

describe("PGlite statements prepared once (issue 38)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    prepareQueries(db);
    await db.exec(
      "create table t (id int primary key, note text, data jsonb, at timestamptz, amount numeric(38,18))",
    );
  });
  afterAll(() => db.close());

  const named = async () =>
    (await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n;

  it("names a parameterised statement once and answers as PGlite's own query", async () => {
    const insert = "insert into t (id, note, data, at, amount) values ($1, $2, $3, $4, $5) returning *";
    const at = new Date("2026-12-04T10:00:00Z");
    const first = await db.query(insert, [1, "one", { a: [1, 2] }, at, "1.5"]);
    const second = await db.query(insert, [2, null, null, null, "0.000000000000000001"]);
    expect(first.rows).toEqual([
      { id: 1, note: "one", data: { a: [1, 2] }, at, amount: "1.500000000000000000" },
    ]);
    expect(second.rows).toEqual([
      { id: 2, note: null, data: null, at: null, amount: "0.000000000000000001" },
    ]);
    expect(second.affectedRows).toBe(1);
    // One statement for the insert, however often it ran (the count's own text has no parameters).
    expect(await named()).toBe(1);
    // Array rows and parsers of the caller's (as Drizzle asks for them) pass through.
    const arrays = await db.query("select id, at from t where id = $1", [1], {
      rowMode: "array",
      parsers: { 1184: (v: string) => `raw ${v}` },
    });
    expect(arrays.rows).toEqual([[1, "raw 2026-12-04 10:00:00+00"]]);
  });

  it("throws PostgreSQL's error and stays usable: the same statement and others run after it", async () => {
    const insert = "insert into t (id, note) values ($1, $2)";
    await db.query(insert, [10, "ten"]);
    await expect(db.query(insert, [10, "again"])).rejects.toMatchObject({ code: "23505" });
    await expect(db.query("select nope from t where id = $1", [1])).rejects.toMatchObject({ code: "42703" });
    await db.query(insert, [11, "eleven"]);
    const rows = (await db.query("select id from t where id >= $1 order by id", [10])).rows;
    expect(rows).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it("leaves transactions to PGlite, and a rolled-back one writes nothing", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id) values ($1)", [20]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.query("select id from t where id = $1", [20])).rows).toEqual([]);
  });
});
