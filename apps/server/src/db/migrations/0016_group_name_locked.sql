DROP INDEX "groups_name_lower_idx";--> statement-breakpoint
CREATE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"),"locked");