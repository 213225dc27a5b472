ALTER TABLE "bonus_codes" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "bonus_codes_batch" ON "bonus_codes" USING btree ("batch");