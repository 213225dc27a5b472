CREATE TABLE "house_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"qualifier" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"wallet_account_id" bigint,
	"balance_type" text,
	"house_account_id" text,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0),
	CONSTRAINT "ledger_postings_one_side" CHECK (("ledger_postings"."wallet_account_id" is not null and "ledger_postings"."balance_type" is not null and "ledger_postings"."balance_after" >= 0 and "ledger_postings"."house_account_id" is null)
       or ("ledger_postings"."wallet_account_id" is null and "ledger_postings"."balance_type" is null and "ledger_postings"."balance_after" is null and "ledger_postings"."house_account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_reconciliations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_amount_not_zero";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_wallet_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "bonus_balance" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "house_accounts_id_currency" ON "house_accounts" USING btree ("id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_id_currency" ON "wallet_accounts" USING btree ("id","currency");--> statement-breakpoint
ALTER TABLE "house_accounts" ADD CONSTRAINT "house_accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_wallet_account" FOREIGN KEY ("wallet_account_id","currency") REFERENCES "public"."wallet_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_house_account" FOREIGN KEY ("house_account_id","currency") REFERENCES "public"."house_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_accounts_purpose_qualifier_currency" ON "house_accounts" USING btree ("purpose","qualifier","currency");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_wallet_account" ON "ledger_postings" USING btree ("wallet_account_id","id") WHERE "ledger_postings"."wallet_account_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_house_account" ON "ledger_postings" USING btree ("house_account_id","created_at") WHERE "ledger_postings"."house_account_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_reference" ON "ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_at" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
-- Data: every single-entry row becomes an entry with two postings, the player's real balance (its amount and the
-- balance it left) and the house account its kind and reference name (decision 0009): a payment processor's
-- clearing for invoices, the game provider for bets, wins and rollbacks, bonus cost, else manual adjustment.
CREATE TABLE "ledger_migration_0006" AS
SELECT e."id", e."amount", e."balance_after", e."created_at", e."account_id", a."currency",
  CASE WHEN e."kind" IN ('deposit', 'withdrawal', 'withdrawal_refund') THEN 'payment_clearing'
       WHEN e."kind" IN ('bet', 'win', 'rollback') THEN 'game_provider'
       WHEN e."kind" = 'bonus' THEN 'bonus_cost'
       ELSE 'manual_adjustment' END AS "purpose",
  CASE WHEN e."kind" IN ('deposit', 'withdrawal', 'withdrawal_refund')
         THEN coalesce((SELECT i."provider" FROM "invoices" i WHERE 'invoice:' || i."id" = e."reference"), 'unknown')
       WHEN e."kind" IN ('bet', 'win', 'rollback') THEN split_part(e."reference", ':', 2)
       ELSE '' END AS "qualifier"
FROM "ledger_entries" e JOIN "wallet_accounts" a ON a."id" = e."account_id";--> statement-breakpoint
INSERT INTO "house_accounts" ("id", "purpose", "qualifier", "currency")
SELECT DISTINCT "purpose" || ':' || "qualifier" || ':' || "currency", "purpose", "qualifier", "currency"
FROM "ledger_migration_0006";--> statement-breakpoint
INSERT INTO "ledger_postings" ("entry_id", "currency", "wallet_account_id", "balance_type", "amount", "balance_after", "created_at")
SELECT "id", "currency", "account_id", 'real', "amount", "balance_after", "created_at" FROM "ledger_migration_0006" ORDER BY "id";--> statement-breakpoint
INSERT INTO "ledger_postings" ("entry_id", "currency", "house_account_id", "amount", "created_at")
SELECT "id", "currency", "purpose" || ':' || "qualifier" || ':' || "currency", -"amount", "created_at"
FROM "ledger_migration_0006" ORDER BY "id";--> statement-breakpoint
DROP TABLE "ledger_migration_0006";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "account_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "balance_after";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_bonus_balance_not_negative" CHECK ("wallet_accounts"."bonus_balance" >= 0);