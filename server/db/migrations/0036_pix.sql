CREATE TABLE "pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_received" (
	"e2eid" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"e2eid" text NOT NULL,
	"invoice_id" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'EM_PROCESSAMENTO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pix_received_player" ON "pix_received" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "pix_refunds_e2eid" ON "pix_refunds" USING btree ("e2eid");--> statement-breakpoint
CREATE INDEX "pix_refunds_open" ON "pix_refunds" USING btree ("status");