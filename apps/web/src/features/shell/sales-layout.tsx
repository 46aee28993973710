import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import { AreaLayout } from './area-layout';
import { salesMenuFor } from './sales-menu';

export function SalesLayout() {
  const rol = useSession()?.rol ?? 'vendedor';
  const groups = useMemo(() => salesMenuFor(rol), [rol]);
  return <AreaLayout homePath="/ventas" groups={groups} />;
}
