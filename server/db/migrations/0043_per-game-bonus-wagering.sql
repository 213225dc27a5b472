ALTER TABLE "games" ADD COLUMN "bonus_wagering" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "bonus_wagering_min_multiplier" numeric(8, 2) DEFAULT '1.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_bonus_wagering_min_multiplier" CHECK ("games"."bonus_wagering_min_multiplier" >= 1);