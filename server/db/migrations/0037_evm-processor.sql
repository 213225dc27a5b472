CREATE TABLE "evm_addresses" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"address_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evm_addresses_address_index_unique" UNIQUE("address_index"),
	CONSTRAINT "evm_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "evm_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evm_payments" (
	"provider_ref" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"address" text NOT NULL,
	"sender" text,
	"nonce" integer,
	"raw_tx" text,
	"tx_hash" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evm_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evm_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"coin" text NOT NULL,
	"player_id" bigint NOT NULL,
	"address" text NOT NULL,
	"units" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evm_payments_open_deposits" ON "evm_payments" USING btree ("player_id","coin","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "evm_payments_sender_nonce" ON "evm_payments" USING btree ("sender","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "evm_transfers_tx_log" ON "evm_transfers" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "evm_transfers_seen" ON "evm_transfers" USING btree ("block_number") WHERE status = 'seen';