CREATE TABLE "sport_manual_results" (
	"event_id" bigint NOT NULL,
	"market_id" text NOT NULL,
	"version" integer NOT NULL,
	"results" jsonb NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_manual_results_event_id_market_id_pk" PRIMARY KEY("event_id","market_id")
);
--> statement-breakpoint
CREATE TABLE "sport_trading_holds" (
	"event_id" bigint NOT NULL,
	"market_id" text NOT NULL,
	"held_by" integer,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_trading_holds_event_id_market_id_pk" PRIMARY KEY("event_id","market_id")
);
