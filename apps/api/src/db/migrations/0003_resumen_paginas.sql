CREATE TABLE "resumen_paginas" (
	"campo" text NOT NULL,
	"estado" text NOT NULL,
	"modalidad_pago" text NOT NULL,
	"mes" date NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resumen_paginas_pkey" PRIMARY KEY("campo","estado","modalidad_pago","mes")
);
--> statement-breakpoint
-- The month (UTC) of a list's key, 'infinity' when it has none: `order by key desc` puts those first.
CREATE FUNCTION resumen_mes_lista(instante timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(date_trunc('month', instante AT TIME ZONE 'UTC')::date, 'infinity'::date)
$$;
--> statement-breakpoint
-- Decision 016: the page map is kept by the requests' trigger too, under the same lock and in the same order.
CREATE OR REPLACE FUNCTION resumen_solicitudes_aplicar(viejas solicitudes[], nuevas solicitudes[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- An update that moves nothing a summary reads (a payment state, the e-mail flag) takes no lock.
  IF NOT EXISTS (
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, fecha_conversion, fecha_vencimiento, monto_total
    FROM unnest(nuevas)
    EXCEPT
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, fecha_conversion, fecha_vencimiento, monto_total
    FROM unnest(viejas)
  ) AND NOT EXISTS (
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, fecha_conversion, fecha_vencimiento, monto_total
    FROM unnest(viejas)
    EXCEPT
    SELECT id, estado, modalidad_pago, vendedor_id, fecha_creacion, fecha_conversion, fecha_vencimiento, monto_total
    FROM unnest(nuevas)
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

  INSERT INTO resumen_paginas AS r (campo, estado, modalidad_pago, mes, cantidad)
  SELECT k.campo, c.estado, c.modalidad_pago, resumen_mes_lista(k.instante), sum(c.signo)::int
  FROM (
    SELECT -1 AS signo, estado, modalidad_pago, fecha_creacion, fecha_conversion, fecha_vencimiento FROM unnest(viejas)
    UNION ALL
    SELECT 1, estado, modalidad_pago, fecha_creacion, fecha_conversion, fecha_vencimiento FROM unnest(nuevas)
  ) c
  CROSS JOIN LATERAL (VALUES
    ('fecha_creacion', c.fecha_creacion), ('fecha_conversion', c.fecha_conversion),
    ('fecha_vencimiento', c.fecha_vencimiento)
  ) k (campo, instante)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.signo) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (campo, estado, modalidad_pago, mes) DO UPDATE SET cantidad = r.cantidad + excluded.cantidad;

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
CREATE OR REPLACE FUNCTION resumen_vaciado() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM resumen_general WHERE id = 1 FOR UPDATE;
  IF TG_TABLE_NAME = 'solicitudes' THEN
    UPDATE resumen_solicitudes SET cantidad = 0;
    DELETE FROM resumen_paginas;
    DELETE FROM resumen_ingresos;
  END IF;
  UPDATE resumen_general SET total_pagado = (SELECT coalesce(sum(monto_pagado), 0) FROM pagos) WHERE id = 1;
  DELETE FROM pagado_solicitud;
  UPDATE resumen_ingresos SET total_pagado = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO resumen_paginas (campo, estado, modalidad_pago, mes, cantidad)
SELECT k.campo, s.estado, s.modalidad_pago, resumen_mes_lista(k.instante), count(*)
FROM solicitudes s
CROSS JOIN LATERAL (VALUES
  ('fecha_creacion', s.fecha_creacion), ('fecha_conversion', s.fecha_conversion),
  ('fecha_vencimiento', s.fecha_vencimiento)
) k (campo, instante)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
ANALYZE resumen_paginas;
