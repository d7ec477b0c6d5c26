import type { Locale } from '@flybook/locales';
import {
  type AircraftTemplateSummarySchema,
  aircraftTemplateCalls,
  type TariffGroupSchema,
} from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { failureNotice } from '../../app/notices.ts';

export type TemplateSummary = z.infer<typeof AircraftTemplateSummarySchema>;
type TariffGroup = z.infer<typeof TariffGroupSchema>;

/**
 * The query key of the template list: the flight form's lookup of templates, so that a template
 * saved or deleted here is (or is no longer) offered there at once.
 */
export const TEMPLATE_LIST_KEY = ['lookup', 'aircraftTemplates'] as const;

/**
 * Every aircraft template with its seats per tariff group (one unpaged answer), fresh on each visit;
 * a failed load is reported as an unknown-error notice.
 */
export function useTemplateList() {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const query = useQuery({
    queryKey: TEMPLATE_LIST_KEY,
    queryFn: ({ signal }) => client.call(aircraftTemplateCalls.list, {}, { signal }),
    select: (answer) => answer.items,
  });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    const notice = failureNotice(t, toHttpError(error, translateError));
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  }, [error, t, notifications, translateError]);
  return query;
}

/** A tariff group's name in the interface language. */
export function groupName(groups: readonly TariffGroup[] | undefined, id: number, locale: Locale) {
  const group = groups?.find((candidate) => candidate.id === id);
  return group ? group.name[locale] || group.name.en || group.code : `#${id}`;
}
