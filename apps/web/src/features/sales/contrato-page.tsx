import { MSG } from '@camposanto/domain';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { productoOf } from './productos';
import { NicheRequestPage } from './request/niche-request-page';
import { ParcelRequestPage } from './request/parcel-request-page';
import { RequestForm } from './request/request-form';
import { usePaymentSelection } from './shared/use-payment-selection';
import type { Producto } from './productos';

function PlanRequestPage({ producto }: { producto: Producto }) {
  const payment = usePaymentSelection();
  return <RequestForm producto={producto} payment={payment} />;
}

/** SPEC §2: the route parameter producto selects the request form; any other value is refused. */
export function ContratoPage() {
  const { producto: value = '' } = useParams();
  const producto = productoOf(value);
  if (!producto) {
    return (
      <>
        <PageHeader title="Solicitud de Contrato" backTo="/ventas" />
        <EmptyState>{MSG.servicioNoValido}</EmptyState>
      </>
    );
  }
  // A key per product: moving from one form to another starts the new one afresh.
  if (producto.inventory === 'parcela') return <ParcelRequestPage key={value} producto={producto} />;
  if (producto.inventory === 'nicho') return <NicheRequestPage key={value} producto={producto} />;
  return <PlanRequestPage key={value} producto={producto} />;
}
