CREATE TABLE "mapas" (
	"clave" text PRIMARY KEY NOT NULL,
	"archivo_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_servicio" text NOT NULL,
	"descripcion" text NOT NULL,
	"puestos" integer,
	"de_contado_bcv" numeric(14, 2),
	"de_contado" numeric(14, 2),
	"financiado" numeric(14, 2),
	"cuota_1" numeric(14, 2),
	"cuota_2" numeric(14, 2),
	"cuota_3" numeric(14, 2),
	"cuota_4" numeric(14, 2),
	"cuota_5" numeric(14, 2),
	"cuota_6" numeric(14, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planes_precios_check" CHECK (coalesce(de_contado_bcv, 0) >= 0 and coalesce(de_contado, 0) >= 0 and coalesce(financiado, 0) >= 0
        and coalesce(cuota_1, 0) >= 0 and coalesce(cuota_2, 0) >= 0 and coalesce(cuota_3, 0) >= 0
        and coalesce(cuota_4, 0) >= 0 and coalesce(cuota_5, 0) >= 0 and coalesce(cuota_6, 0) >= 0
        and coalesce(puestos, 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "planes_funerarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_servicio" text NOT NULL,
	"tipo_capilla" text NOT NULL,
	"tiempo_velacion" text NOT NULL,
	"precio_velacion" numeric(14, 2),
	"preparacion_difunto_sencilla" numeric(14, 2),
	"preparacion_difunto_especial" numeric(14, 2),
	"preparacion_difunto_embalsamiento" numeric(14, 2),
	"alquiler_ataud_sencillo" numeric(14, 2),
	"alquiler_ataud_mejorado" numeric(14, 2),
	"alquiler_ataud_lujo" numeric(14, 2),
	"precio_traslado" numeric(14, 2),
	"puestos" integer,
	"de_contado" numeric(14, 2),
	"financiado" numeric(14, 2),
	"contado_dobles" numeric(14, 2),
	"financiado_dobles" numeric(14, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarifas_previsivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"parentesco" smallint NOT NULL,
	"edad_minima" smallint NOT NULL,
	"edad_maxima" smallint NOT NULL,
	"monto" numeric(14, 2) NOT NULL,
	CONSTRAINT "tarifas_previsivo_parentesco_check" CHECK (parentesco between 1 and 8),
	CONSTRAINT "tarifas_previsivo_edad_check" CHECK (edad_minima >= 0 and edad_maxima >= edad_minima),
	CONSTRAINT "tarifas_previsivo_monto_check" CHECK (monto >= 0)
);
--> statement-breakpoint
CREATE TABLE "archivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"categoria" text NOT NULL,
	"ruta_almacenada" text NOT NULL,
	"nombre_original" text NOT NULL,
	"tipo_mime" text NOT NULL,
	"tamano" bigint NOT NULL,
	"subido_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archivos_ruta_almacenada_unique" UNIQUE("ruta_almacenada"),
	CONSTRAINT "archivos_categoria_check" CHECK (categoria in ('documento_identidad', 'comprobante', 'mapa'))
);
--> statement-breakpoint
CREATE TABLE "nichos_columbario" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"capilla" text,
	"lado" text,
	"fila" text,
	"columna" text,
	"cantidad_nichos" integer DEFAULT 1 NOT NULL,
	"plan" text,
	"descripcion" text,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"mto_contado" numeric(14, 2),
	"mto_financiado" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nichos_columbario_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "nichos_columbario_estado_check" CHECK (estado in ('disponible', 'reservado', 'vendido', 'ocupado')),
	CONSTRAINT "nichos_columbario_cantidad_check" CHECK (cantidad_nichos >= 0)
);
--> statement-breakpoint
CREATE TABLE "parcelas" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"puestos" integer DEFAULT 3 NOT NULL,
	"disponible" integer DEFAULT 3 NOT NULL,
	"reservadas" integer DEFAULT 0 NOT NULL,
	"ocupadas" integer DEFAULT 0 NOT NULL,
	"vendidas" integer DEFAULT 0 NOT NULL,
	"plan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcelas_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "parcelas_conteos_check" CHECK (disponible >= 0 and reservadas >= 0 and ocupadas >= 0 and vendidas >= 0
        and disponible + reservadas + ocupadas + vendidas = puestos)
);
--> statement-breakpoint
CREATE TABLE "correlativos" (
	"clave" text PRIMARY KEY NOT NULL,
	"ultimo" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cuotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"monto" numeric(14, 2) NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	"estado_pago" text DEFAULT 'pendiente' NOT NULL,
	"fecha_pago" timestamp with time zone,
	CONSTRAINT "cuotas_estado_check" CHECK (estado_pago in ('pendiente', 'pagado', 'vencido')),
	CONSTRAINT "cuotas_monto_check" CHECK (monto >= 0)
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"cuota_id" integer,
	"vendedor_id" integer NOT NULL,
	"registrado_por" integer,
	"tipo" text NOT NULL,
	"metodo_pago" text NOT NULL,
	"metodo_ves" text,
	"divisas" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bolivares" numeric(14, 2) DEFAULT '0' NOT NULL,
	"dollar_price" numeric(14, 4),
	"monto_pagado" numeric(14, 2) NOT NULL,
	"monto_restante" numeric(14, 2) DEFAULT '0' NOT NULL,
	"monto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"banco_emisor" text,
	"banco_receptor" text,
	"referencia" text,
	"observaciones" text,
	"comprobante_usd_id" uuid,
	"comprobante_ves_id" uuid,
	"fecha_pago" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_tipo_check" CHECK (tipo in ('inicial', 'contado', 'cuota')),
	CONSTRAINT "pagos_metodo_check" CHECK (metodo_pago in ('USD', 'VES', 'Ambos')),
	CONSTRAINT "pagos_montos_check" CHECK (divisas >= 0 and bolivares >= 0 and monto_pagado >= 0)
);
--> statement-breakpoint
CREATE TABLE "tasas_cambio" (
	"id" serial PRIMARY KEY NOT NULL,
	"promedio" numeric(14, 4) NOT NULL,
	"fuente" text NOT NULL,
	"usuario_id" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasas_cambio_fuente_check" CHECK (fuente in ('oficial', 'manual')),
	CONSTRAINT "tasas_cambio_promedio_check" CHECK (promedio > 0)
);
--> statement-breakpoint
CREATE TABLE "autorizados" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cedula" text NOT NULL,
	"direccion" text,
	"fecha_nacimiento" date,
	"telefono" text,
	"celular" text,
	"email" text,
	"nombre_documento" text,
	"documento_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendedor_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cedula" text NOT NULL,
	"fecha_nacimiento" date,
	"telefono" text,
	"celular" text,
	"email" text,
	"direccion" text,
	"nombre_documento" text,
	"documento_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_cedula_unique" UNIQUE("cedula")
);
--> statement-breakpoint
CREATE TABLE "difuntos" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cedula" text,
	"fecha_nacimiento" date,
	"parentesco" text,
	"fecha_defuncion" date,
	"causa_defuncion" text,
	"direccion_defuncion" text
);
--> statement-breakpoint
CREATE TABLE "familiares" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cedula" text,
	"fecha_nacimiento" date,
	"parentesco" smallint NOT NULL,
	"precio" numeric(14, 2) DEFAULT '0' NOT NULL,
	"nombre_documento" text,
	"documento_id" uuid,
	CONSTRAINT "familiares_parentesco_check" CHECK (parentesco between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "reservas" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"detalle_id" integer,
	"parcela_id" integer,
	"nicho_id" integer,
	"puestos" integer DEFAULT 1 NOT NULL,
	"estado" text DEFAULT 'activa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservas_objeto_check" CHECK ((parcela_id is null) <> (nicho_id is null)),
	CONSTRAINT "reservas_estado_check" CHECK (estado in ('activa', 'liberada', 'vendida')),
	CONSTRAINT "reservas_puestos_check" CHECK (puestos > 0)
);
--> statement-breakpoint
CREATE TABLE "solicitud_detalles" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"plan_id" integer,
	"plan_funerario_id" integer,
	"parcela_id" integer,
	"nicho_id" integer,
	"tipo_servicio" text NOT NULL,
	"codigo" text,
	"descripcion" text,
	"modalidad_pago" text NOT NULL,
	"metodo_pago" text DEFAULT 'USD' NOT NULL,
	"tipo_moneda" text,
	"pago_inicial" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cuotas" smallint DEFAULT 0 NOT NULL,
	"monto_por_cuota" numeric(14, 2) DEFAULT '0' NOT NULL,
	"precio_financiado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"precio_con_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"precio_plan" numeric(14, 2) DEFAULT '0' NOT NULL,
	"precio_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"estado_pago" text DEFAULT 'pendiente' NOT NULL,
	"detalles_adicionales" jsonb,
	CONSTRAINT "solicitud_detalles_cuotas_check" CHECK (cuotas between 0 and 24),
	CONSTRAINT "solicitud_detalles_montos_check" CHECK (pago_inicial >= 0 and precio_total >= 0 and descuento >= 0)
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero_solicitud" text NOT NULL,
	"numero_contrato" text,
	"cliente_id" integer NOT NULL,
	"vendedor_id" integer NOT NULL,
	"supervisor_id" integer,
	"creado_por" integer,
	"tipo_servicio" text NOT NULL,
	"descripcion" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_vencimiento" timestamp with time zone NOT NULL,
	"fecha_conversion" timestamp with time zone,
	"estado" text DEFAULT 'solicitud' NOT NULL,
	"estado_pago" text DEFAULT 'pendiente' NOT NULL,
	"modalidad_pago" text NOT NULL,
	"metodo_pago" text DEFAULT 'USD' NOT NULL,
	"precio_plan" numeric(14, 2) DEFAULT '0' NOT NULL,
	"monto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"precio_con_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"email_enviado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitudes_numero_solicitud_unique" UNIQUE("numero_solicitud"),
	CONSTRAINT "solicitudes_numero_contrato_unique" UNIQUE("numero_contrato"),
	CONSTRAINT "solicitudes_estado_check" CHECK (estado in ('solicitud', 'contrato', 'caducada')),
	CONSTRAINT "solicitudes_estado_pago_check" CHECK (estado_pago in ('pendiente', 'inicial_pagada', 'pagado')),
	CONSTRAINT "solicitudes_modalidad_check" CHECK (modalidad_pago in ('De Contado', 'Financiado')),
	CONSTRAINT "solicitudes_metodo_check" CHECK (metodo_pago in ('USD', 'VES')),
	CONSTRAINT "solicitudes_contrato_check" CHECK ((estado = 'contrato') = (numero_contrato is not null))
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"username" text NOT NULL,
	"rol" text NOT NULL,
	"accion" text NOT NULL,
	"descripcion" text NOT NULL,
	"entidad" text,
	"entidad_id" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intentos_login" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"rol" text NOT NULL,
	"password_hash" text NOT NULL,
	"cedula" text,
	"direccion" text,
	"telefono" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_rol_check" CHECK (rol in ('administrador', 'asistente', 'supervisor', 'vendedor', 'cliente'))
);
--> statement-breakpoint
CREATE TABLE "vendedores" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"cedula" text,
	"direccion" text,
	"telefono" text,
	"email" text NOT NULL,
	"supervisor_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendedores_supervisor_check" CHECK (supervisor_id is null or supervisor_id <> id)
);
--> statement-breakpoint
ALTER TABLE "mapas" ADD CONSTRAINT "mapas_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifas_previsivo" ADD CONSTRAINT "tarifas_previsivo_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archivos" ADD CONSTRAINT "archivos_subido_por_usuarios_id_fk" FOREIGN KEY ("subido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuotas" ADD CONSTRAINT "cuotas_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_cuota_id_cuotas_id_fk" FOREIGN KEY ("cuota_id") REFERENCES "public"."cuotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_registrado_por_usuarios_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_comprobante_usd_id_archivos_id_fk" FOREIGN KEY ("comprobante_usd_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_comprobante_ves_id_archivos_id_fk" FOREIGN KEY ("comprobante_ves_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD CONSTRAINT "tasas_cambio_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizados" ADD CONSTRAINT "autorizados_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizados" ADD CONSTRAINT "autorizados_documento_id_archivos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_documento_id_archivos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "difuntos" ADD CONSTRAINT "difuntos_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familiares" ADD CONSTRAINT "familiares_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familiares" ADD CONSTRAINT "familiares_documento_id_archivos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_detalle_id_solicitud_detalles_id_fk" FOREIGN KEY ("detalle_id") REFERENCES "public"."solicitud_detalles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_nicho_id_nichos_columbario_id_fk" FOREIGN KEY ("nicho_id") REFERENCES "public"."nichos_columbario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalles" ADD CONSTRAINT "solicitud_detalles_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalles" ADD CONSTRAINT "solicitud_detalles_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalles" ADD CONSTRAINT "solicitud_detalles_plan_funerario_id_planes_funerarios_id_fk" FOREIGN KEY ("plan_funerario_id") REFERENCES "public"."planes_funerarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalles" ADD CONSTRAINT "solicitud_detalles_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_detalles" ADD CONSTRAINT "solicitud_detalles_nicho_id_nichos_columbario_id_fk" FOREIGN KEY ("nicho_id") REFERENCES "public"."nichos_columbario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_supervisor_id_vendedores_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."vendedores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_id_usuarios_id_fk" FOREIGN KEY ("id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_supervisor_id_vendedores_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."vendedores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planes_tipo_servicio_idx" ON "planes" USING btree ("tipo_servicio","is_active");--> statement-breakpoint
CREATE INDEX "planes_funerarios_tipo_idx" ON "planes_funerarios" USING btree ("tipo_servicio","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "tarifas_previsivo_key" ON "tarifas_previsivo" USING btree ("plan_id","parentesco","edad_minima");--> statement-breakpoint
CREATE INDEX "nichos_columbario_estado_idx" ON "nichos_columbario" USING btree ("estado");--> statement-breakpoint
CREATE UNIQUE INDEX "cuotas_solicitud_numero_key" ON "cuotas" USING btree ("solicitud_id","numero");--> statement-breakpoint
CREATE INDEX "cuotas_estado_vencimiento_idx" ON "cuotas" USING btree ("estado_pago","fecha_vencimiento");--> statement-breakpoint
CREATE INDEX "pagos_solicitud_idx" ON "pagos" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "pagos_vendedor_fecha_idx" ON "pagos" USING btree ("vendedor_id","fecha_pago" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pagos_fecha_idx" ON "pagos" USING btree ("fecha_pago");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_inicial_key" ON "pagos" USING btree ("solicitud_id") WHERE cuota_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_cuota_key" ON "pagos" USING btree ("cuota_id") WHERE cuota_id is not null;--> statement-breakpoint
CREATE INDEX "tasas_cambio_fecha_idx" ON "tasas_cambio" USING btree ("fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "autorizados_solicitud_idx" ON "autorizados" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "clientes_vendedor_idx" ON "clientes" USING btree ("vendedor_id","nombre");--> statement-breakpoint
CREATE INDEX "difuntos_solicitud_idx" ON "difuntos" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "familiares_solicitud_idx" ON "familiares" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "reservas_solicitud_idx" ON "reservas" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "reservas_parcela_idx" ON "reservas" USING btree ("parcela_id");--> statement-breakpoint
CREATE INDEX "reservas_nicho_idx" ON "reservas" USING btree ("nicho_id");--> statement-breakpoint
CREATE INDEX "reservas_detalle_idx" ON "reservas" USING btree ("detalle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservas_nicho_activa_key" ON "reservas" USING btree ("nicho_id") WHERE estado = 'activa' and nicho_id is not null;--> statement-breakpoint
CREATE INDEX "solicitud_detalles_solicitud_idx" ON "solicitud_detalles" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "solicitudes_vendedor_idx" ON "solicitudes" USING btree ("vendedor_id","fecha_creacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitudes_supervisor_idx" ON "solicitudes" USING btree ("supervisor_id");--> statement-breakpoint
CREATE INDEX "solicitudes_creado_por_idx" ON "solicitudes" USING btree ("creado_por");--> statement-breakpoint
CREATE INDEX "solicitudes_cliente_idx" ON "solicitudes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "solicitudes_estado_idx" ON "solicitudes" USING btree ("estado","fecha_creacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitudes_vencimiento_idx" ON "solicitudes" USING btree ("fecha_vencimiento") WHERE estado = 'solicitud' and estado_pago = 'pendiente';--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_rol_fecha_idx" ON "auditoria" USING btree ("rol","fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "intentos_login_username_fecha_idx" ON "intentos_login" USING btree ("username","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_key" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_username_key" ON "usuarios" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "usuarios_rol_idx" ON "usuarios" USING btree ("rol");--> statement-breakpoint
CREATE INDEX "vendedores_supervisor_idx" ON "vendedores" USING btree ("supervisor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendedores_cedula_key" ON "vendedores" USING btree ("cedula");