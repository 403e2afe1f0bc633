CREATE TABLE "chat_group_reads" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"member_id" uuid,
	"teacher_id" uuid NOT NULL,
	"send_by" text NOT NULL,
	"sender_member_id" uuid,
	"message" text NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_by_the_other" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_messages_send_by_valid" CHECK ("chat_messages"."send_by" in ('teacher', 'member')),
	CONSTRAINT "chat_messages_sender" CHECK (("chat_messages"."send_by" = 'member') = ("chat_messages"."sender_member_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "chat_group_reads" ADD CONSTRAINT "chat_group_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_member_id_members_id_fk" FOREIGN KEY ("sender_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("group_id","member_id","send_at");--> statement-breakpoint
CREATE INDEX "chat_messages_private_idx" ON "chat_messages" USING btree ("member_id","send_at");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_member_idx" ON "chat_messages" USING btree ("sender_member_id","send_at");--> statement-breakpoint
CREATE INDEX "chat_messages_teacher_idx" ON "chat_messages" USING btree ("teacher_id","send_at");--> statement-breakpoint
CREATE INDEX "chat_messages_teacher_unread_idx" ON "chat_messages" USING btree ("teacher_id") WHERE "chat_messages"."send_by" = 'member' and not "chat_messages"."seen_by_the_other";