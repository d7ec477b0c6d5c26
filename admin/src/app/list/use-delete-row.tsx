import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useServices } from '../context.tsx';
import { toHttpError } from '../errors.ts';
import { actionFailureMessage } from '../notices.ts';
import type { RowAction } from './ServerList.tsx';

export interface DeleteRowOptions<T extends { id: number }> {
  /** Sends the API's delete call for the row (`DELETE flight-company/{id}`). */
  remove: (row: T) => Promise<unknown>;
  /** The user holds the delete call's role; without it there is no delete action. */
  mayDelete: boolean;
  /** The row's name in the action's accessible label, the question and the notice. */
  rowName: (row: T) => string;
  /** The dialog's title ("Delete airline company"). */
  title: string;
  /** The dialog's question, naming the row and what keeps a record from going. */
  message: (row: T) => string;
  /** The Refine resource whose lists and records show the row; they reload after the call. */
  resource?: string;
  /**
   * Query keys of other lists that show the record (the flight form's lookups, a list not kept by
   * Refine); they reload after the call.
   */
  queryKeys?: readonly (readonly unknown[])[];
}

/**
 * A Delete row action for a master-data list (airline companies, aircraft templates, rates,
 * options) with its confirm dialog. The record goes only when the server agrees: one in use answers
 * 409 ERROR_IN_USE, whose message (in the interface language) is shown, and nothing leaves the list.
 * Either way the list and the lookups of the forms (the flight form's companies, rates and
 * templates, by `queryKeys`) reload, so nobody picks a record that is gone.
 */
export function useDeleteRow<T extends { id: number }>(
  options: DeleteRowOptions<T>,
): { actions: RowAction<T>[]; dialog: ReactNode } {
  const { remove, mayDelete, rowName, title, message, resource, queryKeys = [] } = options;
  const { t, i18n } = useTranslation();
  const { notifications, translateError } = useServices();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<T | null>(null);

  const reloadAll = () =>
    Promise.all([
      resource ? invalidate({ resource, invalidates: ['list', 'many', 'detail'] }) : null,
      ...queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);

  const mutation = useMutation({
    mutationFn: (row: T) => remove(row),
    onSuccess: async (_answer, row) => {
      setDeleting(null);
      notifications.notify({ kind: 'success', message: t('list.deleted', { name: rowName(row) }) });
      await reloadAll();
    },
    onError: async (error) => {
      setDeleting(null);
      const failure = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      if (failure) notifications.notify({ kind: 'error', message: failure });
      await reloadAll();
    },
  });

  const actions = useMemo<RowAction<T>[]>(
    () =>
      mayDelete
        ? [
            {
              id: 'delete',
              text: t('list.delete'),
              label: (row) => t('list.deleteNamed', { name: rowName(row) }),
              onPress: (row) => setDeleting(row),
            },
          ]
        : [],
    [t, mayDelete, rowName],
  );

  const dialog = deleting ? (
    <ConfirmDialog
      isOpen
      title={title}
      message={message(deleting)}
      confirmLabel={t('list.delete')}
      isPending={mutation.isPending}
      onCancel={() => setDeleting(null)}
      onConfirm={() => mutation.mutate(deleting)}
    />
  ) : null;

  return { actions, dialog };
}
