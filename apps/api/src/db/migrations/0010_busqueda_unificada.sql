-- Written by hand (custom migration): its tables and indexes are also declared in src/db/schema (search-tables.ts);
-- they are read by raw SQL only (src/modules/buscar/service.ts).
-- Issue 15 global search in one statement (docs/decisions/028-global-search.md): one search row per client,
-- request, plot and niche, its text already folded, kept by triggers in the transaction of every change (as the
-- summaries of decision 016). The search reads a plain column, so PostgreSQL has statistics for it and rechecks a
-- candidate without calling busqueda_normalizar() (a plpgsql call per row through the indexes of migration 0008,
-- which the lists still use). One table per kind, not one for all: with one table the planner read it in order
-- when a text is common (it expects the kinds mixed), and after a bulk load or this backfill they are not, so a
-- group read through all the rows of the kinds before its own.
-- A client: name, cédula and phones.
CREATE TABLE "busqueda_clientes" (
	"id" integer PRIMARY KEY NOT NULL,
	-- The fields joined by a space, folded: what a text is looked for in.
	"texto" text NOT NULL,
	-- The fields a text equal to ranks first, as the search compares them.
	"exactos" text[] NOT NULL,
	-- The group's order, and the seller scope.
	"nombre" text NOT NULL,
	"vendedor_id" integer NOT NULL
);
--> statement-breakpoint
-- A request or contract: its numbers.
CREATE TABLE "busqueda_solicitudes" (
	"id" integer PRIMARY KEY NOT NULL,
	-- The fields joined by a space, folded: what a text is looked for in.
	"texto" text NOT NULL,
	-- The fields a text equal to ranks first, as the search compares them.
	"exactos" text[] NOT NULL,
	-- The group's order (newest first), the seller scope, the client and which group (contract or not).
	"fecha_creacion" timestamp with time zone NOT NULL,
	"vendedor_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"contrato" boolean NOT NULL
);
--> statement-breakpoint
-- The requests and contracts of the clients found.
CREATE INDEX "busqueda_solicitudes_cliente_idx" ON "busqueda_solicitudes" USING btree ("cliente_id");
--> statement-breakpoint
-- A plot: its code.
CREATE TABLE "busqueda_parcelas" (
	"id" integer PRIMARY KEY NOT NULL,
	-- The fields joined by a space, folded: what a text is looked for in.
	"texto" text NOT NULL,
	-- The fields a text equal to ranks first, as the search compares them.
	"exactos" text[] NOT NULL,
	"codigo" text NOT NULL
);
--> statement-breakpoint
-- A niche: its code.
CREATE TABLE "busqueda_nichos" (
	"id" integer PRIMARY KEY NOT NULL,
	-- The fields joined by a space, folded: what a text is looked for in.
	"texto" text NOT NULL,
	-- The fields a text equal to ranks first, as the search compares them.
	"exactos" text[] NOT NULL,
	"codigo" text NOT NULL
);
--> statement-breakpoint
-- The search row of each row, written once here for the triggers and the backfill: the texts of search-text.ts
-- (migration 0008) and the exact fields the search compared before these tables.
CREATE FUNCTION busqueda_de_cliente(c clientes) RETURNS busqueda_clientes
LANGUAGE sql IMMUTABLE AS $$
  SELECT c.id,
    busqueda_normalizar(c.nombre || ' ' || c.cedula || ' ' || coalesce(c.telefono, '') || ' ' || coalesce(c.celular, '')),
    ARRAY[busqueda_normalizar(c.nombre), lower(c.cedula), c.telefono, c.celular], c.nombre, c.vendedor_id
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_de_solicitud(s solicitudes) RETURNS busqueda_solicitudes
LANGUAGE sql IMMUTABLE AS $$
  SELECT s.id, busqueda_normalizar(s.numero_solicitud || ' ' || coalesce(s.numero_contrato, '')),
    ARRAY[lower(s.numero_solicitud), lower(s.numero_contrato)],
    s.fecha_creacion, s.vendedor_id, s.cliente_id, s.estado = 'contrato'
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_de_parcela(p parcelas) RETURNS busqueda_parcelas
LANGUAGE sql IMMUTABLE AS $$
  SELECT p.id, busqueda_normalizar(p.codigo), ARRAY[busqueda_normalizar(p.codigo)], p.codigo
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_de_nicho(n nichos_columbario) RETURNS busqueda_nichos
LANGUAGE sql IMMUTABLE AS $$
  SELECT n.id, busqueda_normalizar(n.codigo), ARRAY[busqueda_normalizar(n.codigo)], n.codigo
