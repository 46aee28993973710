-- Written by hand (custom migration): its tables and indexes are also declared in src/db/schema.
-- Issue 15 global search (docs/decisions/028-global-search.md): a trigram index on each table's folded search text,
-- the very expression of src/db/schema/search-text.ts. pg_trgm is a trusted extension on PostgreSQL; PGlite loads
-- it from its contrib (PGLITE_EXTENSIONS in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The folding (lower case, Spanish accents off) in a function the planner cannot inline, with its true cost: as a
-- bare translate() the planner took it for free and read every row rather than the index (158 ms at 10,000
-- contracts on PGlite, against 1 ms through the index).
CREATE FUNCTION busqueda_normalizar(texto text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
BEGIN
  RETURN translate(lower(texto), 'áàâäéèêëíìîïóòôöúùûüñçÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ', 'aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc');
END;
$$;--> statement-breakpoint
CREATE INDEX "clientes_busqueda_idx" ON "clientes" USING gin (busqueda_normalizar("nombre" || ' ' || "cedula" || ' ' || coalesce("telefono", '') || ' ' || coalesce("celular", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "solicitudes_busqueda_idx" ON "solicitudes" USING gin (busqueda_normalizar("numero_solicitud" || ' ' || coalesce("numero_contrato", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parcelas_busqueda_idx" ON "parcelas" USING gin (busqueda_normalizar("codigo") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nichos_columbario_busqueda_idx" ON "nichos_columbario" USING gin (busqueda_normalizar("codigo") gin_trgm_ops);
