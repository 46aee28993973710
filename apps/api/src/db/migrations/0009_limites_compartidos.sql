-- Written by hand (custom migration): its tables and indexes are also declared in src/db/schema.
-- Issue 16, docs/decisions/025: the sign-in counters and the per-route rate limits shared by every instance on
-- PostgreSQL, one row a key with its expiry. It replaces intentos_login, which nothing ever read or wrote.
DROP TABLE "intentos_login";--> statement-breakpoint
CREATE TABLE "contadores_limite" (
	"clave" text PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"expira" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "contadores_limite_expira_idx" ON "contadores_limite" USING btree ("expira");
