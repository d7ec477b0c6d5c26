import type { Locale } from '@flybook/locales';
import { weekdayName } from '@flybook/locales/format';
import { RequiredMark } from '@flybook/ui';
import { useMemo } from 'react';
import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/FormField.tsx';
import { CheckBox } from '../../app/form/CheckBox.tsx';
import { DateInputField } from './DateInputField.tsx';
import {
  type FlightFormOutput,
  type FlightFormValues,
  hasRepeatingData,
  sequenceCount,
} from './flight-form.ts';

type FormControl = Control<FlightFormValues, unknown, FlightFormOutput>;

/** ISO weekdays 1 (Monday) … 7 (Sunday). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Weekday names in the interface language, Monday first. */
const weekdayNames = (locale: Locale): string[] => WEEKDAYS.map((day) => weekdayName(day, locale, 'long'));

/**
 * The repeating tab (new flights, spec 03 §2, §3, §5): first and last date, the period in weeks
 * and the weekdays. With any of it filled the form creates a sequence: one flight per matching
 * date at the info tab's local times; the tab says live how many flights that makes.
 */
export function RepeatingTab({ control, locale }: { control: FormControl; locale: Locale }) {
  const { t } = useTranslation();
  const repeating = useWatch({ control, name: 'repeating' });
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const active = hasRepeatingData(repeating);
  const count = active ? sequenceCount(repeating) : null;

  return (
    <div className="flight-form__tab-body">
      <p className="form-hint">{t('flights.form.repeating.hint')}</p>
      <div className="form-grid">
        <DateInputField
          control={control}
          name="repeating.firstDate"
          type="date"
          label={t('flights.form.repeating.firstDate')}
          isRequired={active}
        />
        <DateInputField
          control={control}
          name="repeating.lastDate"
          type="date"
          label={t('flights.form.repeating.lastDate')}
          isRequired={active}
        />
        <FormField
          control={control}
          name="repeating.period"
          label={t('flights.form.repeating.period')}
          description={t('flights.form.repeating.periodHint')}
          inputMode="numeric"
          autoComplete="off"
          isRequired={active}
          className="field--short"
        />
      </div>
      <Controller
        control={control}
        name="repeating.weekdays"
        render={({ field, fieldState }) => (
          <CheckboxGroup
            className="flight-form__weekdays"
            value={field.value.map(String)}
            onChange={(values) => field.onChange(values.map(Number).sort((a, b) => a - b))}
            onBlur={field.onBlur}
            isRequired={active}
            isInvalid={Boolean(fieldState.error)}
            validationBehavior="aria"
          >
            <Label className="fb-field__label">
              {t('flights.form.repeating.weekdays')}
              <RequiredMark shown={active} />
            </Label>
            <div className="flight-form__weekday-list">
              {WEEKDAYS.map((day, index) => (
                <CheckBox key={day} value={String(day)}>
                  {names[index]}
                </CheckBox>
              ))}
            </div>
            <FieldError className="fb-field__error">{fieldState.error?.message}</FieldError>
          </CheckboxGroup>
        )}
      />
      <p className="flight-form__preview" aria-live="polite">
        {!active
          ? t('flights.form.repeating.single')
          : count === null
            ? t('flights.form.repeating.incomplete')
            : t('flights.form.repeating.preview', { count })}
      </p>
    </div>
  );
}
