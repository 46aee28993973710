import { ADMIN_MENU } from './admin-menu';
import { AreaLayout } from './area-layout';

export function AdminLayout() {
  return <AreaLayout homePath="/administracion" groups={ADMIN_MENU} />;
}
