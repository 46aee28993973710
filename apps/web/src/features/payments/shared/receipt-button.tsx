import { PAYMENT_MESSAGES } from '@camposanto/domain';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { getPaymentReceipt, type ReceiptCurrency } from '../../../api/payments/get-payment-receipt';

// Long enough for the new tab to read the file; the URL is then released.
const KEEP_URL_MS = 60_000;

/**
 * Opens a payment's receipt in a new tab. Receipts are served only with the token, so the file is fetched as
 * a blob; the tab is opened at once (while the click still allows it) and sent to the blob when it arrives.
 */
export function ReceiptButton({
  paymentId,
  currency,
  label,
}: {
  paymentId: number;
  currency: ReceiptCurrency;
  label: string;
}) {
  const [isOpening, setIsOpening] = useState(false);

  async function open() {
    const tab = window.open('', '_blank');
    setIsOpening(true);
    try {
      const url = URL.createObjectURL(await getPaymentReceipt(paymentId, currency));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
    } catch (error) {
      tab?.close();
      toast.error(errorDetail(error) ?? PAYMENT_MESSAGES.comprobanteNoEncontrado);
    } finally {
      setIsOpening(false);
    }
  }

  return (
    <Button
      size="small"
      startIcon={<ReceiptLongIcon />}
      onClick={open}
      disabled={isOpening}
      aria-label={`Ver comprobante ${currency === 'usd' ? 'USD' : 'Bs.'} del pago ${paymentId}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
