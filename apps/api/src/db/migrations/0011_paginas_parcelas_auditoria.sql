-- Issue 12, decision 016 ("Page maps of plots and audit"): the plots list (by code) and the audit list (newest
-- first) turn a page number into a position inside one bucket of a map kept by triggers, as resumen_paginas does
-- for the request lists, so a deep page skips at most one bucket of index entries and the total is the map's sum.
-- Written by hand (custom migration).
CREATE TABLE "resumen_parcelas_prefijos" (
	"prefijo" text PRIMARY KEY NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumen_auditoria_dias" (
	"dia" date PRIMARY KEY NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A plot's bucket: the letter and two digits that open every code ('A07-12-01' → 'A07'). Codes of one prefix sort
-- together and after the prefix itself, in C and in linguistic collations alike (three letters or digits).
CREATE FUNCTION parcela_prefijo(codigo text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT left(codigo, 3)
$$;
--> statement-breakpoint
-- An audit row's bucket: its business day in Caracas (UTC−04:00 all year, lib/business-time.ts), the unit of the
-- screen's Desde/Hasta.
CREATE FUNCTION auditoria_dia(instante timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((instante AT TIME ZONE 'UTC') - interval '4 hours')::date
$$;
--> statement-breakpoint
-- Rows locked in key order; a statement that moves no row between buckets (a seat count, an edited description)
-- writes nothing and takes no lock.
CREATE FUNCTION resumen_parcelas_aplicar(viejos text[], nuevos text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO resumen_parcelas_prefijos AS r (prefijo, cantidad)
  SELECT c.prefijo, sum(c.signo)::int
  FROM (
    SELECT -1 AS signo, parcela_prefijo(codigo) AS prefijo FROM unnest(viejos) codigo
    UNION ALL SELECT 1, parcela_prefijo(codigo) FROM unnest(nuevos) codigo
  ) c
  GROUP BY c.prefijo
  HAVING sum(c.signo) <> 0
  ORDER BY c.prefijo
  ON CONFLICT (prefijo) DO UPDATE SET cantidad = r.cantidad + excluded.cantidad;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_auditoria_aplicar(viejas timestamptz[], nuevas timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO resumen_auditoria_dias AS r (dia, cantidad)
  SELECT c.dia, sum(c.signo)::int
  FROM (
    SELECT -1 AS signo, auditoria_dia(fecha) AS dia FROM unnest(viejas) fecha
    UNION ALL SELECT 1, auditoria_dia(fecha) FROM unnest(nuevas) fecha
  ) c
  GROUP BY c.dia
  HAVING sum(c.signo) <> 0
  ORDER BY c.dia
  ON CONFLICT (dia) DO UPDATE SET cantidad = r.cantidad + excluded.cantidad;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_parcelas_insertadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_parcelas_aplicar('{}', ARRAY(SELECT codigo FROM nuevas));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_parcelas_actualizadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_parcelas_aplicar(ARRAY(SELECT codigo FROM viejas), ARRAY(SELECT codigo FROM nuevas));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_parcelas_borradas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_parcelas_aplicar(ARRAY(SELECT codigo FROM viejas), '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_auditoria_insertadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_auditoria_aplicar('{}', ARRAY(SELECT fecha FROM nuevas));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_auditoria_actualizadas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_auditoria_aplicar(ARRAY(SELECT fecha FROM viejas), ARRAY(SELECT fecha FROM nuevas));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_auditoria_borradas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_auditoria_aplicar(ARRAY(SELECT fecha FROM viejas), '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION resumen_mapas_vaciados() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'parcelas' THEN
    DELETE FROM resumen_parcelas_prefijos;
  ELSE
    DELETE FROM resumen_auditoria_dias;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resumen_parcelas_insertadas AFTER INSERT ON parcelas
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_parcelas_insertadas();
--> statement-breakpoint
CREATE TRIGGER resumen_parcelas_actualizadas AFTER UPDATE ON parcelas
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_parcelas_actualizadas();
--> statement-breakpoint
CREATE TRIGGER resumen_parcelas_borradas AFTER DELETE ON parcelas
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION resumen_parcelas_borradas();
--> statement-breakpoint
CREATE TRIGGER resumen_parcelas_vaciadas AFTER TRUNCATE ON parcelas
FOR EACH STATEMENT EXECUTE FUNCTION resumen_mapas_vaciados();
--> statement-breakpoint
CREATE TRIGGER resumen_auditoria_insertadas AFTER INSERT ON auditoria
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_auditoria_insertadas();
--> statement-breakpoint
CREATE TRIGGER resumen_auditoria_actualizadas AFTER UPDATE ON auditoria
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION resumen_auditoria_actualizadas();
--> statement-breakpoint
CREATE TRIGGER resumen_auditoria_borradas AFTER DELETE ON auditoria
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION resumen_auditoria_borradas();
--> statement-breakpoint
CREATE TRIGGER resumen_auditoria_vaciada AFTER TRUNCATE ON auditoria
FOR EACH STATEMENT EXECUTE FUNCTION resumen_mapas_vaciados();
--> statement-breakpoint
-- Backfilled after the triggers exist (decision 016): writers in flight are waited for, later ones held.
INSERT INTO resumen_parcelas_prefijos (prefijo, cantidad)
SELECT parcela_prefijo(codigo), count(*) FROM parcelas GROUP BY 1;
--> statement-breakpoint
INSERT INTO resumen_auditoria_dias (dia, cantidad)
SELECT auditoria_dia(fecha), count(*) FROM auditoria GROUP BY 1;
--> statement-breakpoint
ANALYZE resumen_parcelas_prefijos;
--> statement-breakpoint
ANALYZE resumen_auditoria_dias;
