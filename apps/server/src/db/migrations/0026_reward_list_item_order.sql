ALTER TABLE "reward_list_items" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
-- The items already there keep the order they were listed in: added_at, then the reward's creation and id.
UPDATE "reward_list_items" AS "i" SET "seq" = "o"."n"
FROM (
  SELECT "l"."reward_list_id", "l"."reward_id", row_number() OVER (ORDER BY "l"."added_at", "r"."created_at", "r"."id") AS "n"
  FROM "reward_list_items" AS "l" JOIN "rewards" AS "r" ON "r"."id" = "l"."reward_id"
) AS "o"
WHERE "i"."reward_list_id" = "o"."reward_list_id" AND "i"."reward_id" = "o"."reward_id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('reward_list_items', 'seq'), (SELECT coalesce(max("seq"), 0) + 1 FROM "reward_list_items"), false);
