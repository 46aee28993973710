import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useObjectUrl } from './blob-image';

interface DocumentLinkProps<Key extends QueryKey> {
  /** The query that fetches the file as a blob with the session's token. */
  query: UseQueryOptions<Blob, Error, Blob, Key>;
  /** Whose document it is, for assistive technology ('Ver documento de …'). */
  owner: string;
}

/**
 * A link that opens a personal document in a new tab. Documents are served only with the token (DESIGN §5),
 * so the file is fetched as a blob and the link points at its object URL.
 */
export function DocumentLink<Key extends QueryKey>({ query, owner }: DocumentLinkProps<Key>) {
  const document = useQuery(query);
  const url = useObjectUrl(document.data);
  if (document.isError) {
    return (
      <Typography variant="body2" color="error">
        No se pudo cargar el documento.
      </Typography>
    );
  }
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      size="small"
      startIcon={<OpenInNewIcon />}
      disabled={!url}
      aria-label={`Ver documento de ${owner}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Ver documento
    </Button>
  );
}
