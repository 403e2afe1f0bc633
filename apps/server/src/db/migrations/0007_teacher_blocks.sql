CREATE TABLE "teacher_blocks" (
	"teacher_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_blocks_teacher_id_blocked_id_pk" PRIMARY KEY("teacher_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "teacher_blocks" ADD CONSTRAINT "teacher_blocks_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_blocks" ADD CONSTRAINT "teacher_blocks_blocked_id_teachers_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_blocks_blocked_idx" ON "teacher_blocks" USING btree ("blocked_id");