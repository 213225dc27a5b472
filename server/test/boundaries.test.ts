import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, type ImportEdge, importsOf, isFace, isTest, moduleOf, ROOT, sourceFiles } from "./imports";

/**
 * Module boundaries (issue 37, docs/architecture.md): a module is used through its face, `index.ts`, and the
 * modules form no cycle. Biome's noRestrictedImports catches the plain forms as you type; this test reads every
 * import form, resolved, so `./../x/y`, `import()` and the schema barrel cannot slip past.
 *
 * The numbers below are a ratchet: each may only go down, to 0. Lower them when a change lowers the count.
 */
const CEILING = {
  /** Source (not tests) importing another module's file other than its index. */
  crossModuleInternals: 0,
  /** Tests importing another module's file other than its index, tables or test-support. */
  testsCrossModuleInternals: 0,
  /** Modules in import cycles (type imports included, table-to-table foreign keys not). */
  modulesInCycles: 0,
  /** Files in runtime import cycles inside the server. */
  filesInCycles: 0,
  /** `as unknown as` in server source. */
  unknownCasts: 2,
};

const files = sourceFiles(join(ROOT, "server"));
const edges: ImportEdge[] = files.flatMap(importsOf);

const isTables = (p: string) => /\/tables\.ts$/.test(p);
const isSchemaBarrel = (p: string) => p === "server/db/schema.ts";

/** An import that reaches into another module past its face. */
function reachesIn(e: ImportEdge): boolean {
  const target = moduleOf(e.to);
  if (!target || isFace(e.to)) return false;
  if (moduleOf(e.from) === target) return false;
  // Foreign keys name the other module's table; the schema barrel lists every table for drizzle.
  if (isTables(e.from) && isTables(e.to)) return false;
  if (isSchemaBarrel(e.from)) return false;
  return true;
}

function crossModuleInternals() {
  return edges.filter((e) => !isTest(e.from) && reachesIn(e));
}

function testsCrossModuleInternals() {
  return edges.filter(
    (e) => isTest(e.from) && reachesIn(e) && !isTables(e.to) && !/\/test-support\.ts$/.test(e.to),
  );
}

function moduleGraph() {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (isTest(e.from) || (isTables(e.from) && isTables(e.to))) continue;
    const a = moduleOf(e.from);
    const b = moduleOf(e.to);
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return graph;
}

function fileGraph() {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.typeOnly || isTest(e.from) || isTest(e.to)) continue;
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    graph.get(e.from)!.add(e.to);
  }
  return graph;
}

function unknownCasts() {
  return files
    .filter((f) => !isTest(f.slice(ROOT.length + 1)))
    .flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({ at: `${f.slice(ROOT.length + 1)}:${i + 1}`, line }))
        .filter(({ line }) => line.includes(" as unknown as ")),
    );
}

const list = (es: ImportEdge[]) => es.map((e) => `${e.from} → ${e.to}`).join("\n");

describe("module boundaries", () => {
  it("reads every import form", () => {
    // The reader itself: if it stopped seeing imports, every count below would pass by reading nothing.
    const app = edges.filter((e) => e.from === "server/app.ts");
    expect(app.length).toBeGreaterThan(10);
    expect(edges.some((e) => e.typeOnly)).toBe(true);
  });

  it("source reaches another module only through its face", () => {
    const found = crossModuleInternals();
    expect(found.length, list(found)).toBeLessThanOrEqual(CEILING.crossModuleInternals);
  });

  it("tests reach another module through its face, tables or test-support", () => {
    const found = testsCrossModuleInternals();
    expect(found.length, list(found)).toBeLessThanOrEqual(CEILING.testsCrossModuleInternals);
  });

  it("modules form no cycle", () => {
    const found = cycles(moduleGraph());
    const count = found.reduce((n, c) => n + c.length, 0);
    expect(count, found.map((c) => c.join(" ↔ ")).join("\n")).toBeLessThanOrEqual(CEILING.modulesInCycles);
  });

  it("files form no runtime cycle", () => {
    const found = cycles(fileGraph());
    const count = found.reduce((n, c) => n + c.length, 0);
    expect(count, found.map((c) => c.join(" ↔ ")).join("\n")).toBeLessThanOrEqual(CEILING.filesInCycles);
  });

  it("casts through unknown stay rare", () => {
    const found = unknownCasts();
    expect(found.length, found.map((f) => f.at).join("\n")).toBeLessThanOrEqual(CEILING.unknownCasts);
  });
});

/** Where each scheduled job is defined: the file holding its `everyMs`. */
function jobDefinitions() {
  return files
    .map((f) => f.slice(ROOT.length + 1))
    .filter((f) => !isTest(f))
    .flatMap((f) =>
      [...readFileSync(join(ROOT, f), "utf8").matchAll(/\bname: "([a-z-]+)",\s*\n\s*everyMs:/g)].map((m) => ({
        file: f,
        job: m[1]!,
      })),
    );
}

describe("one module shape (docs/architecture.md)", () => {
  const modules = readdirSync(join(ROOT, "server/modules"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it("every module has a face", () => {
    expect(modules.length).toBeGreaterThan(15);
    expect(modules.filter((m) => !existsSync(join(ROOT, "server/modules", m, "index.ts")))).toEqual([]);
  });

  it("a module's jobs live in its jobs.ts; server/jobs keeps only the one that spans modules", () => {
    const found = jobDefinitions();
    // The reader itself: the server has jobs in several modules.
    expect(found.length).toBeGreaterThan(10);
    const misplaced = found.filter(
      (j) =>
        !/^server\/modules\/[^/]+\/jobs\.ts$/.test(j.file) &&
        !(j.file === "server/jobs/index.ts" && j.job === "ledger-reconciliation") &&
        // A payment processor's own watch (PaymentProcessor.jobs: reconciliation with its API), which the payment
        // module's jobs.ts runs and applies as its webhooks.
        !/^server\/providers\/payment\/[^/]+\/processor\.ts$/.test(j.file),
    );
    expect(misplaced.map((j) => `${j.job} in ${j.file}`)).toEqual([]);
  });

  it("the job list takes each module's jobs from its face", () => {
    const fromJobs = edges.filter((e) => e.from === "server/jobs/index.ts" && moduleOf(e.to));
    expect(fromJobs.length).toBeGreaterThan(5);
    expect(fromJobs.filter((e) => !isFace(e.to)).map((e) => e.to)).toEqual([]);
  });
});

describe("the cycle finder", () => {
  it("finds a cycle and nothing in a chain", () => {
    const g = (pairs: [string, string][]) => {
      const m = new Map<string, Set<string>>();
      for (const [a, b] of pairs) {
        if (!m.has(a)) m.set(a, new Set());
        m.get(a)!.add(b);
      }
      return m;
    };
    expect(
      cycles(
        g([
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        g([
          ["a", "b"],
          ["b", "c"],
        ]),
      ),
    ).toEqual([]);
  });
});
