CREATE TABLE "demos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text NOT NULL,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_action_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demos_language_valid" CHECK ("demos"."language" in ('en', 'fi'))
);
--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "demo_id" uuid;--> statement-breakpoint
CREATE INDEX "demos_last_action_idx" ON "demos" USING btree ("last_action_at");--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_demo_id_demos_id_fk" FOREIGN KEY ("demo_id") REFERENCES "public"."demos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_demo_idx" ON "teachers" USING btree ("demo_id") WHERE "teachers"."demo_id" is not null;