CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"todo_id" uuid,
	"member_todo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_one_owner" CHECK (("images"."todo_id" is null) <> ("images"."member_todo_id" is null))
);
--> statement-breakpoint
CREATE TABLE "member_todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"todo_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"todolist_id" uuid NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"reward_collected" integer DEFAULT 0 NOT NULL,
	"member_answer" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_todos_reward_collected_non_negative" CHECK ("member_todos"."reward_collected" >= 0)
);
--> statement-breakpoint
CREATE TABLE "todolist_shares" (
	"todolist_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"permissions" text DEFAULT 'read' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todolist_shares_todolist_id_teacher_id_pk" PRIMARY KEY("todolist_id","teacher_id"),
	CONSTRAINT "todolist_shares_permissions_valid" CHECK ("todolist_shares"."permissions" in ('read', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "todolists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"target" text,
	"language" text DEFAULT 'FI' NOT NULL,
	"community_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todolists_language_valid" CHECK ("todolists"."language" in ('FI', 'EN'))
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"todolist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"content_delta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reward" integer DEFAULT 0 NOT NULL,
	"answertype" text DEFAULT 'none' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"allow_member_image" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todos_position_positive" CHECK ("todos"."position" >= 1),
	CONSTRAINT "todos_reward_range" CHECK ("todos"."reward" between 0 and 999),
	CONSTRAINT "todos_answertype_valid" CHECK ("todos"."answertype" in ('none', 'free', 'strict'))
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_todo_id_todos_id_fk" FOREIGN KEY ("todo_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_member_todo_id_member_todos_id_fk" FOREIGN KEY ("member_todo_id") REFERENCES "public"."member_todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_todos" ADD CONSTRAINT "member_todos_todo_id_todos_id_fk" FOREIGN KEY ("todo_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_todos" ADD CONSTRAINT "member_todos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todolist_shares" ADD CONSTRAINT "todolist_shares_todolist_id_todolists_id_fk" FOREIGN KEY ("todolist_id") REFERENCES "public"."todolists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todolist_shares" ADD CONSTRAINT "todolist_shares_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todolists" ADD CONSTRAINT "todolists_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_todolist_id_todolists_id_fk" FOREIGN KEY ("todolist_id") REFERENCES "public"."todolists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "images_name_idx" ON "images" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "images_todo_idx" ON "images" USING btree ("todo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "images_member_todo_idx" ON "images" USING btree ("member_todo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_todos_todo_member_idx" ON "member_todos" USING btree ("todo_id","member_id");--> statement-breakpoint
CREATE INDEX "member_todos_member_list_idx" ON "member_todos" USING btree ("member_id","todolist_id");--> statement-breakpoint
CREATE INDEX "todolist_shares_teacher_idx" ON "todolist_shares" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "todolists_teacher_idx" ON "todolists" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "todos_list_position_idx" ON "todos" USING btree ("todolist_id","position");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_blue_shared_id_todolists_id_fk" FOREIGN KEY ("blue_shared_id") REFERENCES "public"."todolists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_orange_shared_id_todolists_id_fk" FOREIGN KEY ("orange_shared_id") REFERENCES "public"."todolists"("id") ON DELETE set null ON UPDATE no action;