import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createCache } from "../../cache";
import { loadConfig } from "../../config";
import { rowsOf } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed";
import { assertBooksBalance, reopenableDatabase } from "../../test/harness";
import { killChildAt } from "../../test/sigkill";
import { caller } from "../player/test-support";
import { playerInRealGame } from "./test-support";

const SECRET = "group-commit-kill-secret-group-commit-kill";
const PLAYERS = 16;

// Group commit is PostgreSQL's (decision 0056); this runs where TEST_DATABASE_URL names one, as on CI.
describe.runIf(process.env.TEST_DATABASE_URL)(
  "a server killed in the middle of group commits (issue 38)",
  () => {
    it("finds every answered bet and win stored, and no call half-stored; the books balance", {
      timeout: 300_000,
    }, async () => {
      const where = await reopenableDatabase("postgres");
      try {
        let database = await where.open();
        await migrate(database);
        await seedDemo(database.db);
        const tokens: string[] = [];
        {
          // Visitors from many addresses through the CDN header, as the test harness's app takes them.
          const config = loadConfig({
            APP_ENV: "test",
            LOG_LEVEL: "silent",
            BEHIND_CLOUDFLARE: "true",
            HOUSE_GAMES_SECRET: SECRET,
          });
          const app = await buildApp({ config, db: database.db, cache: createCache({}) });
          await app.ready();
          const player = caller(() => app);
          for (let i = 0; i < PLAYERS; i++)
            tokens.push((await playerInRealGame(player, database.db, "harbor-fortune", "100")).sessionId);
          await app.close();
        }
        await database.close();

        // Killed after 400 answered calls, at a moment that lands inside the batches then in flight.
        const answered: string[] = [];
        let largest = 0;
        await killChildAt(
          "server/modules/game/group-commit-kill-child.ts",
          { url: where.url, secret: SECRET, tokens },
          "n 400",
          31,
          (line) => {
            const [what, value] = line.split(" ");
            if (what === "bet" || what === "win") answered.push(value!);
            if (what === "largest") largest = Math.max(largest, Number(value));
          },
        );
        // The calls really went in groups: a kill among single commits would prove nothing here.
        expect(largest).toBeGreaterThan(1);
        expect(answered.length).toBeGreaterThanOrEqual(400);

        database = await where.open();
        try {
          const stored = new Set(
            (
              await rowsOf<{ tx_id: string }>(
                database.db,
                sql`select tx_id from game_transactions where provider = 'house' and tx_id like 'k%'`,
              )
            ).map((r) => r.tx_id),
          );
          // Every call the child answered is stored.
          expect(answered.filter((id) => !stored.has(id))).toEqual([]);
          // None half-stored: each money-moving call's ledger entry has its stored answer and round, and back.
          const halves = await rowsOf<{ key: string | null; tx_id: string | null }>(
            database.db,
            sql`select e.idempotency_key as key, t.tx_id
                from (select idempotency_key from ledger_entries where idempotency_key like 'game:house:k%') e
                full join (select tx_id from game_transactions t
                            where provider = 'house' and tx_id like 'k%' and amount <> 0) t
                  on e.idempotency_key = 'game:house:' || t.tx_id
               where e.idempotency_key is null or t.tx_id is null`,
          );
          expect(halves).toEqual([]);
          const roundless = await rowsOf<{ tx_id: string }>(
            database.db,
            sql`select t.tx_id from game_transactions t
               where t.provider = 'house' and t.tx_id like 'k%'
                 and not exists (select from game_rounds r where r.provider = 'house' and r.player_id = t.player_id and r.round_id = t.round_id)`,
          );
          expect(roundless).toEqual([]);
          // The rounds, the balances and the ledger agree (the daily reconciliation).
          await assertBooksBalance(database);
        } finally {
          await database.close();
        }
      } finally {
        await where.drop();
      }
    });
  },
);
