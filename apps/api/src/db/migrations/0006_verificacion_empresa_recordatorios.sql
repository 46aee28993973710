CREATE TABLE "recordatorios" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"cuota_id" integer,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"usuario_id" integer,
	"enviado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordatorios_tipo_check" CHECK (tipo in ('previo', 'vencida', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"rif" text DEFAULT '' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"telefonos" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"logo_archivo_id" uuid,
	"clausulas" text DEFAULT '' NOT NULL,
	"dias_recordatorio" smallint DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_unica_check" CHECK ("empresa"."id" = 1),
	CONSTRAINT "empresa_dias_recordatorio_check" CHECK ("empresa"."dias_recordatorio" between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "archivos" DROP CONSTRAINT "archivos_categoria_check";--> statement-breakpoint
DROP INDEX "pagos_inicial_key";--> statement-breakpoint
DROP INDEX "pagos_cuota_key";--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "estado_verificacion" text DEFAULT 'por_verificar' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "motivo_rechazo" text;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "verificado_por" integer;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "fecha_verificacion" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resumen_general" ADD COLUMN "total_verificado" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_cuota_id_cuotas_id_fk" FOREIGN KEY ("cuota_id") REFERENCES "public"."cuotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorios" ADD CONSTRAINT "recordatorios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_logo_archivo_id_archivos_id_fk" FOREIGN KEY ("logo_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordatorios_solicitud_idx" ON "recordatorios" USING btree ("solicitud_id","enviado_en");--> statement-breakpoint
CREATE UNIQUE INDEX "recordatorios_cuota_tipo_key" ON "recordatorios" USING btree ("cuota_id","tipo") WHERE tipo <> 'manual';--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_verificado_por_usuarios_id_fk" FOREIGN KEY ("verificado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_verificacion_idx" ON "pagos" USING btree ("estado_verificacion","fecha_pago","id");--> statement-breakpoint
CREATE INDEX "pagos_referencia_idx" ON "pagos" USING btree ("banco_emisor","referencia") WHERE referencia is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_inicial_key" ON "pagos" USING btree ("solicitud_id") WHERE cuota_id is null and estado_verificacion <> 'rechazado';--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_cuota_key" ON "pagos" USING btree ("cuota_id") WHERE cuota_id is not null and estado_verificacion <> 'rechazado';--> statement-breakpoint
ALTER TABLE "archivos" ADD CONSTRAINT "archivos_categoria_check" CHECK (categoria in ('documento_identidad', 'comprobante', 'mapa', 'logo'));--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_verificacion_check" CHECK (estado_verificacion in ('por_verificar', 'verificado', 'rechazado'));--> statement-breakpoint
-- Issue 14, decision 021: the payments reported before verification existed were taken as money in the bank; they
-- stay so (verified, by nobody). The old summary function sees no change of amount here and does nothing.
UPDATE "pagos" SET "estado_verificacion" = 'verificado';
--> statement-breakpoint
INSERT INTO "empresa" ("id") VALUES (1);
--> statement-breakpoint
-- Decision 016's summaries count a payment until it is rejected (a rejection undoes it), and keep apart the part
-- administración verified. Only the live payments of each side enter the difference.
CREATE OR REPLACE FUNCTION resumen_pagos_aplicar(viejos pagos[], nuevos pagos[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  viejos := ARRAY(SELECT v FROM unnest(viejos) v WHERE v.estado_verificacion <> 'rechazado');
  nuevos := ARRAY(SELECT n FROM unnest(nuevos) n WHERE n.estado_verificacion <> 'rechazado');
  IF NOT EXISTS (
    SELECT id, solicitud_id, monto_pagado, estado_verificacion FROM unnest(nuevos)
    EXCEPT SELECT id, solicitud_id, monto_pagado, estado_verificacion FROM unnest(viejos)
  ) AND NOT EXISTS (
    SELECT id, solicitud_id, monto_pagado, estado_verificacion FROM unnest(viejos)
    EXCEPT SELECT id, solicitud_id, monto_pagado, estado_verificacion FROM unnest(nuevos)
  ) THEN
    RETURN;
  END IF;
  UPDATE resumen_general SET
    total_pagado = total_pagado
      + coalesce((SELECT sum(monto_pagado) FROM unnest(nuevos)), 0)
      - coalesce((SELECT sum(monto_pagado) FROM unnest(viejos)), 0),
    total_verificado = total_verificado
      + coalesce((SELECT sum(monto_pagado) FROM unnest(nuevos) WHERE estado_verificacion = 'verificado'), 0)
      - coalesce((SELECT sum(monto_pagado) FROM unnest(viejos) WHERE estado_verificacion = 'verificado'), 0)
  WHERE id = 1;

  -- A payment deleted with its request (cascade) finds no request: the request's own trigger settles it.
  WITH cambio AS (
    SELECT c.solicitud_id, sum(c.monto) AS monto
    FROM (
      SELECT solicitud_id, -monto_pagado AS monto FROM unnest(viejos)
      UNION ALL SELECT solicitud_id, monto_pagado FROM unnest(nuevos)
    ) c
    GROUP BY c.solicitud_id
    HAVING sum(c.monto) <> 0
  ),
  destino AS (
    SELECT cambio.solicitud_id, cambio.monto, s.estado, s.vendedor_id, s.modalidad_pago, s.fecha_creacion
    FROM cambio JOIN solicitudes s ON s.id = cambio.solicitud_id
  ),
  por_solicitud AS (
    INSERT INTO pagado_solicitud AS p (solicitud_id, total_pagado)
    SELECT solicitud_id, monto FROM destino ORDER BY solicitud_id
    ON CONFLICT (solicitud_id) DO UPDATE SET total_pagado = p.total_pagado + excluded.total_pagado
  )
  INSERT INTO resumen_ingresos AS r (vendedor_id, modalidad_pago, mes, total_pagado)
  SELECT vendedor_id, modalidad_pago, resumen_mes(fecha_creacion), sum(monto)
  FROM destino WHERE estado = 'contrato'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (vendedor_id, modalidad_pago, mes) DO UPDATE SET total_pagado = r.total_pagado + excluded.total_pagado;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumen_vaciado() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  IF TG_TABLE_NAME = 'solicitudes' THEN
    UPDATE resumen_solicitudes SET cantidad = 0;
    DELETE FROM resumen_paginas;
    DELETE FROM resumen_ingresos;
  END IF;
  UPDATE resumen_general SET
    total_pagado = (SELECT coalesce(sum(monto_pagado), 0) FROM pagos WHERE estado_verificacion <> 'rechazado'),
    total_verificado = (SELECT coalesce(sum(monto_pagado), 0) FROM pagos WHERE estado_verificacion = 'verificado')
  WHERE id = 1;
  DELETE FROM pagado_solicitud;
  UPDATE resumen_ingresos SET total_pagado = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "resumen_general" SET "total_verificado" = "total_pagado" WHERE "id" = 1;
