// `npm run build:sportsbook` (also part of `npm run build`): the built-in sportsbook's widget script, one
// self-contained file served at /sportsbook/sdk.js (docs/sportsbook-widgets.md). The production server serves
// build/client; `--watch` also writes public/sportsbook/sdk.js for the development server (Vite serves public/).
import { build, context } from "esbuild";

const watch = process.argv.includes("--watch");
const options = {
  entryPoints: ["server/providers/odds/widgets/index.ts"],
  outfile: watch ? "public/sportsbook/sdk.js" : "build/client/sportsbook/sdk.js",
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["es2022", "chrome111", "safari16.4", "firefox113"],
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  legalComments: "none",
  logLevel: "warning",
};

if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  console.log(`sportsbook widgets: watching, writing ${options.outfile}`);
} else {
  const result = await build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  console.log(`sportsbook widgets built into ${options.outfile} (${(bytes / 1024).toFixed(1)} KB)`);
}
