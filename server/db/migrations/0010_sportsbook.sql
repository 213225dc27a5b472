CREATE TABLE "sport_bet_legs" (
	"bet_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"event_id" bigint NOT NULL,
	"market_id" text NOT NULL,
	"selection_id" text NOT NULL,
	"event_name" text NOT NULL,
	"market_name" text NOT NULL,
	"selection_name" text NOT NULL,
	"odds" numeric(9, 3) NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_bet_legs_bet_id_position_pk" PRIMARY KEY("bet_id","position")
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sport_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"system_size" smallint,
	"stake" numeric(38, 18) NOT NULL,
	"odds" numeric,
	"potential_payout" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"odds_policy" text NOT NULL,
	"payout" numeric(38, 18),
	"reject_reason" text,
	"request_id" text NOT NULL,
	"accept_at" timestamp with time zone,
	"settled_revision" integer,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_bets_stake_positive" CHECK ("sport_bets"."stake" > 0),
	CONSTRAINT "sport_bets_system_size" CHECK (("sport_bets"."type" = 'system') = ("sport_bets"."system_size" is not null))
);
--> statement-breakpoint
CREATE TABLE "sport_settlements" (
	"bet_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"status" text NOT NULL,
	"payout" numeric(38, 18) NOT NULL,
	"reversed" numeric(38, 18) DEFAULT '0' NOT NULL,
	"shortfall" numeric(38, 18) DEFAULT '0' NOT NULL,
	"legs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_settlements_bet_id_revision_pk" PRIMARY KEY("bet_id","revision")
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_settlements" ADD CONSTRAINT "sport_settlements_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_event" ON "sport_bet_legs" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bets_player_request" ON "sport_bets" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE INDEX "sport_bets_player_placed" ON "sport_bets" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "sport_bets_pending" ON "sport_bets" USING btree ("accept_at") WHERE "sport_bets"."status" = 'pending';