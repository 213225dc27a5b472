CREATE TABLE "payment_method_limits" (
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"min" numeric(38, 18) NOT NULL,
	"max" numeric(38, 18) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_limits_method_currency_pk" PRIMARY KEY("method","currency"),
	CONSTRAINT "payment_method_limits_bounds" CHECK ("payment_method_limits"."min" > 0 and "payment_method_limits"."min" <= "payment_method_limits"."max")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "invoices_review_created" ON "invoices" USING btree ("review","created_at");