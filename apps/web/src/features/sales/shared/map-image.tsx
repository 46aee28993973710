import type { MapKey } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BlobImage } from '../../../components/blob-image';
import { SALES_MESSAGES } from '../messages';
import { useStoredMap } from './use-stored-map';

interface MapImageProps {
  clave: MapKey;
  title: string;
  /** Off when a dialog's own title already names the image. */
  showCaption?: boolean;
}

/** One map image (SPEC §7 uploads/mapas), which opens in a new tab; SPEC §8 says when it cannot load. */
export function MapImage({ clave, title, showCaption = true }: MapImageProps) {
  const image = useStoredMap(clave);
  return (
    <Stack component="figure" spacing={1} sx={{ m: 0 }}>
      {showCaption && (
        <Typography component="figcaption" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      )}
      <BlobImage
        blob={image.blob}
        alt={title}
        isLoading={image.isLoading}
        emptyText={SALES_MESSAGES.imagenNoCargada(clave)}
        maxHeight={560}
      />
    </Stack>
  );
}
