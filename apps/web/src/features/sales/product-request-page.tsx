import { MSG } from '@camposanto/domain';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { productOf } from './products';
import { NicheRequestPage } from './request/niche-request-page';
import { ParcelRequestPage } from './request/parcel-request-page';
import { RequestForm } from './request/request-form';
import { usePaymentSelection } from './shared/use-payment-selection';
import type { Product } from './products';

function PlanRequestPage({ product }: { product: Product }) {
  const payment = usePaymentSelection();
  return <RequestForm product={product} payment={payment} />;
}

/** SPEC §2: the route parameter producto selects the request form; any other value is refused. */
export function ProductRequestPage() {
  const { producto: value = '' } = useParams();
  const product = productOf(value);
  if (!product) {
    return (
      <>
        <PageHeader title="Solicitud de Contrato" backTo="/ventas" />
        <EmptyState>{MSG.servicioNoValido}</EmptyState>
      </>
    );
  }
  // A key per product: moving from one form to another starts the new one afresh.
  if (product.inventory === 'parcela') return <ParcelRequestPage key={value} product={product} />;
  if (product.inventory === 'nicho') return <NicheRequestPage key={value} product={product} />;
  return <PlanRequestPage key={value} product={product} />;
}
