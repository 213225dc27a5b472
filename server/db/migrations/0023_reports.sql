CREATE TABLE "currency_rate_days" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	CONSTRAINT "currency_rate_days_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD COLUMN "sport_id" integer;--> statement-breakpoint
ALTER TABLE "currency_rate_days" ADD CONSTRAINT "currency_rate_days_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;