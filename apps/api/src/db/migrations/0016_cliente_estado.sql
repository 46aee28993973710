DROP INDEX "solicitudes_cliente_idx";--> statement-breakpoint
CREATE INDEX "solicitudes_cliente_idx" ON "solicitudes" USING btree ("cliente_id","fecha_creacion","id","estado");