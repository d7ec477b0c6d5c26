import type { CustomCellRendererProps } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';

/** An "Active" / "Inactive" cell for a boolean `isActive` column. */
export function StatusBadge({ value }: CustomCellRendererProps<unknown, boolean>) {
  const { t } = useTranslation();
  return value ? (
    <span className="status-badge status-badge--active">{t('list.active')}</span>
  ) : (
    <span className="status-badge status-badge--inactive">{t('list.inactive')}</span>
  );
}
