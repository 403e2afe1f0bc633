ALTER TABLE "chat_messages" ADD COLUMN "sender_teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_teacher_id_teachers_id_fk" FOREIGN KEY ("sender_teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_teacher_idx" ON "chat_messages" USING btree ("sender_teacher_id","send_at");--> statement-breakpoint
-- Every teacher message until now was its group's owner's: the conversation's teacher wrote it.
UPDATE "chat_messages" SET "sender_teacher_id" = "teacher_id" WHERE "send_by" = 'teacher';
