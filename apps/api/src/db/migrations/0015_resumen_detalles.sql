CREATE TABLE "resumen_detalles" (
	"solicitud_id" integer PRIMARY KEY NOT NULL,
	"detalles" json NOT NULL
);
--> statement-breakpoint
-- Issue 12: a line as the request lists read it, the names and text amounts of Drizzle's line row (request-dto.ts).
CREATE FUNCTION resumen_detalle_json(d solicitud_detalles) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT json_build_object(
    'id', d.id, 'solicitudId', d.solicitud_id, 'planId', d.plan_id, 'tipoServicio', d.tipo_servicio,
    'codigo', d.codigo, 'descripcion', d.descripcion, 'modalidadPago', d.modalidad_pago,
    'metodoPago', d.metodo_pago, 'tipoMoneda', d.tipo_moneda, 'pagoInicial', d.pago_inicial::text,
    'cuotas', d.cuotas, 'montoPorCuota', d.monto_por_cuota::text, 'precioFinanciado', d.precio_financiado::text,
    'descuento', d.descuento::text, 'precioConDescuento', d.precio_con_descuento::text,
    'precioPlan', d.precio_plan::text, 'precioTotal', d.precio_total::text, 'estadoPago', d.estado_pago,
    'detallesAdicionales', d.detalles_adicionales)
$$;
--> statement-breakpoint
-- Builds again the lines of the requests named, from the lines as they are now.
CREATE FUNCTION resumen_detalles_aplicar(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Every path that changes lines holds its request's row already; a path that did not would wait here, so two
  -- writers of one request's lines rebuild them in turn, the second from what the first committed.
  PERFORM 1 FROM solicitudes WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM resumen_detalles r
  WHERE r.solicitud_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM solicitud_detalles d WHERE d.solicitud_id = r.solicitud_id);
  INSERT INTO resumen_detalles AS r (solicitud_id, detalles)
  SELECT d.solicitud_id, json_agg(resumen_detalle_json(d) ORDER BY d.id)
  FROM solicitud_detalles d
  WHERE d.solicitud_id = ANY (ids)
  GROUP BY d.solicitud_id
  ORDER BY d.solicitud_id
  ON CONFLICT (solicitud_id) DO UPDATE SET detalles = excluded.detalles;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_detalles_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP <> 'INSERT' THEN ids := ids || ARRAY(SELECT v.solicitud_id FROM viejas v); END IF;
  IF TG_OP <> 'DELETE' THEN ids := ids || ARRAY(SELECT n.solicitud_id FROM nuevas n); END IF;
  PERFORM resumen_detalles_aplicar(ARRAY(SELECT DISTINCT unnest(ids)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resumen_detalles_insercion AFTER INSERT ON solicitud_detalles
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_detalles_cambio();
--> statement-breakpoint
CREATE TRIGGER resumen_detalles_actualizacion AFTER UPDATE ON solicitud_detalles
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_detalles_cambio();
--> statement-breakpoint
CREATE TRIGGER resumen_detalles_borrado AFTER DELETE ON solicitud_detalles
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION resumen_detalles_cambio();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: it empties the lines' summary (busqueda_vaciar of migration 0010 does just that).
CREATE TRIGGER resumen_detalles_vaciado AFTER TRUNCATE ON solicitud_detalles
FOR EACH STATEMENT EXECUTE FUNCTION busqueda_vaciar('resumen_detalles');
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them waited for writers in flight and holds later ones off until
-- this migration commits, so no change is missed.
INSERT INTO resumen_detalles (solicitud_id, detalles)
SELECT d.solicitud_id, json_agg(resumen_detalle_json(d) ORDER BY d.id)
FROM solicitud_detalles d
GROUP BY d.solicitud_id;
