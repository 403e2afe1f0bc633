CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "auth_failures" CASCADE;