$$;
--> statement-breakpoint
-- A statement's changes to the search table `tabla`: the search rows it leaves behind go, the ones it brings come.
-- An update that changes nothing searched (a payment state, a plot's counts) writes nothing.
CREATE FUNCTION busqueda_aplicar(tabla regclass, viejas anyarray, nuevas anyarray) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %s b USING (SELECT * FROM unnest($1) EXCEPT SELECT * FROM unnest($2)) v
    WHERE b.id = v.id', tabla) USING viejas, nuevas;
  EXECUTE format('INSERT INTO %s SELECT * FROM unnest($1) EXCEPT SELECT * FROM unnest($2) ORDER BY 1', tabla)
    USING nuevas, viejas;
END
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_clientes_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  viejas_busqueda busqueda_clientes[] := '{}';
  nuevas_busqueda busqueda_clientes[] := '{}';
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP <> 'INSERT' THEN viejas_busqueda := ARRAY(SELECT busqueda_de_cliente(v) FROM viejas v); END IF;
  IF TG_OP <> 'DELETE' THEN nuevas_busqueda := ARRAY(SELECT busqueda_de_cliente(n) FROM nuevas n); END IF;
  PERFORM busqueda_aplicar('busqueda_clientes', viejas_busqueda, nuevas_busqueda);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_solicitudes_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  viejas_busqueda busqueda_solicitudes[] := '{}';
  nuevas_busqueda busqueda_solicitudes[] := '{}';
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP <> 'INSERT' THEN viejas_busqueda := ARRAY(SELECT busqueda_de_solicitud(v) FROM viejas v); END IF;
  IF TG_OP <> 'DELETE' THEN nuevas_busqueda := ARRAY(SELECT busqueda_de_solicitud(n) FROM nuevas n); END IF;
  PERFORM busqueda_aplicar('busqueda_solicitudes', viejas_busqueda, nuevas_busqueda);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_parcelas_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  viejas_busqueda busqueda_parcelas[] := '{}';
  nuevas_busqueda busqueda_parcelas[] := '{}';
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP <> 'INSERT' THEN viejas_busqueda := ARRAY(SELECT busqueda_de_parcela(v) FROM viejas v); END IF;
  IF TG_OP <> 'DELETE' THEN nuevas_busqueda := ARRAY(SELECT busqueda_de_parcela(n) FROM nuevas n); END IF;
  PERFORM busqueda_aplicar('busqueda_parcelas', viejas_busqueda, nuevas_busqueda);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION busqueda_nichos_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  viejas_busqueda busqueda_nichos[] := '{}';
  nuevas_busqueda busqueda_nichos[] := '{}';
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP <> 'INSERT' THEN viejas_busqueda := ARRAY(SELECT busqueda_de_nicho(v) FROM viejas v); END IF;
  IF TG_OP <> 'DELETE' THEN nuevas_busqueda := ARRAY(SELECT busqueda_de_nicho(n) FROM nuevas n); END IF;
  PERFORM busqueda_aplicar('busqueda_nichos', viejas_busqueda, nuevas_busqueda);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A table emptied at once (TRUNCATE fires no row trigger) empties its search table.
CREATE FUNCTION busqueda_vaciar() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER busqueda_insercion AFTER INSERT ON clientes
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_clientes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_actualizacion AFTER UPDATE ON clientes
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_clientes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_borrado AFTER DELETE ON clientes
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_clientes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_vaciado AFTER TRUNCATE ON clientes
FOR EACH STATEMENT EXECUTE FUNCTION busqueda_vaciar('busqueda_clientes');
--> statement-breakpoint
CREATE TRIGGER busqueda_insercion AFTER INSERT ON solicitudes
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_solicitudes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_actualizacion AFTER UPDATE ON solicitudes
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_solicitudes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_borrado AFTER DELETE ON solicitudes
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_solicitudes_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_vaciado AFTER TRUNCATE ON solicitudes
FOR EACH STATEMENT EXECUTE FUNCTION busqueda_vaciar('busqueda_solicitudes');
--> statement-breakpoint
CREATE TRIGGER busqueda_insercion AFTER INSERT ON parcelas
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_parcelas_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_actualizacion AFTER UPDATE ON parcelas
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_parcelas_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_borrado AFTER DELETE ON parcelas
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_parcelas_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_vaciado AFTER TRUNCATE ON parcelas
FOR EACH STATEMENT EXECUTE FUNCTION busqueda_vaciar('busqueda_parcelas');
--> statement-breakpoint
CREATE TRIGGER busqueda_insercion AFTER INSERT ON nichos_columbario
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_nichos_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_actualizacion AFTER UPDATE ON nichos_columbario
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_nichos_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_borrado AFTER DELETE ON nichos_columbario
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION busqueda_nichos_cambio();
--> statement-breakpoint
CREATE TRIGGER busqueda_vaciado AFTER TRUNCATE ON nichos_columbario
FOR EACH STATEMENT EXECUTE FUNCTION busqueda_vaciar('busqueda_nichos');
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them waited for writers in flight and holds later ones off until
-- this migration commits, so no row is missed or entered twice.
INSERT INTO busqueda_clientes SELECT b.* FROM clientes x, LATERAL busqueda_de_cliente(x) b;
--> statement-breakpoint
INSERT INTO busqueda_solicitudes SELECT b.* FROM solicitudes x, LATERAL busqueda_de_solicitud(x) b;
--> statement-breakpoint
INSERT INTO busqueda_parcelas SELECT b.* FROM parcelas x, LATERAL busqueda_de_parcela(x) b;
--> statement-breakpoint
INSERT INTO busqueda_nichos SELECT b.* FROM nichos_columbario x, LATERAL busqueda_de_nicho(x) b;
--> statement-breakpoint
-- The trigram indexes, built after the backfill (faster than row by row). A search reads the whole pending list of
-- entries a GIN index has not sorted in yet, and only a vacuum or a full list (4 MB by default) empties it; PGlite
-- never runs autovacuum. With the default, searches that found nothing spent 15–20 ms there at 100,000 contracts;
-- at 64 kB (the least) they read a few pages, and a write still costs half of what it does with the list off
-- (5,000 clients in one statement: 2.2 s against 4.1 s; 0.9 s without this table).
CREATE INDEX "busqueda_clientes_texto_idx" ON "busqueda_clientes" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX "busqueda_solicitudes_texto_idx" ON "busqueda_solicitudes" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX "busqueda_parcelas_texto_idx" ON "busqueda_parcelas" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX "busqueda_nichos_texto_idx" ON "busqueda_nichos" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
ANALYZE busqueda_clientes, busqueda_solicitudes, busqueda_parcelas, busqueda_nichos;
