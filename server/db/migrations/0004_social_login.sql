CREATE TABLE "social_connections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"social_type" text NOT NULL,
	"subject" text NOT NULL,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_email_or_phone";--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_identity" ON "social_connections" USING btree ("social_type","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_player_kind" ON "social_connections" USING btree ("player_id","social_type");--> statement-breakpoint
CREATE UNIQUE INDEX "players_tg_user_id_key" ON "players" USING btree ("tg_user_id");