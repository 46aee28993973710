import { LIST_MESSAGES } from '@camposanto/domain';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { downloadListCsv } from '../../../api/list-csv';
import { BusyButton } from '../../../components/busy-button';

/**
 * Issue 15 (decision 032): every contract of the filters and the search, in the order chosen, as the server's CSV.
 * Beside the screen's own 'Exportar CSV' (the summary, the page on screen and the totals), which stays as it was.
 */
export function IncomeContractsCsvButton({
  path,
  query,
  disabled,
}: {
  path: string;
  query: Record<string, string>;
  disabled: boolean;
}) {
  const [isExporting, setIsExporting] = useState(false);
  async function exportContracts() {
    setIsExporting(true);
    try {
      // Empty words are no filter: the server is asked only for those set.
      const words = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
      await downloadListCsv(path, words, 'historial-ingresos-contratos');
    } catch (error) {
      toast.error(withDetail(LIST_MESSAGES.errorExportar, error));
    } finally {
      setIsExporting(false);
    }
  }
  return (
    <BusyButton
      variant="outlined"
      icon={<DownloadIcon />}
      isBusy={isExporting}
      disabled={disabled}
      onClick={() => void exportContracts()}
    >
      Exportar contratos (CSV)
    </BusyButton>
  );
}
