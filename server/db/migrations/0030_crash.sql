CREATE TABLE "crash_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"token" uuid NOT NULL,
	"owner" text NOT NULL,
	"display_name" text NOT NULL,
	"bet" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"auto_cash_out_cents" integer,
	"cash_out_cents" integer,
	"payout" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"secret" text NOT NULL,
	"salt" text NOT NULL,
	"length" integer NOT NULL,
	"commitment" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" bigint NOT NULL,
	"chain_index" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_cents" integer NOT NULL,
	"phase" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"crash_at" timestamp with time zone NOT NULL,
	"run_by" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_one_per_round" ON "crash_bets" USING btree ("round_id","owner") WHERE "crash_bets"."status" <> 'refused';--> statement-breakpoint
CREATE INDEX "crash_bets_round_status" ON "crash_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "crash_bets_owner" ON "crash_bets" USING btree ("owner","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_active" ON "crash_chains" USING btree ("is_active") WHERE "crash_chains"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_index" ON "crash_rounds" USING btree ("chain_id","chain_index");