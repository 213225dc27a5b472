// `npm start`: runs the compiled server (build/server-app/main.js, made by `npm run build`, which `npm ci` runs
// through the `prepare` script) in this same process, so signals reach it directly. It never builds and never
// compiles TypeScript: what runs in production is what was built and tested. The server migrates and seeds the
// database on boot.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const main = "build/server-app/main.js";
for (const file of [main, "build/server/index.js"]) {
  if (!existsSync(file)) {
    console.error(`No build at ${file}: run "npm run build" first (npm ci does it for you).`);
    process.exit(1);
  }
}
// React renders its fast production build; APP_ENV decides whether secrets are demanded. A NODE_ENV=production
// set by the operator without APP_ENV means production (server/config.ts, appEnvOf); one this script picks for
// React's sake keeps a newcomer's start in development, as before (decision 0001).
if (process.env.NODE_ENV === undefined) {
  process.env.NODE_ENV = "production";
  process.env.APP_ENV ??= "development";
}
await import(pathToFileURL(main).href);
