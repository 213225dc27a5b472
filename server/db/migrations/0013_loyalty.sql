CREATE TABLE "loyalty_accounts" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"points" numeric(38, 18) DEFAULT '0' NOT NULL,
	"level_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order" integer NOT NULL,
	"name" text NOT NULL,
	"points" numeric(38, 18) NOT NULL,
	"rewards" jsonb NOT NULL,
	CONSTRAINT "loyalty_levels_order_unique" UNIQUE("order")
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels_reached" (
	"player_id" bigint NOT NULL,
	"level_id" bigint NOT NULL,
	"granted" jsonb NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_levels_reached_player_id_level_id_pk" PRIMARY KEY("player_id","level_id")
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels_reached" ADD CONSTRAINT "loyalty_levels_reached_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels_reached" ADD CONSTRAINT "loyalty_levels_reached_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE no action ON UPDATE no action;