import { MSG } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUploadMapImages, type MapImages } from '../../../api/inventory/upload-map-images';
import { FILE_RULES, FileInput } from '../../../components/file-input';
import { MapPreview } from '../inventory/map-preview';
import { UploadPanel } from '../inventory/upload-panel';
import { useUploadState } from '../inventory/use-upload';
import { SIDES, sideImagesProblem } from './side-images';

/** SPEC §2 Admin screen 12: new images for any of the four sides, next to the current ones. */
export function SideImagesPanel() {
  const upload = useUploadMapImages();
  const state = useUploadState();
  const [images, setImages] = useState<MapImages>({});
  const isUploading = state.progress !== undefined;

  function submit() {
    const problem = sideImagesProblem(images);
    if (problem) {
      state.setProblem(problem);
      return;
    }
    state.start();
    upload.mutate(
      { images, onProgress: state.onProgress },
      {
        onSuccess: () => {
          toast.success(MSG.imagenesActualizadas);
          setImages({});
          state.finish();
        },
        onError: (error) => {
          const text = withDetail(MSG.errorActualizarImagenes, error);
          toast.error(text);
          state.finish(text);
        },
      },
    );
  }

  return (
    <UploadPanel
      title="Imágenes de los lados del columbario"
      submitLabel="Subir imágenes"
      progress={state.progress}
      problem={state.problem}
      onSubmit={submit}
    >
      <Grid container spacing={2}>
        {SIDES.map(({ clave, name }) => (
          <Grid key={clave} size={{ xs: 12, sm: 6, xl: 3 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Stack spacing={2}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {name}
                </Typography>
                <FileInput
                  label={`Nueva imagen del ${name.toLowerCase()}`}
                  rule={FILE_RULES.image}
                  file={images[clave] ?? null}
                  onChange={(file) => setImages((current) => ({ ...current, [clave]: file }))}
                  disabled={isUploading}
                />
                <MapPreview clave={clave} title={`Imagen actual del ${name.toLowerCase()}`} maxHeight={200} />
              </Stack>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </UploadPanel>
  );
}
