import { Button } from '@flybook/ui';
import type { BaseRecord } from '@refinedev/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues, ServerListState } from './use-server-list.ts';

/** Page buttons and the page-size choice under a server list. */
export function Pagination<T extends BaseRecord, F extends ListFilterValues>({
  list,
}: {
  list: ServerListState<T, F>;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { page, pageCount, setPage } = list;
  return (
    <nav className="pagination" aria-label={t('list.pagination')}>
      <div className="pagination__pages">
        <Button
          variant="secondary"
          className="pagination__button"
          isDisabled={page <= 1}
          onPress={() => setPage(1)}
          aria-label={t('list.firstPage')}
        >
          «
        </Button>
        <Button
          variant="secondary"
          className="pagination__button"
          isDisabled={page <= 1}
          onPress={() => setPage(page - 1)}
          aria-label={t('list.previousPage')}
        >
          ‹
        </Button>
        <span className="pagination__current" aria-current="page">
          {t('list.pageOf', { page, pageCount })}
        </span>
        <Button
          variant="secondary"
          className="pagination__button"
          isDisabled={page >= pageCount}
          onPress={() => setPage(page + 1)}
          aria-label={t('list.nextPage')}
        >
          ›
        </Button>
        <Button
          variant="secondary"
          className="pagination__button"
          isDisabled={page >= pageCount}
          onPress={() => setPage(pageCount)}
          aria-label={t('list.lastPage')}
        >
          »
        </Button>
      </div>
      <div className="pagination__size">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <select
          id={sizeId}
          className="select"
          value={list.pageSize}
          onChange={(event) => list.setPageSize(Number(event.target.value))}
        >
          {list.pageSizeChoices.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
