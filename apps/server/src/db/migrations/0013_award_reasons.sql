CREATE TABLE "award_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"coins" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_reasons_coins_valid" CHECK ("award_reasons"."coins" between -100 and 100 and "award_reasons"."coins" <> 0)
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "needs_work_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "reasons_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "award_reasons" ADD CONSTRAINT "award_reasons_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_reasons_group_idx" ON "award_reasons" USING btree ("group_id","position");