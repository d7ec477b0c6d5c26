import './aircraft-templates.css';
import { adminPath } from '@flybook/domain';
import type { AircraftSection, AircraftTemplate } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useMemo } from 'react';
import { type Control, type UseFormSetValue, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../app/FormField.tsx';
import {
  FormActions,
  FormCard,
  FormLoading,
  FormPlaceholder,
  FormSection,
} from '../../app/form/FormLayout.tsx';
import { SelectField } from '../../app/form/SelectField.tsx';
import { useRecordForm } from '../../app/form/use-record-form.ts';
import { useLocale } from '../../app/layout-parts.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { SectionTabs } from '../../app/SectionTabs.tsx';
import { useTariffGroups } from '../flight-list/flight-lookups.ts';
import { AIRCRAFT_TEMPLATES } from '../flight-resources.ts';
import {
  MAX_SECTIONS,
  newSection,
  seatCounts,
  sectionsOf,
  TemplateFormSchema,
  type TemplateFormValues,
  templateFieldOf,
  templateFormValues,
  withSeats,
} from './aircraft-template-form.ts';
import { groupName, TEMPLATE_LIST_KEY } from './template-queries.ts';

// The flight form's seat-map editor (select, disable, reserve, hide, block select, price), in its
// own chunk as there.
const SeatMapPanel = lazy(() => import('../flight-form/SeatMapPanel.tsx'));

type FormControl = Control<TemplateFormValues, unknown, z.output<typeof TemplateFormSchema>>;

const NO_SEATS: ReadonlySet<string> = new Set();

/** The sections' layouts: tariff group, rows, seat letters and exit rows of each; add and remove. */
function SectionFields({
  control,
  tariffGroups,
}: {
  control: FormControl;
  tariffGroups: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'sections' });
  const sections = useWatch({ control, name: 'sections' });
  return (
    <FormSection title={t('flights.templates.sections.title')}>
      <p className="form-hint">{t('flights.templates.sections.hint')}</p>
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <fieldset key={field.id} className="template-section">
            <legend className="template-section__title">
              {t('flights.templates.sections.section', { number })}
            </legend>
            <div className="template-section__fields">
              <SelectField
                control={control}
                name={`sections.${index}.tariffGroupId`}
                label={t('flights.templates.fields.tariffGroup')}
                options={tariffGroups}
                placeholder={t('form.choose')}
                isRequired
              />
              <FormField
                control={control}
                name={`sections.${index}.rows`}
                label={t('flights.templates.fields.rows')}
                description={t('flights.templates.fields.rowsHint')}
                isRequired
                autoComplete="off"
              />
              <FormField
                control={control}
                name={`sections.${index}.columns`}
                label={t('flights.templates.fields.columns')}
                description={t('flights.templates.fields.columnsHint')}
                isRequired
                autoComplete="off"
              />
              <FormField
                control={control}
                name={`sections.${index}.exitRows`}
                label={t('flights.templates.fields.exitRows')}
                description={t('flights.templates.fields.exitRowsHint')}
                autoComplete="off"
              />
            </div>
            {fields.length > 1 ? (
              <Button
                variant="secondary"
                className="template-section__remove"
                aria-label={t('flights.templates.sections.removeNamed', { number })}
                onPress={() => remove(index)}
              >
                {t('flights.templates.sections.remove')}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {fields.length < MAX_SECTIONS ? (
        <Button
          variant="secondary"
          onPress={() => append(newSection(Number(tariffGroups[0]?.value) || undefined, sections))}
        >
          {t('flights.templates.sections.add')}
        </Button>
      ) : null}
    </FormSection>
  );
}

/** The seat map of the sections as typed, in the seat-map editor; its changes go to the seat cells. */
function SeatMapFields({
  control,
  setValue,
  tariffGroupName,
}: {
  control: FormControl;
  setValue: UseFormSetValue<TemplateFormValues>;
  tariffGroupName: (id: number) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sections, cells] = useWatch({ control, name: ['sections', 'cells'] });
  const map = useMemo(() => sectionsOf({ sections, cells }), [sections, cells]);
  const counts = seatCounts(map.sections);
  const total = counts.reduce((sum, count) => sum + count.seats, 0);
  const onChange = useCallback(
    (next: AircraftSection[]) => setValue('cells', withSeats(cells, next), { shouldDirty: true }),
    [setValue, cells],
  );
  return (
    <FormSection title={t('flights.templates.seatMap.title')}>
      <p className="form-hint" aria-live="polite">
        {counts.length > 0
          ? t('flights.templates.seatMap.seats', {
              groups: counts
                .map((count) => `${tariffGroupName(count.tariffGroupId)} ${count.seats}`)
                .join(' · '),
              count: total,
            })
          : t('flights.templates.seatMap.empty')}
      </p>
      {map.sections.length > 0 ? (
        <Suspense fallback={<FormLoading />}>
          <SeatMapPanel
            sections={map.sections}
            onChange={onChange}
            tariffGroupName={tariffGroupName}
            locale={locale}
            takenSeatLabels={NO_SEATS}
            readOnly={false}
            // The page's sections are legends: the map's headings come right under its h1.
            headingLevel={2}
          />
        </Suspense>
      ) : null}
    </FormSection>
  );
}

function AircraftTemplateFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRouteAccess();
  const titleId = useId();
  const groups = useTariffGroups();
  const queryClient = useQueryClient();
  const listPath = adminPath('aircraftTemplateList');
  const firstGroup = groups?.[0]?.id;
  const values = useCallback(
    (template: AircraftTemplate | undefined) => templateFormValues(template, firstGroup),
    [firstGroup],
  );
  const { form, onSubmit, isReady, isSaving, loadError, retryLoad, isRetrying } = useRecordForm<
    AircraftTemplate,
    typeof TemplateFormSchema
  >({
    resource: AIRCRAFT_TEMPLATES,
    action: id === undefined ? 'create' : 'edit',
    ...(id === undefined ? {} : { id }),
    schema: TemplateFormSchema,
    values,
    lookupsReady: groups !== undefined,
    fieldOf: templateFieldOf,
    listPath,
    // The flight form offers the templates and copies their maps: it sees the change at once.
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: TEMPLATE_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ['lookup', 'aircraftTemplate', saved.id] });
    },
  });
  const tariffGroups = useMemo(
    () =>
      (groups ?? []).map((group) => ({
        value: String(group.id),
        label: groupName(groups, group.id, locale),
      })),
    [groups, locale],
  );
  const tariffGroupName = useCallback(
    (groupId: number) => (groupId === 0 ? t('form.choose') : groupName(groups, groupId, locale)),
    [groups, locale, t],
  );
  const title = t(id === undefined ? 'flights.templates.newTitle' : 'flights.templates.editTitle');

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader
        title={title}
        titleId={titleId}
        back={{ to: listPath, label: t('flights.templates.back') }}
      />
      {isReady ? (
        <FormCard labelledBy={titleId} onSubmit={onSubmit} wide>
          <div className="form-grid">
            <FormField
              control={form.control}
              name="label"
              label={t('flights.templates.fields.label')}
              description={t('flights.templates.fields.labelHint')}
              isRequired
              maxLength={100}
              autoComplete="off"
            />
          </div>
          <div className="template-form__body">
            <SectionFields control={form.control} tariffGroups={tariffGroups} />
            <SeatMapFields
              control={form.control}
              setValue={form.setValue}
              tariffGroupName={tariffGroupName}
            />
          </div>
          <FormActions isSaving={isSaving} cancelTo={listPath} />
        </FormCard>
      ) : (
        <FormPlaceholder error={loadError} onRetry={retryLoad} isRetrying={isRetrying} />
      )}
    </>
  );
}

/** New aircraft template (issue 26): label, sections and the seat map. */
export function AircraftTemplateNewPage() {
  return <AircraftTemplateFormPage />;
}

/** Edit an aircraft template, by the route's aircraftTemplateId; flights keep the map they copied. */
export function AircraftTemplateEditPage() {
  const { aircraftTemplateId } = useParams();
  return <AircraftTemplateFormPage key={aircraftTemplateId} id={aircraftTemplateId ?? ''} />;
}
