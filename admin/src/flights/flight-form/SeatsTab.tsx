import { mapSeatsByTariffGroup } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { SeatsByTariff } from '@flybook/schemas';
import { type Control, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/FormField.tsx';
import type { FlightFieldAccess, FlightFormOutput, FlightFormValues } from './flight-form.ts';
import type { TariffGroup } from './use-flight-lookups.ts';

type FormControl = Control<FlightFormValues, unknown, FlightFormOutput>;

/** A tariff group's name in the interface language. */
export const tariffGroupName = (groups: readonly TariffGroup[], id: number, locale: Locale) => {
  const group = groups.find((candidate) => candidate.id === id);
  return group ? group.name[locale] || group.name.en || group.code : `#${id}`;
};

type SeatField =
  | 'totalSeats'
  | 'numberOfSeatsToSale'
  | 'costPerSeat'
  | 'agentSeatsLimit'
  | 'onlineSeatsLimit';

/**
 * The tariff seats tab (spec 03 §2, §3, §5): one row per tariff group of the seat map with total
 * seats and seats for sale (shown with ROLE_FLIGHT_READ_SEAT_NUMBER), cost per seat in CHF (shown
 * with ROLE_FLIGHT_READ_COST_PER_SEAT), the agent and online limits, and on an existing flight
 * what is booked, allotted and free. A field the user may see but not change is read-only.
 */
export function SeatsTab({
  control,
  groups,
  locale,
  access,
  stored,
  isFrozen,
}: {
  control: FormControl;
  groups: readonly TariffGroup[];
  locale: Locale;
  access: FlightFieldAccess;
  /** The stored flight's inventory (edit): booked, allotted and free per group. */
  stored: readonly SeatsByTariff[] | undefined;
  isFrozen: boolean;
}) {
  const { t } = useTranslation();
  const [rows, sections, aircraftTemplateId, sectionsTemplateId] = useWatch({
    control,
    name: ['seats', 'sections', 'aircraftTemplateId', 'sectionsTemplateId'],
  });
  const { errors } = useFormState({ control, name: 'seats' });
  const mapCounts =
    sections && sectionsTemplateId === Number(aircraftTemplateId) ? mapSeatsByTariffGroup(sections) : null;
  const seatNumbers = access.seatNumbers;
  const cost = access.costPerSeat;
  const columns: { field: SeatField; label: string; shown: boolean; editable: boolean; required: boolean }[] =
    [
      {
        field: 'totalSeats',
        label: t('flights.form.seats.totalSeats'),
        shown: seatNumbers.visible,
        editable: seatNumbers.editable,
        required: seatNumbers.editable,
      },
      {
        field: 'numberOfSeatsToSale',
        label: t('flights.form.seats.numberOfSeatsToSale'),
        shown: seatNumbers.visible,
        editable: seatNumbers.editable,
        required: false,
      },
      {
        field: 'costPerSeat',
        label: t('flights.form.seats.costPerSeat'),
        shown: cost.visible,
        editable: cost.editable,
        required: cost.editable,
      },
      {
        field: 'agentSeatsLimit',
        label: t('flights.form.seats.agentSeatsLimit'),
        shown: true,
        editable: true,
        required: true,
      },
      {
        field: 'onlineSeatsLimit',
        label: t('flights.form.seats.onlineSeatsLimit'),
        shown: true,
        editable: true,
        required: true,
      },
    ];
  const shown = columns.filter((column) => column.shown);
  const rowsError = errors.seats?.message ?? errors.seats?.root?.message;

  if (rows.length === 0) {
    return (
      <div className="flight-form__tab-body">
        <p className="form-hint">{t('flights.form.seats.chooseTemplate')}</p>
        {rowsError ? (
          <p className="fb-field__error" role="alert">
            {rowsError}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flight-form__tab-body">
      <p className="form-hint">{t('flights.form.seats.hint')}</p>
      {rowsError ? (
        <p className="fb-field__error" role="alert">
          {rowsError}
        </p>
      ) : null}
      <div className="price-table-wrap">
        <table className="price-table flight-seats-table">
          <thead>
            <tr>
              <th scope="col">{t('flights.form.seats.tariffGroup')}</th>
              <th scope="col">{t('flights.form.seats.mapSeats')}</th>
              {shown.map((column) => (
                <th key={column.field} scope="col">
                  {column.label}
                </th>
              ))}
              {stored ? (
                <>
                  <th scope="col">{t('flights.form.seats.booked')}</th>
                  <th scope="col">{t('flights.form.seats.allotted')}</th>
                  <th scope="col">{t('flights.form.seats.free')}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const name = tariffGroupName(groups, row.tariffGroupId, locale);
              const inventory = stored?.find((entry) => entry.tariffGroup.id === row.tariffGroupId);
              return (
                <tr key={row.tariffGroupId}>
                  <th scope="row">{name}</th>
                  <td className="flight-seats-table__number">{mapCounts?.get(row.tariffGroupId) ?? '–'}</td>
                  {shown.map((column) => (
                    <td key={column.field}>
                      <FormField
                        control={control}
                        name={`seats.${index}.${column.field}`}
                        label={`${name}: ${column.label}`}
                        isRequired={column.required && !isFrozen}
                        isDisabled={!column.editable || isFrozen}
                        inputMode={column.field === 'costPerSeat' ? 'decimal' : 'numeric'}
                        autoComplete="off"
                      />
                    </td>
                  ))}
                  {stored ? (
                    <>
                      <td className="flight-seats-table__number">{inventory?.booked ?? 0}</td>
                      <td className="flight-seats-table__number">{inventory?.allotted ?? 0}</td>
                      <td className="flight-seats-table__number">{inventory?.free ?? '–'}</td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
