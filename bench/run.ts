// `npm run bench`: requests/s and p99 latency of the real server against a bare Fastify measured in the same
// run, so the ratios hold on a noisy machine; and the home page's first-paint JavaScript. See bench/README.md.
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "../tests/e2e/support/bundle";
import { startServer } from "../tests/e2e/support/server";
import { connections, measure, printRatios, seconds, startBare } from "./http";

console.log(`bench: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development" }, quiet: true });
const bare = await startBare();
try {
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await measure("GET /api/settings/currencies", { url: `${site.baseUrl}/api/settings/currencies` }),
    await measure("GET / (server-rendered)", { url: `${site.baseUrl}/` }),
  ];
  console.log();
  printRatios(rows);
  try {
    const js = await homeInitialJs(site.baseUrl);
    console.log(
      `home initial JS: ${kb(js.gzipBytes)} gzip in ${js.scripts.length} files (budget ${kb(HOME_JS_BUDGET_BYTES)})`,
    );
  } catch (err) {
    console.log(`home initial JS: not measured (${(err as Error).message})`);
  }
} finally {
  bare.stop();
  await site.stop();
}
