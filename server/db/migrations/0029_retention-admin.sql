CREATE TABLE "referral_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_deposit" jsonb NOT NULL,
	"revenue_share_percent" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rules_single" CHECK ("referral_rules"."id" = 1),
	CONSTRAINT "referral_rules_percent" CHECK ("referral_rules"."revenue_share_percent" >= 0 and "referral_rules"."revenue_share_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;