CREATE TABLE "excluded_person_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "excluded_person_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint,
	"excluded_player_id" bigint NOT NULL,
	"matched_by" text[] NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"attempt" text,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "excluded_person_matches" ADD CONSTRAINT "excluded_person_matches_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_person_matches" ADD CONSTRAINT "excluded_person_matches_excluded_player_id_players_id_fk" FOREIGN KEY ("excluded_player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excluded_person_matches_player" ON "excluded_person_matches" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "excluded_person_matches_excluded" ON "excluded_person_matches" USING btree ("excluded_player_id");