import type { z } from 'zod';
import type { DataTableColumn } from '../../../components/data-table';
import { EditableCell, parseWith } from '../../../components/editable-cell';
import { Money } from '../../../components/money';

export type FieldKind = 'text' | 'integer' | 'money';

export interface EditableField<Row> {
  field: keyof Row & string;
  header: string;
  kind: FieldKind;
  sticky?: { left: number; width: number };
  /** How a text value reads when not being edited (e.g. a service's name for its code, issue 15). */
  format?: (value: string) => string;
}

interface EditableColumnsOptions<Row> {
  fields: readonly EditableField<Row>[];
  /** The domain's update schema: each cell checks its draft with the field's own rule (SPEC §5). */
  shape: Record<string, z.ZodType>;
  /** Names a row in the cells' labels, e.g. 'Cremación Básica'. */
  rowName: (row: Row) => string;
  /** Saves one field of one row (SPEC §7: one changed field); rejects with the server's message. */
  save: (row: Row, changes: Record<string, unknown>) => Promise<unknown>;
}

/** SPEC §4 Inline cell editing, one column per field, shared by the plans and the funeral plans. */
export function editableColumns<Row>({
  fields,
  shape,
  rowName,
  save,
}: EditableColumnsOptions<Row>): DataTableColumn<Row>[] {
  return fields.map(({ field, header, kind, sticky, format }) => {
    const schema = shape[field];
    if (!schema) throw new Error(`El campo ${field} no se puede editar.`);
    const parse = parseWith(schema);
    const isNumber = kind !== 'text';
    return {
      key: field,
      header,
      align: isNumber ? 'right' : 'left',
      // An amount on one line, never '$' above its figures.
      noWrap: kind === 'money',
      sticky,
      render: (row) => {
        const value = row[field];
        return (
          // The value's type is the schema's business: the cell only compares and passes it on.
          <EditableCell<unknown>
            value={value}
            label={`${header} de ${rowName(row)}`}
            display={
              kind === 'money' && typeof value === 'number' ? (
                <Money amount={value} />
              ) : format && typeof value === 'string' ? (
                format(value)
              ) : undefined
            }
            parse={parse}
            onSave={(next) => save(row, { [field]: next })}
            inputMode={kind === 'money' ? 'decimal' : kind === 'integer' ? 'numeric' : 'text'}
            align={isNumber ? 'right' : 'left'}
          />
        );
      },
    };
  });
}
