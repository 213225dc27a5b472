CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game_collection_games" (
	"collection_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_collection_games_collection_id_game_id_pk" PRIMARY KEY("collection_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_collections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"countries" text[],
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_favorites" (
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_played" (
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"plays" integer DEFAULT 1 NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_played_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"wallet_provider" text NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"is_demo_content" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_providers_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game_recent_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_recent_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"bet_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"win_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" bigint NOT NULL,
	"wallet_provider" text NOT NULL,
	"mode" text NOT NULL,
	"player_id" bigint,
	"account_id" bigint,
	"currency" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"session_id" uuid,
	"player_id" bigint,
	"account_id" bigint,
	"game_id" bigint,
	"round_id" text NOT NULL,
	"amount" numeric(38, 18),
	"currency" text,
	"reference_tx_id" text,
	"rolled_back" boolean DEFAULT false NOT NULL,
	"response" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"rtp" numeric(5, 2) NOT NULL,
	"volatility" text NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"countries" text[],
	"restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"currencies" text[],
	"external_id" text NOT NULL,
	"engine" text NOT NULL,
	"is_demo_content" boolean DEFAULT false NOT NULL,
	"is_mobile" boolean DEFAULT true NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "house_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token" uuid NOT NULL,
	"owner" text NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"engine" text NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"bet" numeric(38, 18) NOT NULL,
	"payout" numeric(38, 18) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_seed_pairs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_seed_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_sessions" (
	"token" uuid PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"game_slug" text NOT NULL,
	"game_name" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"owner" text NOT NULL,
	"demo_balance" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_collection_id_game_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."game_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_played" ADD CONSTRAINT "game_played_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_played" ADD CONSTRAINT "game_played_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent_searches" ADD CONSTRAINT "game_recent_searches_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_seed_pair_id_house_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."house_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_collection_games_game" ON "game_collection_games" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_collections_identity_lower" ON "game_collections" USING btree (lower("identity"));--> statement-breakpoint
CREATE INDEX "game_played_recent" ON "game_played" USING btree ("player_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_recent_searches_player_query" ON "game_recent_searches" USING btree ("player_id",lower("query"));--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_provider_round" ON "game_rounds" USING btree ("provider","player_id","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player" ON "game_rounds" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_winners" ON "game_rounds" USING btree ("id") WHERE "game_rounds"."win_amount" > 0;--> statement-breakpoint
CREATE INDEX "game_sessions_player" ON "game_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transactions_provider_tx" ON "game_transactions" USING btree ("provider","tx_id");--> statement-breakpoint
CREATE INDEX "games_provider" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_name_trgm" ON "games" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "games_features" ON "games" USING gin ("features");--> statement-breakpoint
CREATE INDEX "house_rounds_owner" ON "house_rounds" USING btree ("owner","id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_seed_pairs_active" ON "house_seed_pairs" USING btree ("owner") WHERE "house_seed_pairs"."is_active";