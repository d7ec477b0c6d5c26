import './flight-form.css';
import { isFlightFrozen, mapSeatsByTariffGroup } from '@flybook/domain';
import type { AircraftSection, Flight } from '@flybook/schemas';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { type FieldErrors, type FieldPath, useForm, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { FormActions, FormCard, FormLoading } from '../../app/form/FormLayout.tsx';
import { schemaResolver } from '../../app/forms.ts';
import { useLocale } from '../../app/layout-parts.tsx';
import { FlightPrompts } from './FlightPrompts.tsx';
import {
  FLIGHT_FORM_TABS,
  type FlightFieldAccess,
  type FlightFormContext,
  type FlightFormMode,
  type FlightFormOutput,
  type FlightFormTab,
  type FlightFormValues,
  flightFormSchema,
  flightFormValues,
  newFlightValues,
  removesAssignedSeats,
  type SoldSeatsConflict,
  seatRowsForSeatMap,
  seatRowsForTemplate,
  soldSeatsConflict,
  tabOfField,
} from './flight-form.ts';
import { InfoTab } from './InfoTab.tsx';
import { RepeatingTab } from './RepeatingTab.tsx';
import { SeatsTab, tariffGroupName } from './SeatsTab.tsx';
import { TemplateTab } from './TemplateTab.tsx';
import { type FlightLookups, useTemplateSections } from './use-flight-lookups.ts';
import { useFlightSave } from './use-flight-save.ts';

// The allotment tab (its agent search) loads when opened, as the seat-map editor does.
const AllotmentTab = lazy(() => import('./AllotmentTab.tsx').then((m) => ({ default: m.AllotmentTab })));

/** The lookups' list with the stored flight's own entry, when the list no longer has it. */
function withStored<T extends { id: number }>(list: readonly T[], stored: T | undefined): readonly T[] {
  return stored && !list.some((entry) => entry.id === stored.id) ? [...list, stored] : list;
}

/** The tabs holding an error, in tab order. */
function tabsWithErrors(errors: FieldErrors<FlightFormValues>): Set<FlightFormTab> {
  return new Set(Object.keys(errors).map(tabOfField));
}

/**
 * The new and edit flight form (spec 03 §2): tabs for info, tariff seats, template settings,
 * allotments (with ROLE_ALLOTMENT_READ) and repeating (new flights, with
 * ROLE_FLIGHT_CREATE_SEQUENCE). A tab with an error is marked, and a failed save opens the first
 * such tab at its first wrong field. Mounted once the lookups and the flight have loaded.
 */
export function FlightForm({
  mode,
  access,
  lookups,
  record,
  titleId,
  listPath,
}: {
  mode: FlightFormMode;
  access: FlightFieldAccess;
  lookups: FlightLookups;
  record: Flight | undefined;
  titleId: string;
  listPath: string;
}) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  const locale = useLocale();
  const companies = useMemo(
    () => withStored(lookups.companies, record?.flightCompany),
    [lookups.companies, record],
  );
  const rates = useMemo(
    () =>
      withStored<{ id: number; name: string }>(
        lookups.rates,
        record ? { id: record.rate.id, name: record.rate.name } : undefined,
      ),
    [lookups.rates, record],
  );
  const context = useMemo<FlightFormContext>(
    () => ({
      mode,
      access,
      companies,
      airports: lookups.airports,
      ...(record
        ? {
            original: {
              aircraftTemplateId: record.aircraftTemplate.id,
              takenSeatLabels: record.takenSeatLabels,
            },
          }
        : {}),
    }),
    [mode, access, companies, lookups.airports, record],
  );
  const schema = useMemo(() => flightFormSchema(context), [context]);
  const [initialValues] = useState(() => (record ? flightFormValues(record) : newFlightValues()));
  const form = useForm<FlightFormValues, unknown, FlightFormOutput>({
    resolver: schemaResolver(schema, translateError),
    defaultValues: initialValues,
    shouldFocusError: false,
  });
  const { control, setValue, getValues } = form;
  const { errors } = useFormState({ control });
  const isFrozen = record ? isFlightFrozen(record) : false;

  // ---------- tabs ----------
  const visibleTabs = useMemo(
    () =>
      FLIGHT_FORM_TABS.filter(
        (tab) =>
          (tab !== 'allotments' || access.allotments.visible) && (tab !== 'repeating' || access.sequence),
      ),
    [access],
  );
  const [tab, setTab] = useState<FlightFormTab>('info');
  const [focusPending, setFocusPending] = useState(0);
  const panelsRef = useRef<HTMLDivElement>(null);
  const erroneous = tabsWithErrors(errors);

  const showErrors = useCallback(
    (fields: readonly string[]) => {
      const tabs = new Set(fields.map(tabOfField));
      const first = visibleTabs.find((candidate) => tabs.has(candidate));
      if (first) setTab(first);
      setFocusPending((count) => count + 1);
    },
    [visibleTabs],
  );
  // After the tab with the error has rendered: focus its first wrong field.
  useEffect(() => {
    if (focusPending === 0) return;
    const invalid = panelsRef.current?.querySelector<HTMLElement>(
      '[role="tabpanel"] [aria-invalid="true"], [role="tabpanel"] [data-invalid] input',
    );
    invalid?.focus();
  }, [focusPending]);

  // ---------- template and seat map ----------
  const templateId = useWatch({ control, name: 'aircraftTemplateId' });
  const sectionsTemplateId = useWatch({ control, name: 'sectionsTemplateId' });
  const wanted = templateId === '' ? null : Number(templateId);
  const needsSections = wanted !== null && wanted !== sectionsTemplateId;
  const template = useTemplateSections(needsSections ? wanted : null);
  useEffect(() => {
    const loaded = template.data;
    if (!needsSections || !loaded || loaded.id !== wanted) return;
    setValue('sections', loaded.sections);
    setValue('sectionsTemplateId', loaded.id);
  }, [needsSections, template.data, wanted, setValue]);

  const groupOrder = useMemo(() => lookups.tariffGroups.map((group) => group.id), [lookups.tariffGroups]);
  const onTemplateChange = (value: string) => {
    if (record && Number(value) === record.aircraftTemplate.id) {
      // Back to the flight's own template: its own map and rows again.
      const stored = flightFormValues(record);
      setValue('sections', stored.sections);
      setValue('sectionsTemplateId', stored.sectionsTemplateId);
      setValue('seats', stored.seats);
      return;
    }
    const summary = lookups.templates.find((candidate) => String(candidate.id) === value);
    if (!summary) return;
    setValue('seats', seatRowsForTemplate(summary.seatsByTariffGroup, getValues('seats'), groupOrder));
  };
  // Hiding and showing seats: the tariff rows follow the map, but no group drops below its sold seats.
  const onSectionsChange = (next: AircraftSection[]): SoldSeatsConflict | null => {
    const current = getValues('sections');
    const before = mapSeatsByTariffGroup(current ?? []);
    const after = mapSeatsByTariffGroup(next);
    const conflict = record ? soldSeatsConflict(before, after, record.seatsByTariff) : null;
    if (conflict) return conflict;
    setValue('sections', next, { shouldDirty: true });
    const rows = getValues('seats');
    const followed = seatRowsForSeatMap(rows, before, after);
    if (followed !== rows) {
      setValue('seats', [...followed], { shouldDirty: true });
      // Errors shown after a failed save are checked again against the new numbers.
      if (form.getFieldState('seats').invalid) void form.trigger('seats');
    }
    return null;
  };
  const groupName = useCallback(
    (id: number) => tariffGroupName(lookups.tariffGroups, id, locale),
    [lookups.tariffGroups, locale],
  );
  const removesSeats = removesAssignedSeats({ aircraftTemplateId: templateId }, context);

  // ---------- saving ----------
  const { save, isSaving, prompt } = useFlightSave({
    form,
    context,
    record,
    listPath,
    onFieldErrors: (fields: FieldPath<FlightFormValues>[]) => showErrors(fields),
  });
  const onSubmit = form.handleSubmit(save, (invalid) => showErrors(Object.keys(invalid)));

  const tabLabels: Record<FlightFormTab, string> = {
    info: t('flights.form.tabs.info'),
    seats: t('flights.form.tabs.seats'),
    template: t('flights.form.tabs.template'),
    allotments: t('flights.form.tabs.allotments'),
    repeating: t('flights.form.tabs.repeating'),
  };

  return (
    <>
      <FormCard labelledBy={titleId} onSubmit={onSubmit} wide>
        {isFrozen ? <p className="flight-form__frozen">{t('flights.form.frozen')}</p> : null}
        <div ref={panelsRef}>
          <Tabs
            className="flight-form__tabs"
            selectedKey={tab}
            onSelectionChange={(key) => {
              const next = visibleTabs.find((candidate) => candidate === key);
              if (next) setTab(next);
            }}
          >
            <TabList aria-label={t('flights.form.tabs.label')} className="flight-form__tab-list">
              {visibleTabs.map((id) => (
                <Tab key={id} id={id} className="flight-form__tab">
                  {tabLabels[id]}
                  {erroneous.has(id) ? (
                    <>
                      <span className="flight-form__tab-error" aria-hidden="true">
                        !
                      </span>
                      <span className="fb-visually-hidden">{t('flights.form.tabs.hasErrors')}</span>
                    </>
                  ) : null}
                </Tab>
              ))}
            </TabList>
            <TabPanel id="info" className="flight-form__panel">
              <InfoTab
                control={control}
                lookups={lookups}
                companies={companies}
                rates={rates}
                locale={locale}
                isFrozen={isFrozen}
                isRouteFixed={record?.isRouteFixed ?? false}
                onTemplateChange={onTemplateChange}
              />
            </TabPanel>
            <TabPanel id="seats" className="flight-form__panel">
              <SeatsTab
                control={control}
                groups={lookups.tariffGroups}
                locale={locale}
                access={access}
                stored={record?.seatsByTariff}
                isFrozen={isFrozen}
              />
            </TabPanel>
            <TabPanel id="template" className="flight-form__panel">
              <TemplateTab
                control={control}
                onSectionsChange={onSectionsChange}
                locale={locale}
                tariffGroupName={groupName}
                takenSeatLabels={record?.takenSeatLabels ?? []}
                templateIsNew={!record || wanted !== record.aircraftTemplate.id}
                removesSeats={removesSeats}
                isLoading={template.isFetching}
                loadFailed={template.isError}
                isFrozen={isFrozen}
              />
            </TabPanel>
            {access.allotments.visible ? (
              <TabPanel id="allotments" className="flight-form__panel">
                <Suspense fallback={<FormLoading />}>
                  <AllotmentTab
                    control={control}
                    setValue={setValue}
                    access={access}
                    tariffGroupName={groupName}
                  />
                </Suspense>
              </TabPanel>
            ) : null}
            {access.sequence ? (
              <TabPanel id="repeating" className="flight-form__panel">
                <RepeatingTab control={control} locale={locale} />
              </TabPanel>
            ) : null}
          </Tabs>
        </div>
        {errors.root?.message ? (
          <p className="fb-field__error" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <FormActions isSaving={isSaving} cancelTo={listPath} />
      </FormCard>
      <FlightPrompts prompt={prompt} />
    </>
  );
}
