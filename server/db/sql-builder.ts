import { Column, is, Param, Placeholder, SQL, StringChunk, Table } from "drizzle-orm";

/**
 * A quicker Drizzle SQL builder (issue 38). Under the seamless wallet's bench Drizzle turning SQL trees into
 * text took 18 % of the server's thread: `SQL.buildQueryFromSourceParams` asks `is(chunk, Kind)` of every chunk
 * against up to ten kinds in turn, each miss walking the chunk's class chain, and merges one small result object
 * per chunk. This builder takes the chunks that make up nearly every statement — text, nested SQL, plain values,
 * parameters, tables and columns — by `instanceof` into one accumulator, and hands any other chunk (a view, an
 * alias, a subquery, an enum, a wrapper, an array…) to Drizzle's own code, numbering parameters on the same
 * counter. The text, parameters and typings are Drizzle's, exactly: with `SQL_BUILD_CHECK=1` (the unit tests)
 * every statement is built both ways and a difference throws.
 */

interface BuildConfig {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
  escapeParam(num: number, value: unknown): string;
  escapeString(str: string): string;
  prepareTyping?: (encoder: unknown) => string;
  inlineParams?: boolean;
  paramStartIndex?: { value: number };
  invokeSource?: string;
}

interface Built {
  sql: string;
  params: unknown[];
  typings?: string[];
}

type Build = (this: SQL, chunks: unknown[], config: BuildConfig) => Built;

interface Accumulator {
  sql: string;
  params: unknown[];
  typings: string[] | undefined;
}

// Drizzle's members these use are internal to its typings: read and set by name.
const prototype: object = SQL.prototype;
const drizzleBuild: Build = Reflect.get(prototype, "buildQueryFromSourceParams");
const mapInlineParam: (this: SQL, chunk: unknown, config: BuildConfig) => string = Reflect.get(
  prototype,
  "mapInlineParam",
);
const setBuilder = (build: Build) => Reflect.set(prototype, "buildQueryFromSourceParams", build);
const inlines = (s: SQL): boolean => Reflect.get(s, "shouldInlineParams") === true;
// Table.Symbol's keys (drizzle-orm/table.js).
const NAME = Symbol.for("drizzle:Name");
const SCHEMA = Symbol.for("drizzle:Schema");
const IS_ALIAS = Symbol.for("drizzle:IsAlias");

function typed(out: Accumulator, typing: string) {
  if (out.typings) out.typings.push(typing);
  else out.typings = [typing];
}

function param(self: SQL, out: Accumulator, config: BuildConfig, value: unknown, typing: string) {
  if (config.inlineParams) {
    out.sql += mapInlineParam.call(self, value, config);
    return;
  }
  out.sql += config.escapeParam(config.paramStartIndex!.value++, value);
  out.params.push(value);
  typed(out, typing);
}

function append(out: Accumulator, built: Built) {
  out.sql += built.sql;
  for (const p of built.params) out.params.push(p);
  if (built.typings?.length) for (const t of built.typings) typed(out, t);
}

/** `config` is complete (inlineParams decided, paramStartIndex shared), as Drizzle's own is after its first line. */
function buildInto(self: SQL, chunks: unknown[], config: BuildConfig, out: Accumulator) {
  const { escapeName } = config;
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      out.sql += value.length === 1 ? value[0] : value.join("");
    } else if (chunk === undefined) {
      // nothing, as in Drizzle's
    } else if (chunk === null || (typeof chunk !== "object" && typeof chunk !== "function")) {
      param(self, out, config, chunk, "none");
    } else if (chunk instanceof SQL) {
      const inline = config.inlineParams || inlines(chunk);
      buildInto(
        self,
        chunk.queryChunks,
        inline === config.inlineParams ? config : { ...config, inlineParams: inline },
        out,
      );
    } else if (chunk instanceof Param && !is(chunk.value, Placeholder)) {
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (is(mapped, SQL)) buildInto(self, [mapped], config, out);
      else
        param(self, out, config, mapped, config.prepareTyping ? config.prepareTyping(chunk.encoder) : "none");
    } else if (chunk instanceof Column) {
      const name = config.casing.getColumnCasing(chunk);
      const schema: string | undefined = Reflect.get(chunk.table, SCHEMA);
      const tableName = escapeName(Reflect.get(chunk.table, NAME));
      if (config.invokeSource === "indexes") out.sql += escapeName(name);
      else if (Reflect.get(chunk.table, IS_ALIAS) || schema === undefined)
        out.sql += `${tableName}.${escapeName(name)}`;
      else out.sql += `${escapeName(schema)}.${tableName}.${escapeName(name)}`;
    } else if (chunk instanceof Table) {
      const schema: string | undefined = Reflect.get(chunk, SCHEMA);
      const name = escapeName(Reflect.get(chunk, NAME));
      out.sql +=
        schema === undefined || Reflect.get(chunk, IS_ALIAS) ? name : `${escapeName(schema)}.${name}`;
    } else {
      append(out, drizzleBuild.call(self, [chunk], config));
    }
  }
}

const quickBuild: Build = function (this: SQL, chunks, given) {
  const config: BuildConfig = {
    ...given,
    inlineParams: given.inlineParams || inlines(this),
    paramStartIndex: given.paramStartIndex || { value: 0 },
  };
  const out: Accumulator = { sql: "", params: [], typings: undefined };
  buildInto(this, chunks, config, out);
  return out.typings
    ? { sql: out.sql, params: out.params, typings: out.typings }
    : { sql: out.sql, params: out.params };
};

/** Runs `build` with `inPlace` as the prototype's builder (nested builds call it through `this`). */
function using<T>(inPlace: Build, build: () => T): T {
  setBuilder(inPlace);
  try {
    return build();
  } finally {
    setBuilder(checkedBuild);
  }
}

/** Every statement built both ways, each all the way down in its own way; a difference throws with both. */
const checkedBuild: Build = function (this: SQL, chunks, given) {
  const start = given.paramStartIndex?.value ?? 0;
  const quick = using(quickBuild, () => quickBuild.call(this, chunks, given));
  const end = given.paramStartIndex?.value;
  const counter = given.paramStartIndex ? { value: start } : undefined;
  const slow = using(drizzleBuild, () =>
    drizzleBuild.call(this, chunks, { ...given, ...(counter && { paramStartIndex: counter }) }),
  );
  const same =
    quick.sql === slow.sql &&
    quick.params.length === slow.params.length &&
    quick.params.every((p, i) => Object.is(p, slow.params[i])) &&
    JSON.stringify(quick.typings ?? []) === JSON.stringify(slow.typings ?? []) &&
    (counter === undefined || counter.value === end);
  if (!same)
    throw new Error(
      `sql-builder: the quick build differs from Drizzle's\n${JSON.stringify({ quick, slow }, (_, v) => (typeof v === "bigint" ? `${v}n` : v), 1)}`,
    );
  return quick;
};

let installed = false;

/** Puts the quicker builder in Drizzle's place, once per process (checked both ways under SQL_BUILD_CHECK=1). */
export function installSqlBuilder() {
  if (installed) return;
  installed = true;
  setBuilder(process.env.SQL_BUILD_CHECK === "1" ? checkedBuild : quickBuild);
}

/** Runs `work` with every statement built both ways (the test of this builder), then puts back what was there. */
export function buildingBothWays<T>(work: () => T): T {
  const before: Build = Reflect.get(prototype, "buildQueryFromSourceParams");
  setBuilder(checkedBuild);
  try {
    return work();
  } finally {
    setBuilder(before);
  }
}
