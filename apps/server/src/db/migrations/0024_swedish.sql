-- Swedish (issue 37): a list, a community listing and a demo may be Swedish.
ALTER TABLE "community_lists" DROP CONSTRAINT "community_lists_language_valid";--> statement-breakpoint
ALTER TABLE "demos" DROP CONSTRAINT "demos_language_valid";--> statement-breakpoint
ALTER TABLE "todolists" DROP CONSTRAINT "todolists_language_valid";--> statement-breakpoint
ALTER TABLE "community_lists" ADD CONSTRAINT "community_lists_language_valid" CHECK ("community_lists"."language" in ('FI', 'EN', 'SV'));--> statement-breakpoint
ALTER TABLE "demos" ADD CONSTRAINT "demos_language_valid" CHECK ("demos"."language" in ('en', 'fi', 'sv'));--> statement-breakpoint
ALTER TABLE "todolists" ADD CONSTRAINT "todolists_language_valid" CHECK ("todolists"."language" in ('FI', 'EN', 'SV'));