CREATE TABLE "domain_facts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"pending" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_facts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "fact_consumptions" (
	"consumer" text NOT NULL,
	"fact_id" bigint NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fact_consumptions_consumer_fact_id_pk" PRIMARY KEY("consumer","fact_id")
);
--> statement-breakpoint
ALTER TABLE "domain_facts" ADD CONSTRAINT "domain_facts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_consumptions" ADD CONSTRAINT "fact_consumptions_fact_id_domain_facts_id_fk" FOREIGN KEY ("fact_id") REFERENCES "public"."domain_facts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_facts_pending_idx" ON "domain_facts" USING btree ("id") WHERE "domain_facts"."pending";--> statement-breakpoint
CREATE INDEX "domain_facts_player_idx" ON "domain_facts" USING btree ("player_id","id");