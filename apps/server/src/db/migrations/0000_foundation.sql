CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_used" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"group_id" uuid,
	"reference" text,
	CONSTRAINT "coin_ledger_amount_positive" CHECK ("coin_ledger"."amount" > 0),
	CONSTRAINT "coin_ledger_distinct_accounts" CHECK ("coin_ledger"."from_account" <> "coin_ledger"."to_account")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"trading_allowed" boolean DEFAULT false NOT NULL,
	"blue_shared_id" uuid,
	"orange_shared_id" uuid,
	"shared_reward_list_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"group_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"face" text,
	"hair" text,
	"unlocked_faces" text[] DEFAULT '{}'::text[] NOT NULL,
	"unlocked_hairs" text[] DEFAULT '{}'::text[] NOT NULL,
	"small_group" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "members_coins_non_negative" CHECK ("members"."coins" >= 0),
	CONSTRAINT "members_small_group_valid" CHECK ("members"."small_group" in ('blue', 'orange'))
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"teacher_id" uuid,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_one_owner" CHECK (("sessions"."teacher_id" is null) <> ("sessions"."member_id" is null))
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"coins" integer DEFAULT 0 NOT NULL,
	"face" text,
	"hair" text,
	"unlocked_faces" text[] DEFAULT '{}'::text[] NOT NULL,
	"unlocked_hairs" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"active_group_id" uuid,
	"extra_group_slots" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "teachers_coins_non_negative" CHECK ("teachers"."coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_active_group_id_groups_id_fk" FOREIGN KEY ("active_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_failures_key_at_idx" ON "auth_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "coin_ledger_from_idx" ON "coin_ledger" USING btree ("from_account","at");--> statement-breakpoint
CREATE INDEX "coin_ledger_to_idx" ON "coin_ledger" USING btree ("to_account","at");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "groups_teacher_idx" ON "groups" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_lower_idx" ON "members" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "members_group_idx" ON "members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_teacher_idx" ON "one_time_tokens" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "sessions_teacher_idx" ON "sessions" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_username_lower_idx" ON "teachers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_email_lower_idx" ON "teachers" USING btree (lower("email"));