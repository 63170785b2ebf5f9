CREATE TABLE "custom_domain_claims" (
	"user_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domain_claims" ADD CONSTRAINT "custom_domain_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_domain_claims_host_idx" ON "custom_domain_claims" USING btree ("host");--> statement-breakpoint
-- No domain was proved before this migration: each becomes its account's claim, used once its TXT record is found.
INSERT INTO "custom_domain_claims" ("user_id", "host", "created_at") SELECT "user_id", "host", "created_at" FROM "custom_domains";
--> statement-breakpoint
DELETE FROM "custom_domains";
