-- Decision 0035. Rounds the old races left behind are voided before the index can hold: an open round drawn on
-- a seed that was already revealed (its player could know the outcome), and every open move-by-move round of a
-- session but its newest. Recovery (recovery.ts) rolls their stakes back: "voiding" is its claimed state.
UPDATE "house_rounds" r SET "status" = 'voiding', "payout" = 0
WHERE r."status" = 'open'
  AND (
    EXISTS (SELECT 1 FROM "house_seed_pairs" p WHERE p."id" = r."seed_pair_id" AND p."revealed_at" IS NOT NULL)
    OR (
      r."engine" IN ('mines', 'hilo', 'videopoker', 'blackjack')
      AND EXISTS (
        SELECT 1 FROM "house_rounds" o
        WHERE o."token" = r."token" AND o."status" = 'open' AND o."id" > r."id"
          AND o."engine" IN ('mines', 'hilo', 'videopoker', 'blackjack')
      )
    )
  );--> statement-breakpoint
CREATE UNIQUE INDEX "house_rounds_one_open" ON "house_rounds" USING btree ("token") WHERE "house_rounds"."status" = 'open' and "house_rounds"."engine" in ('mines', 'hilo', 'videopoker', 'blackjack');
