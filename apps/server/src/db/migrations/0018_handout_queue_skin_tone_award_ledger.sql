ALTER TABLE "awards" ADD COLUMN "ledger_first" bigint;--> statement-breakpoint
ALTER TABLE "awards" ADD COLUMN "ledger_last" bigint;--> statement-breakpoint
-- An award's own rows (teacher_award or teacher_deduction) are written by one statement: their id range is the award's.
UPDATE "awards" SET "ledger_first" = r.first, "ledger_last" = r.last
  FROM (SELECT "reference", min("id") AS first, max("id") AS last FROM "coin_ledger"
        WHERE "reason" IN ('teacher_award', 'teacher_deduction') AND "reference" IS NOT NULL GROUP BY "reference") r
  WHERE r."reference" = "awards"."id"::text;--> statement-breakpoint
DROP INDEX "coin_ledger_award_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "skin_tone" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "skin_tone" text;--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Purchases from before the hand-out queue: the last week's wait to be handed out, older ones count as given (settled_at stays null: when is not known).
UPDATE "reward_purchases" SET "state" = 'given' WHERE "purchased_at" < now() - interval '7 days';--> statement-breakpoint
CREATE INDEX "reward_purchases_group_state_idx" ON "reward_purchases" USING btree ("group_id","state","purchased_at");--> statement-breakpoint
ALTER TABLE "reward_purchases" ADD CONSTRAINT "reward_purchases_state_valid" CHECK ("reward_purchases"."state" in ('pending', 'given', 'returned'));
