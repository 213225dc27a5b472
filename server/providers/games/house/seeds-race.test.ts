/**
 * Decision 0035: a server seed is revealed only when no round drawn on it is open, and the database enforces it.
 * These tests attack that rule as a player would: rotate the seeds from one game session while another session
 * of the same player starts a round, start a round several times at once, and ask for an open round's seed.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { describeEachDb } from "../../../test/harness";
import { arrangeDeal, playable } from "./blackjack-test-support";
import { recoverHouseRounds } from "./recovery";
import { MOVE_BY_MOVE_ENGINES, play } from "./service";
import { houseRounds, houseSeedPairs } from "./tables";
import { ABANDONED, RECOVERY_SECRET, recoveryFixture } from "./test-support";

/** The move-by-move engines (a round stays open across calls) and how each starts. */
const ENGINES = [
  { game: "reef-mines", start: "mines/start", body: { amount: "0.1", mines: { mines: 3 } } },
  { game: "harbor-hi-lo", start: "hilo/start", body: { amount: "0.1" } },
  { game: "harbor-jacks-or-better", start: "videopoker/start", body: { amount: "0.1" } },
  { game: "harbor-blackjack", start: "blackjack/start", body: { amount: "0.1" } },
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb(
  "house seeds and open rounds under concurrency",
  (ctx, kind) => {
    const fixture = recoveryFixture(ctx);
    const { call, db, deps } = fixture;
    const player = caller(() => ctx().app);
    /** A player with 100 USD in a real-money session of `game`. */
    async function realPlayer(game: string) {
      const p = await playerInRealGame(player, db(), game, "100");
      return { token: p.accessToken, session: p.sessionId };
    }
    // The window is a few milliseconds wide: hundreds of tries on PostgreSQL, where calls really overlap;
    // PGlite runs one statement at a time, so a few tries there only check that the rule holds at all.
    const tries = kind === "postgres" ? 200 : 10;

    /** Open rounds drawn on a seed pair that was revealed: each is a round the player can win at will. */
    const roundsOnRevealedSeeds = () =>
      db()
        .select({ id: houseRounds.id })
        .from(houseRounds)
        .innerJoin(houseSeedPairs, eq(houseSeedPairs.id, houseRounds.seedPairId))
        .where(and(eq(houseRounds.status, "open"), isNotNull(houseSeedPairs.revealedAt)));

    /** A second game session of the player who holds `p`: their seeds are shared by all their sessions. */
    async function secondSession(token: string) {
      const launch = await call({ url: "/api/game/games/harbor-dice/play", body: { real: true }, token });
      return launch.body.data.sessionId as string;
    }

    it("races every move-by-move engine", () => {
      expect(ENGINES.map((e) => e.start.split("/")[0]).sort()).toEqual([...MOVE_BY_MOVE_ENGINES].sort());
    });

    it.each(ENGINES)(
      "$game: rotating seeds from another session while a round starts never reveals the round's seed",
      async ({ game, start, body }) => {
        const p = await realPlayer(game);
        const other = await secondSession(p.token);
        let revealedWhileOpen = 0;
        for (let i = 0; i < tries; i++) {
          const [started, rotated] = await Promise.all([
            call({ url: `/api/house/sessions/${p.session}/${start}`, body }),
            sleep(i % 5).then(() => call({ url: `/api/house/sessions/${other}/seeds/rotate`, body: {} })),
          ]);
          expect(started.status, JSON.stringify(started.body)).toBeLessThan(500);
          expect(rotated.status, JSON.stringify(rotated.body)).toBeLessThan(500);
          if (started.status === 200 && rotated.status === 200) {
            const round = started.body.data.round;
            // The seed the rotation revealed must not be the one an open round was drawn on.
            if (
              round.status === "open" &&
              rotated.body.data.previous.serverSeedHash === started.body.data.seeds.serverSeedHash
            )
              revealedWhileOpen++;
          }
          expect(await roundsOnRevealedSeeds()).toEqual([]);
          // Every round is finished for the player (as for one who left), so the next try starts afresh.
          await recoverHouseRounds(deps(), ABANDONED);
        }
        expect(revealedWhileOpen).toBe(0);
      },
      120_000,
    );

    it.each(ENGINES)(
      "$game: eight starts at once open exactly one round and take one stake",
      async ({ game, start, body }) => {
        const p = await realPlayer(game);
        // A natural blackjack (either side) settles on the deal, and the next start may then rightly open a
        // round: the deal is arranged to be one the player plays on, so exactly one start can win the race.
        if (game === "harbor-blackjack") {
          await call({ method: "GET", url: `/api/house/sessions/${p.session}` }); // the page opens: seeds exist
          await arrangeDeal(db(), p.session, playable);
        }
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => call({ url: `/api/house/sessions/${p.session}/${start}`, body })),
        );
        const statuses = answers.map((a) => a.status);
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe("round_open");
        const rounds = await db().select().from(houseRounds).where(eq(houseRounds.token, p.session));
        expect(rounds).toHaveLength(1);
        await recoverHouseRounds(deps(), ABANDONED);
      },
    );

    it("draws one nonce per round when two processes, each keeping the seeds it knows, play for one player", async () => {
      const p = await realPlayer("harbor-dice");
      const other = await secondSession(p.token);
      // Another process on the same database: its own memory of the player's seeds (keyed by its database).
      const elsewhere = { ...deps(), db: Object.create(db()) as ReturnType<typeof db> };
      const dice = { amount: "0.01", dice: { target: 50, direction: "over" as const } };
      const rounds = kind === "postgres" ? 20 : 5;
      const answers = await Promise.all(
        Array.from({ length: rounds }, async (_, i) => [
          await call({ url: `/api/house/sessions/${p.session}/play`, body: dice }).then((a) => a.status),
          await sleep(i % 3).then(() => play(elsewhere, other, dice).then(() => 200)),
        ]),
      );
      expect(answers.flat()).toEqual(Array(rounds * 2).fill(200));
      const drawn = await db()
        .select({ nonce: houseRounds.nonce, pair: houseRounds.seedPairId })
        .from(houseRounds)
        .where(inArray(houseRounds.token, [p.session, other]));
      // Every draw on its own nonce of the one pair, none skipped: a stale memory only made a draw try again.
      expect(new Set(drawn.map((d) => d.pair)).size).toBe(1);
      expect(drawn.map((d) => d.nonce).sort((a, b) => a - b)).toEqual(
        Array.from({ length: rounds * 2 }, (_, i) => i),
      );
    });

    it("shows no server seed for an open round, even one on a pair that is no longer active", async () => {
      const p = await realPlayer("reef-mines");
      const started = await call({
        url: `/api/house/sessions/${p.session}/mines/start`,
        body: { amount: "1", mines: { mines: 3 } },
      });
      expect(started.status).toBe(200);
      const id = started.body.data.round.id;
      // The state the old race left behind: the pair rotated away under a round still open.
      const [round] = await db()
        .select()
        .from(houseRounds)
        .where(eq(houseRounds.id, Number(id)));
      await db()
        .update(houseSeedPairs)
        .set({ isActive: false, revealedAt: new Date() })
        .where(eq(houseSeedPairs.id, round!.seedPairId));
      const seen = await call({ method: "GET", url: `/api/house/sessions/${p.session}/rounds/${id}` });
      expect(seen.status).toBe(200);
      expect(seen.body.data.round.status).toBe("open");
      expect(seen.body.data.seeds.serverSeed).toBeNull();
      expect(seen.body.data.round.outcome.mines).toBeUndefined();
      await recoverHouseRounds(deps(), ABANDONED);
      const closed = await call({ method: "GET", url: `/api/house/sessions/${p.session}/rounds/${id}` });
      expect(closed.body.data.round.status).not.toBe("open");
      expect(typeof closed.body.data.seeds.serverSeed).toBe("string");
    });

    it("refuses to rotate while a round on the seeds is open in another session, and rotates after", async () => {
      const p = await realPlayer("harbor-hi-lo");
      const other = await secondSession(p.token);
      const started = await call({
        url: `/api/house/sessions/${p.session}/hilo/start`,
        body: { amount: "1" },
      });
      expect(started.status).toBe(200);
      const refused = await call({ url: `/api/house/sessions/${other}/seeds/rotate`, body: {} });
      expect([refused.status, refused.body.code]).toEqual([409, "round_open"]);
      await recoverHouseRounds(deps(), ABANDONED);
      const rotated = await call({ url: `/api/house/sessions/${other}/seeds/rotate`, body: {} });
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.previous.serverSeedHash).toBe(started.body.data.seeds.serverSeedHash);
    });
  },
  { env: { HOUSE_GAMES_SECRET: RECOVERY_SECRET } },
);
