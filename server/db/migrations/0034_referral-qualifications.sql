CREATE TABLE "referral_qualifications" (
	"referred_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"deposit" numeric(38, 18) NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	"turnover_required" numeric(38, 18) NOT NULL,
	"turnover" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"played_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "referral_qualifications_status" CHECK ("referral_qualifications"."status" in ('playing', 'waiting', 'paid', 'forfeited'))
);
--> statement-breakpoint
ALTER TABLE "referral_qualifications" ADD CONSTRAINT "referral_qualifications_referred_id_players_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_qualifications" ADD CONSTRAINT "referral_qualifications_referrer_id_players_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_qualifications_referrer_idx" ON "referral_qualifications" USING btree ("referrer_id","status","decided_at");