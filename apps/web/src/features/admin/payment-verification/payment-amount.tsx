import { formatRate, type VerificationItem } from '@camposanto/domain';
import Typography from '@mui/material/Typography';
import { Money } from '../../../components/money';

/** What the payment is worth in USD and, when part of it was paid in bolívares, that part at its rate. */
export function PaymentAmount({ payment }: { payment: VerificationItem }) {
  return (
    <>
      <Money amount={payment.monto_pagado} />
      {payment.bolivares > 0 && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          <Money amount={payment.bolivares} currency="VES" />
          {payment.dollar_price !== null && ` a ${formatRate(payment.dollar_price)}`}
        </Typography>
      )}
    </>
  );
}
