CREATE TABLE "message_campaign_deliveries" (
	"campaign_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"push" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone,
	CONSTRAINT "message_campaign_deliveries_campaign_id_player_id_pk" PRIMARY KEY("campaign_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "message_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"url" text,
	"inbox" boolean NOT NULL,
	"web_push" boolean NOT NULL,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"targeted" integer NOT NULL,
	"last_player_id" bigint NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "message_campaigns_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "message_campaign_deliveries" ADD CONSTRAINT "message_campaign_deliveries_campaign_id_message_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."message_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_campaign_deliveries" ADD CONSTRAINT "message_campaign_deliveries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_campaign_deliveries_push_pending" ON "message_campaign_deliveries" USING btree ("campaign_id","player_id") WHERE "message_campaign_deliveries"."push" = 'pending';--> statement-breakpoint
CREATE INDEX "message_campaigns_sending" ON "message_campaigns" USING btree ("id") WHERE "message_campaigns"."status" = 'sending';