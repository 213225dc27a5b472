-- Issue 38: a placement's caps read the player's legs on the slip's markets and the player's unsettled bets
-- through their own indexes. Legs written before carry their bet's player.
ALTER TABLE "sport_bet_legs" ADD COLUMN "player_id" bigint;--> statement-breakpoint
UPDATE "sport_bet_legs" l SET "player_id" = b."player_id" FROM "sport_bets" b WHERE b."id" = l."bet_id";--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ALTER COLUMN "player_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_player_market" ON "sport_bet_legs" USING btree ("player_id","event_id","market_id");--> statement-breakpoint
CREATE INDEX "sport_bets_player_unsettled" ON "sport_bets" USING btree ("player_id") WHERE "sport_bets"."status" in ('pending', 'open');
