// `npm start`: builds the site when there is no build yet, then runs the server in this same process
// (so signals reach it directly); the server migrates and seeds the database on boot.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { register } from "tsx/esm/api";

if (!existsSync("build/server/index.js")) {
  console.log("No site build yet: building it first…");
  const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// React renders its fast production build; APP_ENV (not NODE_ENV) decides whether secrets are demanded.
process.env.NODE_ENV ??= "production";
register();
await import("../server/main.ts");
