CREATE TABLE "awards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"reason_id" uuid,
	"reason_name" text,
	"reason_icon" text,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_reason_id_award_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."award_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_teacher_idx" ON "awards" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_award_idx" ON "coin_ledger" USING btree ("reference") WHERE "coin_ledger"."reason" in ('teacher_award', 'teacher_deduction', 'award_undo');