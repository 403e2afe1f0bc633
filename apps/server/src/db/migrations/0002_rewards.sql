CREATE TABLE "reward_list_items" (
	"reward_list_id" uuid NOT NULL,
	"reward_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_list_items_reward_list_id_reward_id_pk" PRIMARY KEY("reward_list_id","reward_id")
);
--> statement-breakpoint
CREATE TABLE "reward_list_shares" (
	"reward_list_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_list_shares_reward_list_id_teacher_id_pk" PRIMARY KEY("reward_list_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "reward_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"reward_id" uuid,
	"reward_name" text NOT NULL,
	"reward_description" text NOT NULL,
	"price" integer NOT NULL,
	"group_id" uuid NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"active_until" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_purchases_price_non_negative" CHECK ("reward_purchases"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_price_range" CHECK ("rewards"."price" between 0 and 999)
);
--> statement-breakpoint
ALTER TABLE "reward_list_items" ADD CONSTRAINT "reward_list_items_reward_list_id_reward_lists_id_fk" FOREIGN KEY ("reward_list_id") REFERENCES "public"."reward_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_list_items" ADD CONSTRAINT "reward_list_items_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_list_shares" ADD CONSTRAINT "reward_list_shares_reward_list_id_reward_lists_id_fk" FOREIGN KEY ("reward_list_id") REFERENCES "public"."reward_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_list_shares" ADD CONSTRAINT "reward_list_shares_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_lists" ADD CONSTRAINT "reward_lists_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD CONSTRAINT "reward_purchases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD CONSTRAINT "reward_purchases_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD CONSTRAINT "reward_purchases_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_list_items_reward_idx" ON "reward_list_items" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "reward_list_shares_teacher_idx" ON "reward_list_shares" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "reward_lists_teacher_idx" ON "reward_lists" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_purchases_member_idx" ON "reward_purchases" USING btree ("member_id","purchased_at");--> statement-breakpoint
CREATE INDEX "reward_purchases_reward_idx" ON "reward_purchases" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "rewards_teacher_idx" ON "rewards" USING btree ("teacher_id","created_at");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_shared_reward_list_id_reward_lists_id_fk" FOREIGN KEY ("shared_reward_list_id") REFERENCES "public"."reward_lists"("id") ON DELETE set null ON UPDATE no action;