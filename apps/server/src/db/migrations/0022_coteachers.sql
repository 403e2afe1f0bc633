CREATE TABLE "group_coteachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"until" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_coteachers" ADD CONSTRAINT "group_coteachers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_coteachers" ADD CONSTRAINT "group_coteachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_coteachers_group_teacher_idx" ON "group_coteachers" USING btree ("group_id","teacher_id");--> statement-breakpoint
CREATE INDEX "group_coteachers_teacher_idx" ON "group_coteachers" USING btree ("teacher_id");