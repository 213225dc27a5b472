CREATE TABLE "player_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "player_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "player_documents_status_known" CHECK ("player_documents"."status" in (1, 2, 3)),
	CONSTRAINT "player_documents_type_known" CHECK ("player_documents"."type" in ('id', 'proof_of_address', 'payment_proof'))
);
--> statement-breakpoint
CREATE TABLE "player_verifications" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"reason" text,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_verifications_status_known" CHECK ("player_verifications"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_verifications" ADD CONSTRAINT "player_verifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_documents_player_created" ON "player_documents" USING btree ("player_id","created_at");