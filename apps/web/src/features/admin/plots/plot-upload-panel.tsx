import { MSG } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUploadPlotInventory } from '../../../api/inventory/upload-plots';
import { FILE_RULES, FileInput } from '../../../components/file-input';
import { CsvFormatHint } from '../inventory/csv-format-hint';
import { MapPreview } from '../inventory/map-preview';
import { UploadPanel } from '../inventory/upload-panel';
import { useUploadState } from '../inventory/use-upload';
import { plotUploadProblem, type PlotUploadFiles } from './plot-upload';

const NO_FILES: PlotUploadFiles = { image: null, csv: null };

const CSV_EXAMPLE = `codigo;disponible;reservadas;ocupadas;vendidas;puestos
A03-26-01;3;0;0;0;3
A03-26-02;1;0;1;1;3`;

/** SPEC §2 Admin screen 11: the plot map image and the inventory CSV, sent together. */
export function PlotUploadPanel() {
  const upload = useUploadPlotInventory();
  const state = useUploadState();
  const [files, setFiles] = useState(NO_FILES);

  function submit() {
    const problem = plotUploadProblem(files);
    if (problem) {
      state.setProblem(problem);
      return;
    }
    state.start();
    upload.mutate(
      { csv: files.csv!, image: files.image!, onProgress: state.onProgress },
      {
        onSuccess: () => {
          toast.success(MSG.parcelasActualizadas);
          setFiles(NO_FILES);
          state.finish();
        },
        onError: (error) => {
          const text = withDetail(MSG.errorActualizarParcelas, error);
          toast.error(text);
          state.finish(text);
        },
      },
    );
  }

  const isUploading = state.progress !== undefined;
  return (
    <UploadPanel
      title="Actualizar inventario de parcelas"
      submitLabel="Subir archivos"
      progress={state.progress}
      problem={state.problem}
      onSubmit={submit}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <FileInput
              label="Imagen del mapa de parcelas"
              rule={FILE_RULES.image}
              file={files.image}
              onChange={(image) => setFiles((current) => ({ ...current, image }))}
              disabled={isUploading}
            />
            <FileInput
              label="Archivo CSV de parcelas"
              rule={FILE_RULES.csv}
              file={files.csv}
              onChange={(csv) => setFiles((current) => ({ ...current, csv }))}
              disabled={isUploading}
            />
            <CsvFormatHint example={CSV_EXAMPLE}>
              Columnas: codigo (formato AXX-XX-XX), disponible, reservadas, ocupadas, vendidas y, si se desea,
              puestos; separadas por «;» o «,», con la fila de encabezado.
            </CsvFormatHint>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MapPreview clave="parcela" title="Mapa actual de parcelas" maxHeight={280} />
        </Grid>
      </Grid>
    </UploadPanel>
  );
}
