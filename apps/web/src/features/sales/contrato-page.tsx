import { MSG } from '@camposanto/domain';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { UnderConstructionPage } from '../../components/under-construction-page';
import { PRODUCTOS } from './productos';

/** SPEC §2: the route parameter producto selects the request form; any other value is refused. */
export function ContratoPage() {
  const { producto = '' } = useParams();
  const title = Object.hasOwn(PRODUCTOS, producto) ? PRODUCTOS[producto] : undefined;
  if (!title) {
    return (
      <>
        <PageHeader title="Solicitud de Contrato" backTo="/ventas" />
        <EmptyState>{MSG.servicioNoValido}</EmptyState>
      </>
    );
  }
  return <UnderConstructionPage title={title} backTo="/ventas" />;
}
