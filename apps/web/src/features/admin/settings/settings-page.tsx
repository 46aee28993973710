import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { ReceivingAccountsSection } from '../receiving-accounts/receiving-accounts-section';
import { CompanySection } from './company-section';

/** /administracion/configuracion: the company's letterhead (issue 14) and its receiving accounts (issue 10). */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Configuración" backTo="/administracion" />
      <Stack spacing={3}>
        <CompanySection />
        <ReceivingAccountsSection />
      </Stack>
    </>
  );
}
