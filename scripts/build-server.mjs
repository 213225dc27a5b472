// `npm run build` (after the site build): compiles the server ahead of time into build/server-app/, so
// `npm start` runs plain JavaScript. One ES module bundle of our own code; npm packages stay imports (node_modules
// is there at run time). The SQL migrations travel beside it: server/db/migrate.ts finds them next to itself.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "build/server-app";
rmSync(out, { recursive: true, force: true });
await build({
  // The server, `npm run reconcile` (the ledger check on demand) and `npm run setup` (an operator's first run).
  entryPoints: ["server/main.ts", "server/reconcile.ts", "server/setup-command.ts"],
  outdir: out,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
console.log(`server built into ${out}/`);
