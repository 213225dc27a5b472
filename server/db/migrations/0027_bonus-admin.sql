ALTER TABLE "bonus_definitions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_deposit_choices" ADD COLUMN "terms" jsonb;