// `npm run bench`: runs the benchmarks in bench/ (TypeScript, through tsx) one after another in this process:
// HTTP against a bare Fastify baseline, the main pages' largest contentful paint on a throttled phone, the games
// calls and the sportsbook's bet placement against the same, the realtime hub against a bare `ws` server, the
// live odds fan-out, then the money paths against pgbench (house games, ledger) and the sportsbook settlement of 10,000 bets. See bench/README.md.
import { register } from "tsx/esm/api";

register();
await import("../bench/run.ts");
await import("../bench/lcp.ts");
await import("../bench/games.ts");
await import("../bench/sportsbook.ts");
await import("../bench/realtime.ts");
await import("../bench/sport-odds-hub.ts");
await import("../bench/house.ts");
await import("../bench/ledger.ts");
await import("../bench/settlement.ts");
