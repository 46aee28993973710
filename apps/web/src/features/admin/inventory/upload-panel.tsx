import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { UploadProgress } from '../../../components/upload-progress';

interface UploadPanelProps {
  title: string;
  submitLabel: string;
  /** The share sent (0 to 1) while uploading; undefined otherwise. */
  progress: number | undefined;
  /** Why the files were refused or the upload failed; it stays until the next attempt. */
  problem?: string;
  onSubmit: () => void;
  /** The file inputs and their hints. */
  children: ReactNode;
}

/** A titled form of file inputs with its submit button, progress bar and failure notice. */
export function UploadPanel({ title, submitLabel, progress, problem, onSubmit, children }: UploadPanelProps) {
  const titleId = useId();
  const isUploading = progress !== undefined;
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {children}
        {problem && <Alert severity="error">{problem}</Alert>}
        {isUploading && <UploadProgress value={progress} />}
        <div>
          <Button type="submit" variant="contained" startIcon={<CloudUploadIcon />} disabled={isUploading}>
            {isUploading ? 'Subiendo...' : submitLabel}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
