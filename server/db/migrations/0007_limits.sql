CREATE TABLE "player_limits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"definition" smallint NOT NULL,
	"period" text NOT NULL,
	"amount" numeric(38, 18),
	"currency" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"pending_amount" numeric(38, 18),
	"pending_period" text,
	"pending_delete" boolean DEFAULT false NOT NULL,
	"pending_effective_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_limits_one_live" ON "player_limits" USING btree ("player_id","definition","period","currency") WHERE "player_limits"."ended_at" is null and "player_limits"."definition" in (1, 2, 3);--> statement-breakpoint
CREATE INDEX "player_limits_player" ON "player_limits" USING btree ("player_id") WHERE "player_limits"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "player_limits_pending" ON "player_limits" USING btree ("pending_effective_at") WHERE "player_limits"."pending_effective_at" is not null and "player_limits"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_postings_wallet_account_time" ON "ledger_postings" USING btree ("wallet_account_id","created_at") WHERE "ledger_postings"."wallet_account_id" is not null;