CREATE TABLE "coin_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"coins" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "coin_purchases_coins_positive" CHECK ("coin_purchases"."coins" > 0),
	CONSTRAINT "coin_purchases_total" CHECK ("coin_purchases"."total_cents" = "coin_purchases"."net_cents" + "coin_purchases"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "owed_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"member_todo_id" uuid,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owed_rewards_amount_positive" CHECK ("owed_rewards"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "coin_purchases" ADD CONSTRAINT "coin_purchases_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_rewards" ADD CONSTRAINT "owed_rewards_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_rewards" ADD CONSTRAINT "owed_rewards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_rewards" ADD CONSTRAINT "owed_rewards_member_todo_id_member_todos_id_fk" FOREIGN KEY ("member_todo_id") REFERENCES "public"."member_todos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_purchases_intent_idx" ON "coin_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "coin_purchases_teacher_idx" ON "coin_purchases" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "owed_rewards_teacher_idx" ON "owed_rewards" USING btree ("teacher_id","id");--> statement-breakpoint
CREATE INDEX "owed_rewards_member_idx" ON "owed_rewards" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owed_rewards_member_todo_idx" ON "owed_rewards" USING btree ("member_todo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_coin_purchase_idx" ON "coin_ledger" USING btree ("reference") WHERE "coin_ledger"."reason" = 'coin_purchase';