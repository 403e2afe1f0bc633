-- Issue 31: a group's name is unique per teacher, a member's within its group; every group has a join code.
CREATE FUNCTION kolikko_new_join_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789BCDFGHJKMNPQRSTVWXYZ';
  bytes bytea;
  code text;
BEGIN
  LOOP
    -- gen_random_uuid() draws from the operating system's secure source; its first 6 bytes are all random.
    bytes := uuid_send(gen_random_uuid());
    code := '';
    FOR i IN 0..5 LOOP
      code := code || substr(alphabet, 1 + get_byte(bytes, i) % length(alphabet), 1);
    END LOOP;
    IF NOT EXISTS (SELECT 1 FROM groups WHERE join_code = code) THEN
      RETURN code;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
DROP INDEX "groups_name_lower_idx";--> statement-breakpoint
DROP INDEX "members_username_lower_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "join_code" text;--> statement-breakpoint
DO $$
DECLARE g record;
BEGIN
  FOR g IN SELECT id FROM groups ORDER BY created_at LOOP
    UPDATE groups SET join_code = kolikko_new_join_code() WHERE id = g.id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "groups" ALTER COLUMN "join_code" SET DEFAULT kolikko_new_join_code();--> statement-breakpoint
ALTER TABLE "groups" ALTER COLUMN "join_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "badges_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "badge_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "groups_teacher_name_lower_idx" ON "groups" USING btree ("teacher_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "groups_join_code_idx" ON "groups" USING btree ("join_code");--> statement-breakpoint
CREATE UNIQUE INDEX "members_group_username_lower_idx" ON "members" USING btree ("group_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_badge_hash_idx" ON "members" USING btree ("badge_hash") WHERE "members"."badge_hash" is not null;--> statement-breakpoint
CREATE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "members_username_lower_idx" ON "members" USING btree (lower("username"));
