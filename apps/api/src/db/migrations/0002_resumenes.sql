CREATE TABLE "pagado_solicitud" (
	"solicitud_id" integer PRIMARY KEY NOT NULL,
	"total_pagado" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumen_general" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"total_pagado" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "resumen_general_unica_check" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "resumen_ingresos" (
	"vendedor_id" integer NOT NULL,
	"modalidad_pago" text NOT NULL,
	"mes" date NOT NULL,
	"contratos" integer DEFAULT 0 NOT NULL,
	"monto_total" numeric DEFAULT '0' NOT NULL,
	"total_pagado" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "resumen_ingresos_pkey" PRIMARY KEY("vendedor_id","modalidad_pago","mes")
);
--> statement-breakpoint
CREATE TABLE "resumen_solicitudes" (
	"estado" text NOT NULL,
	"modalidad_pago" text NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resumen_solicitudes_pkey" PRIMARY KEY("estado","modalidad_pago")
);
--> statement-breakpoint
DROP INDEX "pagos_solicitud_idx";--> statement-breakpoint
DROP INDEX "pagos_vendedor_fecha_idx";--> statement-breakpoint
DROP INDEX "pagos_fecha_idx";--> statement-breakpoint
DROP INDEX "tasas_cambio_fecha_idx";--> statement-breakpoint
DROP INDEX "clientes_vendedor_idx";--> statement-breakpoint
DROP INDEX "solicitudes_vendedor_idx";--> statement-breakpoint
DROP INDEX "solicitudes_cliente_idx";--> statement-breakpoint
DROP INDEX "solicitudes_estado_idx";--> statement-breakpoint
DROP INDEX "auditoria_fecha_idx";--> statement-breakpoint
DROP INDEX "auditoria_rol_fecha_idx";--> statement-breakpoint
CREATE INDEX "solicitudes_admin_lista_idx" ON "solicitudes" USING btree ("fecha_creacion","id") WHERE estado in ('solicitud', 'contrato');--> statement-breakpoint
CREATE INDEX "solicitudes_contratos_conversion_idx" ON "solicitudes" USING btree ("fecha_conversion","id") WHERE estado = 'contrato';--> statement-breakpoint
CREATE INDEX "solicitudes_estado_modalidad_conversion_idx" ON "solicitudes" USING btree ("estado","modalidad_pago","fecha_conversion","id");--> statement-breakpoint
CREATE INDEX "solicitudes_caducadas_idx" ON "solicitudes" USING btree ("fecha_vencimiento","id") WHERE estado = 'caducada';--> statement-breakpoint
CREATE INDEX "solicitudes_contratos_creacion_idx" ON "solicitudes" USING btree ("fecha_creacion","id","vendedor_id","modalidad_pago","monto_total") WHERE estado = 'contrato';--> statement-breakpoint
CREATE INDEX "solicitudes_contratos_vendedor_idx" ON "solicitudes" USING btree ("vendedor_id","fecha_creacion","id") WHERE estado = 'contrato';--> statement-breakpoint
CREATE INDEX "solicitudes_contratos_modalidad_idx" ON "solicitudes" USING btree ("modalidad_pago","fecha_creacion","id") WHERE estado = 'contrato';--> statement-breakpoint
CREATE INDEX "pagos_solicitud_idx" ON "pagos" USING btree ("solicitud_id","fecha_pago");--> statement-breakpoint
CREATE INDEX "pagos_vendedor_fecha_idx" ON "pagos" USING btree ("vendedor_id","fecha_pago","id");--> statement-breakpoint
CREATE INDEX "pagos_fecha_idx" ON "pagos" USING btree ("fecha_pago","id");--> statement-breakpoint
CREATE INDEX "tasas_cambio_fecha_idx" ON "tasas_cambio" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "clientes_vendedor_idx" ON "clientes" USING btree ("vendedor_id","nombre","id");--> statement-breakpoint
CREATE INDEX "solicitudes_vendedor_idx" ON "solicitudes" USING btree ("vendedor_id","fecha_creacion","id");--> statement-breakpoint
CREATE INDEX "solicitudes_cliente_idx" ON "solicitudes" USING btree ("cliente_id","fecha_creacion","id");--> statement-breakpoint
CREATE INDEX "solicitudes_estado_idx" ON "solicitudes" USING btree ("estado","fecha_creacion","id");--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "auditoria_rol_fecha_idx" ON "auditoria" USING btree ("rol","fecha","id");--> statement-breakpoint
-- Decision 016: the summaries are kept by triggers in the transaction of every change, so no code path can forget
-- them. Statement-level triggers with transition tables: a statement's rows are all locked before any summary row,
-- and every summary change locks the one resumen_general row first, so summary rows are always taken in one
-- order (no deadlock) and writers queue on it (no lost update).
CREATE FUNCTION resumen_mes(instante timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- The business month in Caracas (UTC−04:00 all year, lib/business-time.ts) that the instant falls in.
  SELECT date_trunc('month', (instante AT TIME ZONE 'UTC') - interval '4 hours')::date
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_solicitudes_aplicar(viejas solicitudes[], nuevas solicitudes[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- An update that moves nothing a summary reads (a payment state, the e-mail flag) takes no lock.
  IF NOT EXISTS (
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(nuevas)
    EXCEPT SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(viejas)
  ) AND NOT EXISTS (
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(viejas)
    EXCEPT SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(nuevas)
  ) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;

  INSERT INTO resumen_solicitudes AS r (estado, modalidad_pago, cantidad)
  SELECT c.estado, c.modalidad_pago, sum(c.signo)::int
  FROM (
    SELECT -1 AS signo, estado, modalidad_pago FROM unnest(viejas)
    UNION ALL SELECT 1, estado, modalidad_pago FROM unnest(nuevas)
  ) c
  GROUP BY c.estado, c.modalidad_pago
  HAVING sum(c.signo) <> 0
  ORDER BY c.estado, c.modalidad_pago
  ON CONFLICT (estado, modalidad_pago) DO UPDATE SET cantidad = r.cantidad + excluded.cantidad;

  -- A contract brings what was paid on it (read after the lock above: payments take it too).
  INSERT INTO resumen_ingresos AS r (vendedor_id, modalidad_pago, mes, contratos, monto_total, total_pagado)
  SELECT c.vendedor_id, c.modalidad_pago, resumen_mes(c.fecha_creacion), sum(c.signo)::int,
    sum(c.signo * c.monto_total), sum(c.signo * coalesce(p.total_pagado, 0))
  FROM (
    SELECT -1 AS signo, id, vendedor_id, modalidad_pago, fecha_creacion, monto_total
    FROM unnest(viejas) WHERE estado = 'contrato'
    UNION ALL
    SELECT 1, id, vendedor_id, modalidad_pago, fecha_creacion, monto_total
    FROM unnest(nuevas) WHERE estado = 'contrato'
  ) c
  LEFT JOIN pagado_solicitud p ON p.solicitud_id = c.id
  GROUP BY c.vendedor_id, c.modalidad_pago, resumen_mes(c.fecha_creacion)
  HAVING sum(c.signo) <> 0 OR sum(c.signo * c.monto_total) <> 0
    OR sum(c.signo * coalesce(p.total_pagado, 0)) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (vendedor_id, modalidad_pago, mes) DO UPDATE SET
    contratos = r.contratos + excluded.contratos,
    monto_total = r.monto_total + excluded.monto_total,
    total_pagado = r.total_pagado + excluded.total_pagado;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_solicitudes_insertadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_solicitudes_aplicar('{}', ARRAY(SELECT n::solicitudes FROM nuevas n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_solicitudes_actualizadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_solicitudes_aplicar(ARRAY(SELECT v::solicitudes FROM viejas v), ARRAY(SELECT n::solicitudes FROM nuevas n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_solicitudes_borradas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_solicitudes_aplicar(ARRAY(SELECT v::solicitudes FROM viejas v), '{}');
  -- Their payments went with them (cascade): the rollup was given back what pagado_solicitud still held.
  DELETE FROM pagado_solicitud WHERE solicitud_id IN (SELECT id FROM viejas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_pagos_aplicar(viejos pagos[], nuevos pagos[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT id, solicitud_id, monto_pagado FROM unnest(nuevos)
    EXCEPT SELECT id, solicitud_id, monto_pagado FROM unnest(viejos)
  ) AND NOT EXISTS (
    SELECT id, solicitud_id, monto_pagado FROM unnest(viejos)
    EXCEPT SELECT id, solicitud_id, monto_pagado FROM unnest(nuevos)
  ) THEN
    RETURN;
  END IF;
  UPDATE resumen_general SET total_pagado = total_pagado
    + coalesce((SELECT sum(monto_pagado) FROM unnest(nuevos)), 0)
    - coalesce((SELECT sum(monto_pagado) FROM unnest(viejos)), 0)
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
CREATE FUNCTION resumen_pagos_insertados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_pagos_aplicar('{}', ARRAY(SELECT n::pagos FROM nuevos n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_pagos_actualizados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_pagos_aplicar(ARRAY(SELECT v::pagos FROM viejos v), ARRAY(SELECT n::pagos FROM nuevos n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_pagos_borrados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_pagos_aplicar(ARRAY(SELECT v::pagos FROM viejos v), '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row events: it empties what the truncated table summarised.
CREATE FUNCTION resumen_vaciado() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  IF TG_TABLE_NAME = 'solicitudes' THEN
    UPDATE resumen_solicitudes SET cantidad = 0;
    DELETE FROM resumen_ingresos;
  END IF;
  UPDATE resumen_general SET total_pagado = (SELECT coalesce(sum(monto_pagado), 0) FROM pagos) WHERE id = 1;
  DELETE FROM pagado_solicitud;
  UPDATE resumen_ingresos SET total_pagado = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resumen_solicitudes_insertadas AFTER INSERT ON solicitudes
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_solicitudes_insertadas();
--> statement-breakpoint
CREATE TRIGGER resumen_solicitudes_actualizadas AFTER UPDATE ON solicitudes
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_solicitudes_actualizadas();
--> statement-breakpoint
CREATE TRIGGER resumen_solicitudes_borradas AFTER DELETE ON solicitudes
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION resumen_solicitudes_borradas();
--> statement-breakpoint
CREATE TRIGGER resumen_solicitudes_vaciadas AFTER TRUNCATE ON solicitudes
FOR EACH STATEMENT EXECUTE FUNCTION resumen_vaciado();
--> statement-breakpoint
CREATE TRIGGER resumen_pagos_insertados AFTER INSERT ON pagos
REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION resumen_pagos_insertados();
--> statement-breakpoint
CREATE TRIGGER resumen_pagos_actualizados AFTER UPDATE ON pagos
REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION resumen_pagos_actualizados();
--> statement-breakpoint
CREATE TRIGGER resumen_pagos_borrados AFTER DELETE ON pagos
REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION resumen_pagos_borrados();
--> statement-breakpoint
CREATE TRIGGER resumen_pagos_vaciados AFTER TRUNCATE ON pagos
FOR EACH STATEMENT EXECUTE FUNCTION resumen_vaciado();
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them waited for writers in flight, and holds later ones off until
-- this migration commits, so nothing is counted twice or missed.
INSERT INTO resumen_general (id, total_pagado) SELECT 1, coalesce(sum(monto_pagado), 0) FROM pagos;
--> statement-breakpoint
INSERT INTO resumen_solicitudes (estado, modalidad_pago, cantidad)
SELECT e.estado, m.modalidad_pago,
  (SELECT count(*) FROM solicitudes s WHERE s.estado = e.estado AND s.modalidad_pago = m.modalidad_pago)
FROM (VALUES ('solicitud'), ('contrato'), ('caducada')) e (estado),
  (VALUES ('De Contado'), ('Financiado')) m (modalidad_pago);
--> statement-breakpoint
INSERT INTO pagado_solicitud (solicitud_id, total_pagado)
SELECT solicitud_id, sum(monto_pagado) FROM pagos GROUP BY solicitud_id;
--> statement-breakpoint
INSERT INTO resumen_ingresos (vendedor_id, modalidad_pago, mes, contratos, monto_total, total_pagado)
SELECT s.vendedor_id, s.modalidad_pago, resumen_mes(s.fecha_creacion), count(*), sum(s.monto_total),
  coalesce(sum(p.total_pagado), 0)
FROM solicitudes s LEFT JOIN pagado_solicitud p ON p.solicitud_id = s.id
WHERE s.estado = 'contrato'
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- PGlite never runs autovacuum: without statistics its planner guesses, so give it some to start with.
ANALYZE solicitudes, pagos, cuotas, clientes, auditoria, pagado_solicitud, resumen_ingresos;
