import type { VerificationReceipt } from '@camposanto/domain';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { getPaymentReceipt } from '../../../api/payments/get-payment-receipt';
import { verificationQueueQueryKey } from '../../../api/payment-verification/get-verification-queue';
import { useObjectUrl } from '../../../components/blob-image';
import { VERIFICATION_TEXTS } from './texts';

const CURRENCY_LABELS = { usd: 'USD', ves: 'Bs.' } as const;

function isPdf(receipt: VerificationReceipt, blob: Blob | undefined): boolean {
  const type = blob?.type || receipt.tipo_mime;
  return type === 'application/pdf' || /\.pdf$/i.test(receipt.nombre);
}

/**
 * One receipt of a payment, fetched with the session's token (receipts are personal data, DESIGN §5): an image
 * is shown inline, a PDF in the browser's viewer (a frame of its blob, which the CSP's frame-src allows); both
 * can be opened in a new tab or downloaded.
 */
export function ReceiptPreview({ paymentId, receipt }: { paymentId: number; receipt: VerificationReceipt }) {
  const file = useQuery({
    queryKey: [...verificationQueueQueryKey, 'comprobante', paymentId, receipt.moneda],
    queryFn: () => getPaymentReceipt(paymentId, receipt.moneda),
    staleTime: Infinity,
  });
  const url = useObjectUrl(file.data);
  const title = `Comprobante ${CURRENCY_LABELS[receipt.moneda]} del pago ${paymentId}`;

  if (file.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={32} aria-label={VERIFICATION_TEXTS.cargandoComprobante} />
      </Box>
    );
  }
  if (file.isError || !url) {
    return <Alert severity="error">{VERIFICATION_TEXTS.errorComprobante}</Alert>;
  }
  const pdf = isPdf(receipt, file.data);
  return (
    <Stack spacing={1}>
      {pdf ? (
        <Box
          component="iframe"
          src={url}
          title={title}
          sx={{
            width: '100%',
            height: { xs: 420, md: 560 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : (
        <Box
          component="img"
          src={url}
          alt={title}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: { xs: 420, md: 560 },
            objectFit: 'contain',
            alignSelf: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.default',
          }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          size="small"
          startIcon={<OpenInNewIcon />}
          aria-label={`Abrir ${title} en una pestaña nueva`}
        >
          Abrir en pestaña nueva
        </Button>
        <Button
          component="a"
          href={url}
          download={receipt.nombre}
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={`Descargar ${title}`}
        >
          Descargar
        </Button>
      </Stack>
    </Stack>
  );
}
