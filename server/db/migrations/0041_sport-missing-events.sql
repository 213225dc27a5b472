CREATE TABLE "sport_missing_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"missing_since" timestamp with time zone NOT NULL
);
