CREATE TABLE "bonus_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"trigger" text NOT NULL,
	"definition_id" bigint NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bonus_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "bonus_codes_usage_within_limit" CHECK ("bonus_codes"."used_count" >= 0 and ("bonus_codes"."usage_limit" is null or "bonus_codes"."used_count" <= "bonus_codes"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "bonus_definitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"page_identity" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"package_id" bigint,
	"package_step" smallint,
	"trigger_conditions" jsonb DEFAULT '{"invoiceAmountItems":[],"baseCurrencyInvoiceAmountFrom":null}'::jsonb NOT NULL,
	"match_percent" integer DEFAULT 0 NOT NULL,
	"max_amount_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_currency_max_amount" numeric(38, 18),
	"wagering_multiplier" numeric(8, 2) NOT NULL,
	"contribution" jsonb NOT NULL,
	"max_bet_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_conversion_multiplier" numeric(8, 2),
	"activation_days" integer DEFAULT 7 NOT NULL,
	"wagering_days" integer DEFAULT 30 NOT NULL,
	"cashback_percent" integer,
	"cashback_period_hours" integer,
	"cashback_min_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_definitions_page_identity_unique" UNIQUE("page_identity")
);
--> statement-breakpoint
CREATE TABLE "bonus_deposit_choices" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"definition_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "bonus_packages_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "bonus_wagering" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_wagering_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_bonus_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"counted" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonus_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_bonus_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"code_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"trigger" text NOT NULL,
	"player_bonus_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"definition_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint,
	"package_id" bigint,
	"issue_session_id" text,
	"source_ref" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"wagered" numeric(38, 18) DEFAULT '0' NOT NULL,
	"wagering_required" numeric(38, 18) NOT NULL,
	"contribution" jsonb NOT NULL,
	"max_bet_amount" numeric(38, 18),
	"max_conversion_amount" numeric(38, 18),
	"converted_amount" numeric(38, 18),
	"game_id" bigint,
	"wagering_days" integer DEFAULT 30 NOT NULL,
	"expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_bonuses_amount_positive" CHECK ("player_bonuses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD CONSTRAINT "bonus_definitions_package_id_bonus_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_deposit_choices" ADD CONSTRAINT "bonus_deposit_choices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_deposit_choices" ADD CONSTRAINT "bonus_deposit_choices_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_wagering" ADD CONSTRAINT "bonus_wagering_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_code_id_bonus_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."bonus_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_definitions_package_step" ON "bonus_definitions" USING btree ("package_id","package_step");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_wagering_once" ON "bonus_wagering" USING btree ("player_bonus_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_codes_once" ON "player_bonus_codes" USING btree ("player_id","code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_source" ON "player_bonuses" USING btree ("source_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active" ON "player_bonuses" USING btree ("account_id") WHERE "player_bonuses"."status" = 2;--> statement-breakpoint
CREATE INDEX "player_bonuses_player" ON "player_bonuses" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "player_bonuses_expiry" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in (1, 2);