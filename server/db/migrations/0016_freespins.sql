CREATE TABLE "player_freespin_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_freespin_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_freespin_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"player_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"bet_tx_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"win" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_freespins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_freespins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"definition_id" bigint,
	"package_id" bigint,
	"issue_session_id" text,
	"source_ref" text NOT NULL,
	"name" text NOT NULL,
	"game_id" bigint NOT NULL,
	"bet_value" numeric(38, 18) NOT NULL,
	"count" integer NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"winnings" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint,
	"wagering_multiplier" numeric(8, 2) NOT NULL,
	"contribution" jsonb NOT NULL,
	"max_conversion_multiplier" numeric(8, 2),
	"activation_days" integer DEFAULT 7 NOT NULL,
	"wagering_days" integer DEFAULT 7 NOT NULL,
	"player_bonus_id" bigint,
	"expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_freespins_count" CHECK ("player_freespins"."count" > 0 and "player_freespins"."played" >= 0 and "player_freespins"."settled" >= 0 and "player_freespins"."settled" <= "player_freespins"."played" and "player_freespins"."played" <= "player_freespins"."count"),
	CONSTRAINT "player_freespins_bet_positive" CHECK ("player_freespins"."bet_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_game_slug" text;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_count" integer;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_bet_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD COLUMN "player_freespin_id" bigint;--> statement-breakpoint
ALTER TABLE "player_freespin_rounds" ADD CONSTRAINT "player_freespin_rounds_player_freespin_id_player_freespins_id_fk" FOREIGN KEY ("player_freespin_id") REFERENCES "public"."player_freespins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespin_rounds" ADD CONSTRAINT "player_freespin_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_freespin_rounds_bet" ON "player_freespin_rounds" USING btree ("provider","bet_tx_id");--> statement-breakpoint
CREATE INDEX "player_freespin_rounds_round" ON "player_freespin_rounds" USING btree ("provider","player_id","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_freespins_source" ON "player_freespins" USING btree ("source_ref");--> statement-breakpoint
CREATE INDEX "player_freespins_player" ON "player_freespins" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "player_freespins_expiry" ON "player_freespins" USING btree ("expires_at") WHERE "player_freespins"."status" in (1, 2);