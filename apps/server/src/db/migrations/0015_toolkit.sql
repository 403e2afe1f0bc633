CREATE TABLE "group_picks" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"picked_on" text NOT NULL,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_picks_group_id_picked_on_member_id_pk" PRIMARY KEY("group_id","picked_on","member_id")
);
--> statement-breakpoint
CREATE TABLE "group_toolkit" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"teams" jsonb,
	"timer_status" text DEFAULT 'idle' NOT NULL,
	"timer_duration_ms" integer DEFAULT 0 NOT NULL,
	"timer_remaining_ms" integer DEFAULT 0 NOT NULL,
	"timer_ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_picks" ADD CONSTRAINT "group_picks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_picks" ADD CONSTRAINT "group_picks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_toolkit" ADD CONSTRAINT "group_toolkit_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;