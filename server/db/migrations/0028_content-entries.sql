CREATE TABLE "content_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"identity" text NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "content_entries_kind" CHECK ("content_entries"."kind" in ('banner', 'page', 'question'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_identity_locale" ON "content_entries" USING btree ("kind","identity","locale");