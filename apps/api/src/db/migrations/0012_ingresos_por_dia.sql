-- Written by hand (custom migration). Issue 12, decision 016: the income summary over a date range sums whole
-- years and whole months from resumen_ingresos(_anual), and the days at its edges from these daily rows, never the
-- contracts one by one. And every rollup (daily, monthly, yearly, and pagado_solicitud per request) keeps the part
-- of what was paid that administración verified (issue 14 §3), so what still waits for its check is their
-- difference, not a read of the verification queue (every payment of a history where none was checked yet).
-- Key: day first, so a range of days across every seller is one index range.
CREATE TABLE resumen_ingresos_dia (
	dia date NOT NULL,
	vendedor_id integer NOT NULL,
	modalidad_pago text NOT NULL,
	contratos integer DEFAULT 0 NOT NULL,
	monto_total numeric DEFAULT '0' NOT NULL,
	total_pagado numeric DEFAULT '0' NOT NULL,
	total_verificado numeric DEFAULT '0' NOT NULL,
	CONSTRAINT resumen_ingresos_dia_pkey PRIMARY KEY (dia, vendedor_id, modalidad_pago)
);
--> statement-breakpoint
ALTER TABLE pagado_solicitud ADD COLUMN total_verificado numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE resumen_ingresos ADD COLUMN total_verificado numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE resumen_ingresos_anual ADD COLUMN total_verificado numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- A range's whole months across every seller, read by index: a scan of every monthly row (23,000 at 100,000
-- contracts) tipped the summary's plan into parallel workers, whose start cost 150–300 ms on a loaded machine.
CREATE INDEX resumen_ingresos_mes_idx ON resumen_ingresos (mes);
--> statement-breakpoint
CREATE FUNCTION resumen_dia(instante timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- The business day in Caracas (UTC−04:00 all year, lib/business-time.ts) that the instant falls in.
  SELECT ((instante AT TIME ZONE 'UTC') - interval '4 hours')::date
$$;
--> statement-breakpoint
-- Contracts that appear, change or go: their count, amount and what was paid on them, on their business day. Own
-- triggers beside decision 016's (which other work redefines), same rules: nothing a daily row reads moved, no
-- lock; else the resumen_general row first, then the daily rows in key order.
CREATE FUNCTION resumen_ingresos_dia_contratos(viejas solicitudes[], nuevas solicitudes[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT id, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(nuevas) WHERE estado = 'contrato'
    EXCEPT SELECT id, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(viejas) WHERE estado = 'contrato'
  ) AND NOT EXISTS (
    SELECT id, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(viejas) WHERE estado = 'contrato'
    EXCEPT SELECT id, modalidad_pago, vendedor_id, fecha_creacion, monto_total FROM unnest(nuevas) WHERE estado = 'contrato'
  ) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  -- What was paid comes from pagado_solicitud, read after the lock (payments take it too). On a delete this runs
  -- before resumen_solicitudes_borradas empties it: triggers of one event fire in name order, 'resumen_ingresos_dia_'
  -- before 'resumen_solicitudes_'.
  -- The monthly rows get their verified part here (decision 016's function moves the rest of them).
  WITH cambio AS (
    SELECT c.signo, c.vendedor_id, c.modalidad_pago, c.fecha_creacion, c.monto_total,
      coalesce(p.total_pagado, 0) AS pagado, coalesce(p.total_verificado, 0) AS verificado
    FROM (
      SELECT -1 AS signo, id, vendedor_id, modalidad_pago, fecha_creacion, monto_total
      FROM unnest(viejas) WHERE estado = 'contrato'
      UNION ALL
      SELECT 1, id, vendedor_id, modalidad_pago, fecha_creacion, monto_total
      FROM unnest(nuevas) WHERE estado = 'contrato'
    ) c
    LEFT JOIN pagado_solicitud p ON p.solicitud_id = c.id
  ),
  por_mes AS (
    INSERT INTO resumen_ingresos AS r (vendedor_id, modalidad_pago, mes, total_verificado)
    SELECT vendedor_id, modalidad_pago, resumen_mes(fecha_creacion), sum(signo * verificado)
    FROM cambio
    GROUP BY 1, 2, 3
    HAVING sum(signo * verificado) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (vendedor_id, modalidad_pago, mes) DO UPDATE SET
      total_verificado = r.total_verificado + excluded.total_verificado
  )
  INSERT INTO resumen_ingresos_dia AS r (dia, vendedor_id, modalidad_pago, contratos, monto_total, total_pagado,
    total_verificado)
  SELECT resumen_dia(fecha_creacion), vendedor_id, modalidad_pago, sum(signo)::int, sum(signo * monto_total),
    sum(signo * pagado), sum(signo * verificado)
  FROM cambio
  GROUP BY 1, 2, 3
  HAVING sum(signo) <> 0 OR sum(signo * monto_total) <> 0 OR sum(signo * pagado) <> 0
    OR sum(signo * verificado) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, modalidad_pago) DO UPDATE SET
    contratos = r.contratos + excluded.contratos,
    monto_total = r.monto_total + excluded.monto_total,
    total_pagado = r.total_pagado + excluded.total_pagado,
    total_verificado = r.total_verificado + excluded.total_verificado;
END
$$;
--> statement-breakpoint
-- Payments: a payment counts until it is rejected (decision 023), and in the verified part once verified, on its
-- contract's day and month; pagado_solicitud keeps each request's verified part for when it becomes a contract (or
-- goes). A payment deleted with its request (cascade) finds no request: the request's own trigger settles it.
CREATE FUNCTION resumen_ingresos_dia_pagos(viejos pagos[], nuevos pagos[]) RETURNS void
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
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  WITH cambio AS (
    SELECT c.solicitud_id, sum(c.monto) AS pagado, coalesce(sum(c.monto) FILTER (WHERE c.verificado), 0) AS verificado
    FROM (
      SELECT solicitud_id, -monto_pagado AS monto, estado_verificacion = 'verificado' AS verificado FROM unnest(viejos)
      UNION ALL SELECT solicitud_id, monto_pagado, estado_verificacion = 'verificado' FROM unnest(nuevos)
    ) c
    GROUP BY c.solicitud_id
    HAVING sum(c.monto) <> 0 OR coalesce(sum(c.monto) FILTER (WHERE c.verificado), 0) <> 0
  ),
  destino AS (
    SELECT cambio.*, s.estado, s.vendedor_id, s.modalidad_pago, s.fecha_creacion
    FROM cambio JOIN solicitudes s ON s.id = cambio.solicitud_id
  ),
  por_solicitud AS (
    INSERT INTO pagado_solicitud AS p (solicitud_id, total_verificado)
    SELECT solicitud_id, verificado FROM destino WHERE verificado <> 0 ORDER BY solicitud_id
    ON CONFLICT (solicitud_id) DO UPDATE SET total_verificado = p.total_verificado + excluded.total_verificado
  ),
  por_mes AS (
    INSERT INTO resumen_ingresos AS r (vendedor_id, modalidad_pago, mes, total_verificado)
    SELECT vendedor_id, modalidad_pago, resumen_mes(fecha_creacion), sum(verificado)
    FROM destino WHERE estado = 'contrato'
    GROUP BY 1, 2, 3
    HAVING sum(verificado) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (vendedor_id, modalidad_pago, mes) DO UPDATE SET
      total_verificado = r.total_verificado + excluded.total_verificado
  )
  INSERT INTO resumen_ingresos_dia AS r (dia, vendedor_id, modalidad_pago, total_pagado, total_verificado)
  SELECT resumen_dia(fecha_creacion), vendedor_id, modalidad_pago, sum(pagado), sum(verificado)
  FROM destino WHERE estado = 'contrato'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, modalidad_pago) DO UPDATE SET
    total_pagado = r.total_pagado + excluded.total_pagado,
    total_verificado = r.total_verificado + excluded.total_verificado;
END
$$;
--> statement-breakpoint
-- The yearly rows (0004) carry the verified part of their months too.
CREATE OR REPLACE FUNCTION resumen_ingresos_al_anio() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO resumen_ingresos_anual AS r (vendedor_id, modalidad_pago, anio, contratos, monto_total, total_pagado,
      total_verificado)
    VALUES (OLD.vendedor_id, OLD.modalidad_pago, date_trunc('year', OLD.mes)::date, -OLD.contratos, -OLD.monto_total,
      -OLD.total_pagado, -OLD.total_verificado)
    ON CONFLICT (vendedor_id, modalidad_pago, anio) DO UPDATE SET
      contratos = r.contratos + excluded.contratos,
      monto_total = r.monto_total + excluded.monto_total,
      total_pagado = r.total_pagado + excluded.total_pagado,
      total_verificado = r.total_verificado + excluded.total_verificado;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO resumen_ingresos_anual AS r (vendedor_id, modalidad_pago, anio, contratos, monto_total, total_pagado,
      total_verificado)
    VALUES (NEW.vendedor_id, NEW.modalidad_pago, date_trunc('year', NEW.mes)::date, NEW.contratos, NEW.monto_total,
      NEW.total_pagado, NEW.total_verificado)
    ON CONFLICT (vendedor_id, modalidad_pago, anio) DO UPDATE SET
      contratos = r.contratos + excluded.contratos,
      monto_total = r.monto_total + excluded.monto_total,
      total_pagado = r.total_pagado + excluded.total_pagado,
      total_verificado = r.total_verificado + excluded.total_verificado;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One trigger function per table, for its three events (each event has only its own transition tables).
CREATE FUNCTION resumen_ingresos_dia_de_solicitudes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumen_ingresos_dia_contratos('{}', ARRAY(SELECT n::solicitudes FROM nuevas n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM resumen_ingresos_dia_contratos(ARRAY(SELECT v::solicitudes FROM viejas v),
      ARRAY(SELECT n::solicitudes FROM nuevas n));
  ELSE
    PERFORM resumen_ingresos_dia_contratos(ARRAY(SELECT v::solicitudes FROM viejas v), '{}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_ingresos_dia_de_pagos() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumen_ingresos_dia_pagos('{}', ARRAY(SELECT n::pagos FROM nuevos n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM resumen_ingresos_dia_pagos(ARRAY(SELECT v::pagos FROM viejos v), ARRAY(SELECT n::pagos FROM nuevos n));
  ELSE
    PERFORM resumen_ingresos_dia_pagos(ARRAY(SELECT v::pagos FROM viejos v), '{}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row events: emptying solicitudes empties the daily rows (decision 016's trigger the monthly
-- ones), emptying pagos their paid and verified sums.
CREATE FUNCTION resumen_ingresos_dia_vaciado() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  IF TG_TABLE_NAME = 'solicitudes' THEN
    DELETE FROM resumen_ingresos_dia;
  ELSE
    UPDATE resumen_ingresos_dia SET total_pagado = 0, total_verificado = 0;
    UPDATE resumen_ingresos SET total_verificado = 0 WHERE total_verificado <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_insertadas AFTER INSERT ON solicitudes
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_solicitudes();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_actualizadas AFTER UPDATE ON solicitudes
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_solicitudes();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_borradas AFTER DELETE ON solicitudes
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_solicitudes();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_vaciadas AFTER TRUNCATE ON solicitudes
FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_vaciado();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_pagos_insertados AFTER INSERT ON pagos
REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_pagos();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_pagos_actualizados AFTER UPDATE ON pagos
REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_pagos();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_pagos_borrados AFTER DELETE ON pagos
REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_de_pagos();
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_dia_pagos_vaciados AFTER TRUNCATE ON pagos
FOR EACH STATEMENT EXECUTE FUNCTION resumen_ingresos_dia_vaciado();
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them waited for writers in flight, and holds later ones off until
-- this migration commits, so nothing is counted twice or missed.
UPDATE pagado_solicitud p SET total_verificado = v.verificado
FROM (
  SELECT solicitud_id, sum(monto_pagado) AS verificado FROM pagos WHERE estado_verificacion = 'verificado'
  GROUP BY solicitud_id
) v
WHERE p.solicitud_id = v.solicitud_id;
--> statement-breakpoint
-- The yearly rows follow through their row trigger.
UPDATE resumen_ingresos r SET total_verificado = v.verificado
FROM (
  SELECT s.vendedor_id, s.modalidad_pago, resumen_mes(s.fecha_creacion) AS mes, sum(p.total_verificado) AS verificado
  FROM solicitudes s JOIN pagado_solicitud p ON p.solicitud_id = s.id
  WHERE s.estado = 'contrato'
  GROUP BY 1, 2, 3
  HAVING sum(p.total_verificado) <> 0
) v
WHERE r.vendedor_id = v.vendedor_id AND r.modalidad_pago = v.modalidad_pago AND r.mes = v.mes;
--> statement-breakpoint
INSERT INTO resumen_ingresos_dia (dia, vendedor_id, modalidad_pago, contratos, monto_total, total_pagado,
  total_verificado)
SELECT resumen_dia(s.fecha_creacion), s.vendedor_id, s.modalidad_pago, count(*), sum(s.monto_total),
  coalesce(sum(p.total_pagado), 0), coalesce(sum(p.total_verificado), 0)
FROM solicitudes s LEFT JOIN pagado_solicitud p ON p.solicitud_id = s.id
WHERE s.estado = 'contrato'
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- PGlite never runs autovacuum: give its planner statistics to start with.
ANALYZE resumen_ingresos_dia, pagado_solicitud, resumen_ingresos, resumen_ingresos_anual;
