import { Button } from '@flybook/ui';
import {
  type Control,
  Controller,
  type UseFormSetValue,
  useFieldArray,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/FormField.tsx';
import { SelectField } from '../../app/form/SelectField.tsx';
import { AgentPicker } from './AgentPicker.tsx';
import {
  type FlightFieldAccess,
  type FlightFormOutput,
  type FlightFormValues,
  newAllotmentRow,
} from './flight-form.ts';

type FormControl = Control<FlightFormValues, unknown, FlightFormOutput>;

/**
 * The allotment tab (spec 03 §2, §3, §5): blocks of seats for agents, one row each with the agent
 * (searched), tariff group, seats, cost per seat (with ROLE_ALLOTMENT_READ_COST_PER_SEAT) and a
 * comment. A row is read-only when the allotment has an invoice or the user lacks
 * ROLE_ALLOTMENT_EDIT; an allotment with bookings keeps its agent and tariff group.
 */
export function AllotmentTab({
  control,
  setValue,
  access,
  tariffGroupName,
}: {
  control: FormControl;
  setValue: UseFormSetValue<FlightFormValues>;
  access: FlightFieldAccess;
  tariffGroupName: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'allotments', keyName: 'key' });
  const [rows, seats] = useWatch({ control, name: ['allotments', 'seats'] });
  const { errors } = useFormState({ control, name: 'allotments' });
  const editable = access.allotments.editable;
  const groupOptions = seats.map((row) => ({
    value: String(row.tariffGroupId),
    label: tariffGroupName(row.tariffGroupId),
  }));
  const listError = errors.allotments?.message ?? errors.allotments?.root?.message;

  return (
    <div className="flight-form__tab-body">
      <p className="form-hint">
        {editable ? t('flights.form.allotments.hint') : t('flights.form.allotments.readOnlyHint')}
      </p>
      {listError ? (
        <p className="fb-field__error" role="alert">
          {listError}
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className="flight-form__empty">{t('flights.form.allotments.empty')}</p>
      ) : null}
      <ol className="allotment-rows">
        {fields.map((field, index) => {
          const row = rows[index] ?? field;
          const readOnly = !editable || row.isInvoiced;
          const number = index + 1;
          // Screen readers hear which allotment a field belongs to; the eye sees it in the row's title.
          const label = (text: string) => (
            <>
              <span className="fb-visually-hidden">{t('flights.form.allotments.rowPrefix', { number })}</span>{' '}
              {text}
            </>
          );
          return (
            <li key={field.key} className="allotment-row">
              <div className="allotment-row__head">
                <h3 className="allotment-row__title">{t('flights.form.allotments.rowTitle', { number })}</h3>
                {row.isInvoiced ? (
                  <span className="allotment-row__badge">{t('flights.form.allotments.invoiced')}</span>
                ) : null}
                {row.booked > 0 ? (
                  <span className="allotment-row__badge allotment-row__badge--info">
                    {t('flights.form.allotments.booked', { count: row.booked })}
                  </span>
                ) : null}
                {readOnly ? null : (
                  <Button
                    variant="secondary"
                    className="allotment-row__remove"
                    onPress={() => remove(index)}
                    isDisabled={row.booked > 0}
                  >
                    {t('flights.form.allotments.remove', { number })}
                  </Button>
                )}
              </div>
              <div className="allotment-row__fields">
                <Controller
                  control={control}
                  name={`allotments.${index}.agentId`}
                  render={({ field: agentField, fieldState }) => (
                    <AgentPicker
                      label={label(t('flights.form.allotments.agent'))}
                      value={
                        agentField.value === null
                          ? null
                          : { id: agentField.value, displayName: row.agentName }
                      }
                      onChange={(agent) => {
                        setValue(`allotments.${index}.agentName`, agent?.displayName ?? '');
                        agentField.onChange(agent?.id ?? null);
                      }}
                      onBlur={agentField.onBlur}
                      inputRef={agentField.ref}
                      isDisabled={readOnly || row.booked > 0}
                      isRequired={!readOnly}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <SelectField
                  control={control}
                  name={`allotments.${index}.tariffGroupId`}
                  label={label(t('flights.form.allotments.tariffGroup'))}
                  options={groupOptions}
                  placeholder={t('form.choose')}
                  isRequired={!readOnly}
                  isDisabled={readOnly || row.booked > 0}
                />
                <FormField
                  control={control}
                  name={`allotments.${index}.seatsNumber`}
                  label={label(t('flights.form.allotments.seatsNumber'))}
                  inputMode="numeric"
                  autoComplete="off"
                  isRequired={!readOnly}
                  isDisabled={readOnly}
                />
                {access.allotmentCost ? (
                  <FormField
                    control={control}
                    name={`allotments.${index}.costPerSeat`}
                    label={label(t('flights.form.allotments.costPerSeat'))}
                    inputMode="decimal"
                    autoComplete="off"
                    isDisabled={readOnly}
                  />
                ) : null}
                <FormField
                  control={control}
                  name={`allotments.${index}.comment`}
                  label={label(t('flights.form.allotments.comment'))}
                  autoComplete="off"
                  maxLength={1000}
                  isDisabled={readOnly}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {editable ? (
        <Button
          variant="secondary"
          onPress={() =>
            append(newAllotmentRow(seats.length === 1 ? String(seats[0]?.tariffGroupId ?? '') : ''), {
              shouldFocus: false,
            })
          }
        >
          {t('flights.form.allotments.add')}
        </Button>
      ) : null}
    </div>
  );
}
