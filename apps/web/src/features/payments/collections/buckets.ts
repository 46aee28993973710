import type { CollectionBucket } from '@camposanto/domain';
import type { StatusTone } from '../../../components/status-badge';

/** Issue 14 Cobranza: the older the debt, the stronger the badge's colour. */
export const BUCKET_TONES: Record<CollectionBucket, StatusTone> = {
  '1-30': 'default',
  '31-60': 'warning',
  '61-90': 'error',
  '90+': 'error',
};

/** The cards' top border, from the lightest to the darkest of the same scale. */
export const BUCKET_COLORS: Record<CollectionBucket, string> = {
  '1-30': 'info.main',
  '31-60': 'warning.main',
  '61-90': 'error.light',
  '90+': 'error.dark',
};
