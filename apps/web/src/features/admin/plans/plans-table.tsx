import { serviceLabel, updatePlanSchema, type Plan, type UpdatePlanInput } from '@camposanto/domain';
import Switch from '@mui/material/Switch';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { editableColumns, type EditableField } from './editable-columns';

// SPEC §3 Plan fields, in its order. The first two stay in view while the prices scroll sideways.
const FIELDS: readonly EditableField<Plan>[] = [
  {
    field: 'tipo_servicio',
    header: 'Tipo de Servicio',
    kind: 'text',
    sticky: { left: 0, width: 150 },
    format: serviceLabel,
  },
  { field: 'descripcion', header: 'Descripción', kind: 'text', sticky: { left: 150, width: 220 } },
  { field: 'puestos', header: 'Puestos', kind: 'integer' },
  { field: 'de_contado_bcv', header: 'De Contado BCV', kind: 'money' },
  { field: 'de_contado', header: 'De Contado', kind: 'money' },
  { field: 'financiado', header: 'Financiado', kind: 'money' },
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => ({
    field: `cuota_${n}` as const,
    header: `Cuota ${n}`,
    kind: 'money' as const,
  })),
];

interface PlansTableProps {
  plans: readonly Plan[];
  isLoading: boolean;
  emptyText: string;
  onSave: (plan: Plan, changes: UpdatePlanInput) => Promise<unknown>;
  onToggleActive: (plan: Plan, isActive: boolean) => void;
}

export function PlansTable({ plans, isLoading, emptyText, onSave, onToggleActive }: PlansTableProps) {
  const columns: DataTableColumn<Plan>[] = [
    ...editableColumns<Plan>({
      fields: FIELDS,
      shape: updatePlanSchema.shape,
      rowName: (plan) => plan.descripcion,
      save: onSave,
    }),
    {
      key: 'activo',
      header: 'Activo',
      align: 'center',
      // Issue 15: the prices scroll under it, so the switch stays in view at 1366 px beside the menu.
      sticky: { right: 0, width: 88 },
      render: (plan) => (
        <Switch
          checked={plan.is_active}
          onChange={(event) => onToggleActive(plan, event.target.checked)}
          slotProps={{ input: { 'aria-label': `Activo: ${plan.descripcion}` } }}
        />
      ),
    },
  ];

  return (
    <DataTable
      label="Planes"
      cardsBelow="md"
      columns={columns}
      rows={plans}
      rowKey={(plan) => plan.id}
      emptyText={emptyText}
      isLoading={isLoading}
    />
  );
}
