CREATE TABLE "report_coverage" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"first_day" date,
	"until_day" date
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"member_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" integer NOT NULL,
	"reason_name" text,
	"reason_icon" text,
	"negative" boolean NOT NULL,
	"net" integer NOT NULL,
	"gained" integer NOT NULL,
	"lost" integer NOT NULL,
	"earned" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_coverage" ADD CONSTRAINT "report_coverage_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_days_member_day_idx" ON "report_days" USING btree ("member_id","day");