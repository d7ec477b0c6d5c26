import type { Locale } from '@flybook/locales';
import {
  type AircraftTemplateSummarySchema,
  aircraftTemplateCalls,
  type TariffGroupSchema,
} from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';

export type TemplateSummary = z.infer<typeof AircraftTemplateSummarySchema>;
type TariffGroup = z.infer<typeof TariffGroupSchema>;

/**
 * The query key of the template list: the flight form's lookup of templates, so that a template
 * saved or deleted here is (or is no longer) offered there at once.
 */
export const TEMPLATE_LIST_KEY = ['lookup', 'aircraftTemplates'] as const;

/**
 * Every aircraft template with its seats per tariff group (one unpaged answer), fresh on each visit;
 * a failed load shows in the list itself, with Retry (docs/decisions.md "Failure states").
 */
export function useTemplateList() {
  const { client } = useServices();
  return useQuery({
    queryKey: TEMPLATE_LIST_KEY,
    queryFn: ({ signal }) => client.call(aircraftTemplateCalls.list, {}, { signal }),
    select: (answer) => answer.items,
  });
}

/** A tariff group's name in the interface language. */
export function groupName(groups: readonly TariffGroup[] | undefined, id: number, locale: Locale) {
  const group = groups?.find((candidate) => candidate.id === id);
  return group ? group.name[locale] || group.name.en || group.code : `#${id}`;
}
