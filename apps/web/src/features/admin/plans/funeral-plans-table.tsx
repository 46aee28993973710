import {
  serviceLabel,
  updateFuneralPlanSchema,
  type FuneralPlan,
  type UpdateFuneralPlanInput,
} from '@camposanto/domain';
import { DataTable } from '../../../components/data-table';
import { editableColumns, type EditableField } from './editable-columns';

// SPEC §3 Funeral plan fields. A plan is told apart by its chapel and wake time: those stay in view.
const FIELDS: readonly EditableField<FuneralPlan>[] = [
  { field: 'tipo_capilla', header: 'Tipo de Capilla', kind: 'text', sticky: { left: 0, width: 190 } },
  { field: 'tiempo_velacion', header: 'Tiempo de Velación', kind: 'text', sticky: { left: 190, width: 140 } },
  { field: 'tipo_servicio', header: 'Tipo de Servicio', kind: 'text', format: serviceLabel },
  { field: 'precio_velacion', header: 'Precio Velación', kind: 'money' },
  { field: 'preparacion_difunto_sencilla', header: 'Preparación Sencilla', kind: 'money' },
  { field: 'preparacion_difunto_especial', header: 'Preparación Especial', kind: 'money' },
  { field: 'preparacion_difunto_embalsamiento', header: 'Embalsamiento', kind: 'money' },
  { field: 'alquiler_ataud_sencillo', header: 'Ataúd Sencillo', kind: 'money' },
  { field: 'alquiler_ataud_mejorado', header: 'Ataúd Mejorado', kind: 'money' },
  { field: 'alquiler_ataud_lujo', header: 'Ataúd de Lujo', kind: 'money' },
  { field: 'precio_traslado', header: 'Traslado', kind: 'money' },
  { field: 'puestos', header: 'Puestos', kind: 'integer' },
  { field: 'de_contado', header: 'De Contado', kind: 'money' },
  { field: 'financiado', header: 'Financiado', kind: 'money' },
  { field: 'contado_dobles', header: 'Contado Dobles', kind: 'money' },
  { field: 'financiado_dobles', header: 'Financiado Dobles', kind: 'money' },
];

interface FuneralPlansTableProps {
  plans: readonly FuneralPlan[];
  isLoading: boolean;
  emptyText: string;
  onSave: (plan: FuneralPlan, changes: UpdateFuneralPlanInput) => Promise<unknown>;
}

export function FuneralPlansTable({ plans, isLoading, emptyText, onSave }: FuneralPlansTableProps) {
  const columns = editableColumns<FuneralPlan>({
    fields: FIELDS,
    shape: updateFuneralPlanSchema.shape,
    rowName: (plan) => `${plan.tipo_capilla} ${plan.tiempo_velacion}`,
    save: onSave,
  });
  return (
    <DataTable
      label="Planes funerarios"
      columns={columns}
      rows={plans}
      rowKey={(plan) => plan.id}
      emptyText={emptyText}
      isLoading={isLoading}
    />
  );
}
