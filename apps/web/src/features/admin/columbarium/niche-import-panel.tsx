import { MSG } from '@camposanto/domain';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUploadNiches } from '../../../api/inventory/upload-niches';
import { FILE_RULES, FileInput } from '../../../components/file-input';
import { CsvFormatHint } from '../inventory/csv-format-hint';
import { UploadPanel } from '../inventory/upload-panel';
import { useUploadState } from '../inventory/use-upload';

const CSV_EXAMPLE = `codigo;capilla;lado;fila;columna;cantidad_nichos;plan;descripcion;estado;mto_contado;mto_financiado
C1-L1-A01;Capilla 1;1;A;01;1;Sencillo;Nicho sencillo;disponible;1000,00;1200,00`;

/** The columbarium niche inventory from a CSV, like the plots (DESIGN §4.10). */
export function NicheImportPanel() {
  const upload = useUploadNiches();
  const state = useUploadState();
  const [csv, setCsv] = useState<File | null>(null);

  function submit() {
    if (!csv) {
      state.setProblem(MSG.csvRequerido);
      return;
    }
    state.start();
    upload.mutate(
      { csv, onProgress: state.onProgress },
      {
        onSuccess: (result) => {
          toast.success(result.mensaje || MSG.nichosActualizados);
          setCsv(null);
          state.finish();
        },
        onError: (error) => {
          const text = withDetail(MSG.errorActualizarNichos, error);
          toast.error(text);
          state.finish(text);
        },
      },
    );
  }

  return (
    <UploadPanel
      title="Importar nichos de columbario"
      submitLabel="Importar nichos"
      progress={state.progress}
      problem={state.problem}
      onSubmit={submit}
    >
      <FileInput
        label="Archivo CSV de nichos"
        rule={FILE_RULES.csv}
        file={csv}
        onChange={setCsv}
        disabled={state.progress !== undefined}
      />
      <CsvFormatHint example={CSV_EXAMPLE}>
        Columnas: codigo (obligatoria), capilla, lado, fila, columna, cantidad_nichos, plan, descripcion,
        estado (disponible, reservado, vendido u ocupado), mto_contado y mto_financiado (se acepta la coma
        decimal); separadas por «;» o «,», con la fila de encabezado.
      </CsvFormatHint>
    </UploadPanel>
  );
}
