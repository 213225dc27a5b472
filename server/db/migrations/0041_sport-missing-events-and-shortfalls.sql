CREATE TABLE "sport_missing_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"missing_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_shortfalls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sport_shortfalls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bet_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"collected" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_shortfalls_amount" CHECK ("sport_shortfalls"."amount" > 0 and "sport_shortfalls"."collected" >= 0 and "sport_shortfalls"."collected" <= "sport_shortfalls"."amount")
);
--> statement-breakpoint
ALTER TABLE "sport_shortfalls" ADD CONSTRAINT "sport_shortfalls_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_shortfalls" ADD CONSTRAINT "sport_shortfalls_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_shortfalls" ADD CONSTRAINT "sport_shortfalls_bet_id_revision_sport_settlements_bet_id_revision_fk" FOREIGN KEY ("bet_id","revision") REFERENCES "public"."sport_settlements"("bet_id","revision") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_shortfalls_settlement" ON "sport_shortfalls" USING btree ("bet_id","revision");--> statement-breakpoint
CREATE INDEX "sport_shortfalls_status" ON "sport_shortfalls" USING btree ("status","id");--> statement-breakpoint
-- Shortfalls recorded before the queue existed wait in it too.
INSERT INTO "sport_shortfalls" ("bet_id", "revision", "player_id", "account_id", "currency", "amount", "created_at")
SELECT s."bet_id", s."revision", b."player_id", b."account_id", b."currency", s."shortfall", s."created_at"
  FROM "sport_settlements" s JOIN "sport_bets" b ON b."id" = s."bet_id"
 WHERE s."shortfall" > 0;
