DROP INDEX "solicitudes_vendedor_idx";--> statement-breakpoint
CREATE INDEX "solicitudes_vendedor_idx" ON "solicitudes" USING btree ("vendedor_id","fecha_creacion","id","estado");