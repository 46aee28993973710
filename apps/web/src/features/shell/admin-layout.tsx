import { useMemo } from 'react';
import { usePendingVerificationCount } from '../../api/payment-verification/get-verification-queue';
import { ADMIN_MENU, VERIFICATION_MENU_PATH } from './admin-menu';
import { AreaLayout } from './area-layout';
import type { MenuGroup } from './menu-types';

export function AdminLayout() {
  // Issue 14 §3: how many reported payments wait for the office, beside 'Verificación de pagos'.
  const pending = usePendingVerificationCount({ enabled: true });
  const groups = useMemo<readonly MenuGroup[]>(
    () =>
      ADMIN_MENU.map((group) => ({
        ...group,
        entries: group.entries.map((entry) =>
          entry.to === VERIFICATION_MENU_PATH ? { ...entry, count: pending.data } : entry,
        ),
      })),
    [pending.data],
  );
  return <AreaLayout homePath="/administracion" groups={groups} />;
}
