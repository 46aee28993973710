import type { MapKey } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMapImage } from '../../../api/inventory/get-map-image';
import { useMaps } from '../../../api/inventory/get-maps';
import { BlobImage } from '../../../components/blob-image';

interface MapPreviewProps {
  clave: MapKey;
  title: string;
  maxHeight?: number;
}

/** The map image stored under `clave`, as it is now; reloaded after each upload. */
export function MapPreview({ clave, title, maxHeight }: MapPreviewProps) {
  const maps = useMaps();
  const version = maps.data?.find((map) => map.clave === clave)?.actualizado;
  const image = useMapImage(clave, version);
  const emptyText =
    maps.isError || image.isError
      ? `No se pudo cargar la imagen: ${title}`
      : 'Aún no se ha subido esta imagen.';
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <BlobImage
        blob={image.data}
        alt={title}
        isLoading={maps.isPending || image.isLoading}
        emptyText={emptyText}
        maxHeight={maxHeight}
      />
    </Box>
  );
}
