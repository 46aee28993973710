CREATE TABLE "resumen_ingresos_anual" (
	"vendedor_id" integer NOT NULL,
	"modalidad_pago" text NOT NULL,
	"anio" date NOT NULL,
	"contratos" integer DEFAULT 0 NOT NULL,
	"monto_total" numeric DEFAULT '0' NOT NULL,
	"total_pagado" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "resumen_ingresos_anual_pkey" PRIMARY KEY("vendedor_id","modalidad_pago","anio")
);
--> statement-breakpoint
-- Decision 016: every change of a monthly rollup row is carried to its year's row, in the same order (the monthly
-- rows are written in key order, and a year follows its months), under the lock the change already holds.
CREATE FUNCTION resumen_ingresos_al_anio() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO resumen_ingresos_anual AS r (vendedor_id, modalidad_pago, anio, contratos, monto_total, total_pagado)
    VALUES (OLD.vendedor_id, OLD.modalidad_pago, date_trunc('year', OLD.mes)::date, -OLD.contratos, -OLD.monto_total,
      -OLD.total_pagado)
    ON CONFLICT (vendedor_id, modalidad_pago, anio) DO UPDATE SET
      contratos = r.contratos + excluded.contratos,
      monto_total = r.monto_total + excluded.monto_total,
      total_pagado = r.total_pagado + excluded.total_pagado;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO resumen_ingresos_anual AS r (vendedor_id, modalidad_pago, anio, contratos, monto_total, total_pagado)
    VALUES (NEW.vendedor_id, NEW.modalidad_pago, date_trunc('year', NEW.mes)::date, NEW.contratos, NEW.monto_total,
      NEW.total_pagado)
    ON CONFLICT (vendedor_id, modalidad_pago, anio) DO UPDATE SET
      contratos = r.contratos + excluded.contratos,
      monto_total = r.monto_total + excluded.monto_total,
      total_pagado = r.total_pagado + excluded.total_pagado;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resumen_ingresos_al_anio AFTER INSERT OR UPDATE OR DELETE ON resumen_ingresos
FOR EACH ROW EXECUTE FUNCTION resumen_ingresos_al_anio();
--> statement-breakpoint
INSERT INTO resumen_ingresos_anual (vendedor_id, modalidad_pago, anio, contratos, monto_total, total_pagado)
SELECT vendedor_id, modalidad_pago, date_trunc('year', mes)::date, sum(contratos), sum(monto_total), sum(total_pagado)
FROM resumen_ingresos
GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE resumen_ingresos_anual;
