import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The server's import graph, read with the TypeScript parser so every form counts: `import`, `import type`,
 * `export … from`, `import()` and `require()`. What the module-boundary tests (boundaries.test.ts) judge.
 */
export interface ImportEdge {
  /** Repository-relative paths, `/`-separated. */
  from: string;
  to: string;
  typeOnly: boolean;
}

export const ROOT = resolve(import.meta.dirname, "../..");

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "migrations") continue;
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveSpecifier(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  if (base.endsWith(".js")) candidates.push(base.replace(/\.js$/, ".ts"));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const to = resolveSpecifier(file, spec);
    if (to) edges.push({ from: relative(ROOT, file), to: relative(ROOT, to), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) add(lit.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** `server/modules/<name>/…` → `<name>`; anything else → undefined. */
export function moduleOf(path: string): string | undefined {
  return /^server\/modules\/([^/]+)\//.exec(path)?.[1];
}

export const isTest = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  /(^|\/)test-support\.ts$/.test(path) ||
  /-child\.ts$/.test(path) ||
  path.startsWith("server/test/");

export const isFace = (path: string) => /^server\/modules\/[^/]+\/index\.ts$/.test(path);

/** Strongly connected components of more than one node (Tarjan), each sorted. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}
