import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

/** An object URL for a blob, released when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

interface BlobImageProps {
  blob: Blob | undefined;
  alt: string;
  isLoading?: boolean;
  /** Shown where the image would be when there is none (or it could not be loaded). */
  emptyText: string;
  maxHeight?: number;
}

/**
 * An image that is served only with the session's token, shown from its blob, with a link that opens
 * it in a new tab the same way (an object URL).
 */
export function BlobImage({ blob, alt, isLoading = false, emptyText, maxHeight = 320 }: BlobImageProps) {
  const url = useObjectUrl(blob);
  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label="Cargando..." />
      </Box>
    );
  }
  if (!url) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={url}
        alt={alt}
        sx={{
          display: 'block',
          maxWidth: '100%',
          maxHeight,
          objectFit: 'contain',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      />
      <Button
        component="a"
        href={url}
        target="_blank"
        size="small"
        startIcon={<OpenInNewIcon />}
        aria-label={`Abrir ${alt} en una pestaña nueva`}
      >
        Abrir en pestaña nueva
      </Button>
    </Stack>
  );
}
