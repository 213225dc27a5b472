CREATE TABLE "player_quest_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_quest_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_quest_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"progress" numeric(38, 18) DEFAULT '0' NOT NULL,
	"days" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_quests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_quests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"quest_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" smallint NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reward_bonus_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quest_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quest_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quest_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"quantity_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_multiplier" numeric(12, 2),
	"collection_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"game_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "quest_tasks_quantity_positive" CHECK ("quest_tasks"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"duration_hours" integer,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quests_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
ALTER TABLE "player_quest_tasks" ADD CONSTRAINT "player_quest_tasks_player_quest_id_player_quests_id_fk" FOREIGN KEY ("player_quest_id") REFERENCES "public"."player_quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quest_tasks" ADD CONSTRAINT "player_quest_tasks_task_id_quest_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."quest_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quests" ADD CONSTRAINT "player_quests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quests" ADD CONSTRAINT "player_quests_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_tasks" ADD CONSTRAINT "quest_tasks_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_quest_tasks_quest_task" ON "player_quest_tasks" USING btree ("player_quest_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_quests_player_quest" ON "player_quests" USING btree ("player_id","quest_id");--> statement-breakpoint
CREATE INDEX "player_quests_running" ON "player_quests" USING btree ("expires_at") WHERE "player_quests"."state" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "quest_tasks_quest_position" ON "quest_tasks" USING btree ("quest_id","position");