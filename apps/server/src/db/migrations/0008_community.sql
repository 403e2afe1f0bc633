CREATE TABLE "community_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"todolist_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description_html" text NOT NULL,
	"description_delta" jsonb NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"categories" text[] NOT NULL,
	"targets" text[] NOT NULL,
	"language" text DEFAULT 'FI' NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_lists_todolist_id_unique" UNIQUE("todolist_id"),
	CONSTRAINT "community_lists_price_valid" CHECK ("community_lists"."price" >= 0),
	CONSTRAINT "community_lists_language_valid" CHECK ("community_lists"."language" in ('FI', 'EN'))
);
--> statement-breakpoint
CREATE TABLE "community_purchases" (
	"community_list_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"copy_id" uuid,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_purchases_community_list_id_buyer_id_pk" PRIMARY KEY("community_list_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "community_lists" ADD CONSTRAINT "community_lists_todolist_id_todolists_id_fk" FOREIGN KEY ("todolist_id") REFERENCES "public"."todolists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_lists" ADD CONSTRAINT "community_lists_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_purchases" ADD CONSTRAINT "community_purchases_community_list_id_community_lists_id_fk" FOREIGN KEY ("community_list_id") REFERENCES "public"."community_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_purchases" ADD CONSTRAINT "community_purchases_buyer_id_teachers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_purchases" ADD CONSTRAINT "community_purchases_copy_id_todolists_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."todolists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_lists_shared_at_idx" ON "community_lists" USING btree ("shared_at");--> statement-breakpoint
CREATE INDEX "community_purchases_buyer_idx" ON "community_purchases" USING btree ("buyer_id");