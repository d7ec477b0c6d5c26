import { type BaseKey, type BaseRecord, type HttpError, useCreate, useOne, useUpdate } from '@refinedev/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useServices } from '../context.tsx';
import { toHttpError } from '../errors.ts';
import { schemaResolver } from '../forms.ts';
import { failureNotice } from '../notices.ts';

export interface RecordFormOptions<
  TRecord extends BaseRecord,
  S extends z.ZodType<FieldValues, FieldValues>,
> {
  /** The Refine resource of RESOURCE_CALLS (its `one`, `create` and `update` calls). */
  resource: string;
  action: 'create' | 'edit';
  /** The record edited (edit only). */
  id?: BaseKey;
  /**
   * Form values → request body. The form's own fields (texts as typed) are checked with the shared
   * schema's rules and turned into the body the API takes, so the form shows the API's messages.
   */
  schema: S;
  /** The values the form starts with: a new record's defaults, or the loaded record's values. */
  values: (record: TRecord | undefined) => DefaultValues<z.input<S>>;
  /** Lookups the form needs (e.g. the tariff list) have loaded; the values are applied then. */
  lookupsReady?: boolean;
  /** Why the lookups could not be loaded, and how to ask again: the page shows it with Retry. */
  lookupError?: unknown;
  retryLookups?: () => void;
  /**
   * The form field of a field the API rejected (422 `errors[].field`, a body path), or null when
   * the form has no such field (the message then shows as a notice).
   */
  fieldOf: (apiField: string, body: z.output<S>) => FieldPath<z.input<S>> | null;
  /** Where the user goes after saving (the list). */
  listPath: string;
  /**
   * Told of the saved record (e.g. to refresh the header after a change of the own account).
   * With `stayAfterSave` the page stays and the form takes the saved values.
   */
  onSaved?: (record: TRecord) => void;
  stayAfterSave?: boolean;
}

export interface RecordForm<TRecord extends BaseRecord, S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** The values are in place (record and lookups loaded); before that the page shows loading. */
  isReady: boolean;
  isSaving: boolean;
  record: TRecord | undefined;
  /**
   * The record (edit) or the form's lookups could not be loaded: a 404 means there is no such
   * record; the page shows {@link FormPlaceholder} with it.
   */
  loadError: HttpError | null;
  /** Loads what failed again (the placeholder's Retry). */
  retryLoad: () => void;
  isRetrying: boolean;
}

const messageOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(' ') || null;
  return null;
};

/**
 * An add or edit page's form: react-hook-form with the shared schema (through `schemaResolver`) for
 * the fields, Refine's `useOne`, `useCreate` and `useUpdate` for loading and saving through the data
 * provider (which also reloads the lists afterwards). On success: "Created successfully" / "Updated
 * successfully" and back to the list. A 422 puts each field message under its field and warns to
 * check the fields; any other failure shows "Unknown Error." with the server's message (spec 03 §8).
 * A record or lookup that cannot be loaded is the page's to show ({@link RecordForm.loadError}).
 *
 * Refine's react-hook-form binding is not used because the form's values are not the request body:
 * amounts are typed as text, tariffs left empty are left out, and the API's field paths
 * (`priceList.2.fuelFee`) have to be mapped back to the form's (`prices.3.fuelFee`).
 */
export function useRecordForm<TRecord extends BaseRecord, S extends z.ZodType<FieldValues, FieldValues>>(
  options: RecordFormOptions<TRecord, S>,
): RecordForm<TRecord, S> {
  const { t } = useTranslation();
  const { translateError, notifications } = useServices();
  const navigate = useNavigate();
  const {
    resource,
    action,
    id,
    schema,
    values,
    lookupsReady = true,
    lookupError,
    retryLookups,
    fieldOf,
    listPath,
    onSaved,
    stayAfterSave = false,
  } = options;
  const isEdit = action === 'edit';

  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: schemaResolver(schema, translateError),
    defaultValues: values(undefined),
  });

  const { query } = useOne<TRecord, HttpError>({
    resource,
    id: id ?? '',
    queryOptions: { enabled: isEdit && id !== undefined },
    // The page shows the failure in place of the form (FormPlaceholder), with Retry.
    errorNotification: false,
  });
  const record = query.data?.data;

  const create = useCreate<TRecord, HttpError, z.output<S>>();
  const update = useUpdate<TRecord, HttpError, z.output<S>>();

  const onSaveError = (error: HttpError, body: z.output<S>) => {
    let firstField: FieldPath<z.input<S>> | null = null;
    for (const [apiField, value] of Object.entries(error.errors ?? {})) {
      const field = fieldOf(apiField, body);
      const message = messageOf(value);
      if (!field || !message) continue;
      form.setError(field, { type: 'server', message });
      firstField ??= field;
    }
    if (firstField) {
      form.setFocus(firstField);
      notifications.notify({ kind: 'warning', message: t('errors.generic') });
      return;
    }
    const notice = failureNotice(t, error);
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  };

  const save = (body: z.output<S>) => {
    const callbacks = {
      onSuccess: ({ data }: { data: TRecord }) => {
        onSaved?.(data);
        if (stayAfterSave) form.reset(values(data));
        else navigate(listPath);
      },
      onError: (error: HttpError) => onSaveError(error, body),
    };
    // Refine reloads the resource's lists and records after a save (they show the change at once).
    if (isEdit && id !== undefined) {
      update.mutate(
        {
          resource,
          id,
          values: body,
          successNotification: () => ({ type: 'success', message: t('notifications.editSuccess') }),
          errorNotification: false,
        },
        callbacks,
      );
    } else {
      create.mutate(
        {
          resource,
          values: body,
          successNotification: () => ({ type: 'success', message: t('notifications.createSuccess') }),
          errorNotification: false,
        },
        callbacks,
      );
    }
  };

  // The values go in once, when everything they come from is there; a refetch later must not
  // overwrite what the user is typing.
  const [isReady, setReady] = useState(false);
  const applied = useRef(false);
  const canApply = lookupsReady && (!isEdit || record !== undefined);
  useEffect(() => {
    if (!canApply || applied.current) return;
    applied.current = true;
    form.reset(values(record));
    setReady(true);
  }, [canApply, record, values, form]);

  const onSubmit = form.handleSubmit(save);

  return {
    form,
    onSubmit,
    isReady,
    isSaving: create.mutation.isPending || update.mutation.isPending,
    record,
    loadError:
      query.error ?? (lookupError && !lookupsReady ? toHttpError(lookupError, translateError) : null),
    retryLoad: () => {
      if (query.error) void query.refetch();
      if (lookupError) retryLookups?.();
    },
    isRetrying: query.isFetching && query.isError,
  };
}
