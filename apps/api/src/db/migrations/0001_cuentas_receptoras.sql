CREATE TABLE "cuentas_receptoras" (
	"id" serial PRIMARY KEY NOT NULL,
	"banco" text NOT NULL,
	"titular" text NOT NULL,
	"numero_cuenta" text NOT NULL,
	"rif" text NOT NULL,
	"telefono_pago_movil" text,
	"activa" boolean DEFAULT true NOT NULL,
	"es_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cuentas_receptoras_numero_cuenta_key" ON "cuentas_receptoras" USING btree ("numero_cuenta");