import { type FlightSeatedPassenger, flightCalls } from '@flybook/schemas';
import { Button, Dialog } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { CheckBox } from '../../app/form/CheckBox.tsx';
import { FormLoading } from '../../app/form/FormLayout.tsx';

/** How passengers hear of a new departure time (the update call's query). */
export interface NotifyChoice {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/** A question the form asks before saving (spec 03 §4); `answer` null means cancel. */
export type FlightPrompt =
  | { kind: 'templateChange'; flightId: number; answer: (confirmed: boolean) => void }
  | { kind: 'notify'; answer: (choice: NotifyChoice | null) => void };

/** "Would you like to inform your passengers about this change?" with e-mail (on) and SMS (off). */
function NotifyDialog({ answer }: { answer: (choice: NotifyChoice | null) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  return (
    <Dialog
      title={t('flights.form.prompts.notifyTitle')}
      isOpen
      onOpenChange={(open) => {
        if (!open) answer(null);
      }}
      closeLabel={t('common.close')}
    >
      <p className="flight-form__prompt-text">{t('flights.form.prompts.notifyText')}</p>
      <div className="flight-form__prompt-choices">
        <CheckBox isSelected={email} onChange={setEmail}>
          {t('flights.form.prompts.email')}
        </CheckBox>
        <CheckBox isSelected={sms} onChange={setSms}>
          {t('flights.form.prompts.sms')}
        </CheckBox>
      </div>
      <div className="flight-form__prompt-buttons">
        <Button variant="secondary" onPress={() => answer(null)}>
          {t('common.cancel')}
        </Button>
        <Button onPress={() => answer({ isEmailNotifyEnabled: email, isSmsNotifyEnabled: sms })}>
          {t('form.save')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The passengers of each booking together, in the order the server sent them (by booking reference). */
function groupByBooking(items: readonly FlightSeatedPassenger[]): FlightSeatedPassenger[][] {
  const groups = new Map<number, FlightSeatedPassenger[]>();
  for (const item of items) {
    const group = groups.get(item.reservation.id);
    if (group) group.push(item);
    else groups.set(item.reservation.id, [item]);
  }
  return [...groups.values()];
}

/**
 * Who loses which seat: the passengers holding seats on the flight now, by booking reference
 * (`GET flight/{id}/seated-passengers`, read when the question is asked, so it is current).
 */
function useSeatedPassengers(flightId: number): { body: ReactNode; isLoading: boolean } {
  const { t } = useTranslation();
  const { client } = useServices();
  const seated = useQuery({
    queryKey: ['flight', flightId, 'seated-passengers'],
    queryFn: ({ signal }) =>
      client.call(flightCalls.seatedPassengers, { params: { id: flightId } }, { signal }),
    // Read anew each time the question is asked; a failure offers Try again rather than waiting.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  let body: ReactNode;
  if (seated.isError) {
    body = (
      <div className="flight-form__prompt-error" role="alert">
        <p>{t('flights.form.prompts.seatedLoadError')}</p>
        <Button variant="secondary" onPress={() => void seated.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (seated.isPending) {
    body = <FormLoading />;
  } else if (seated.data.items.length === 0) {
    body = <p className="flight-form__prompt-text">{t('flights.form.prompts.seatedNobody')}</p>;
  } else {
    const { items } = seated.data;
    const bookings = new Set(items.map((item) => item.reservation.id)).size;
    body = (
      <>
        <p className="flight-form__prompt-text" id={`seated-${flightId}`}>
          {t('flights.form.prompts.seatedIntro', { count: items.length, bookings })}
        </p>
        <div className="flight-form__seated">
          <table className="flight-form__seated-table" aria-labelledby={`seated-${flightId}`}>
            <thead>
              <tr>
                <th scope="col">{t('flights.form.prompts.seatedBooking')}</th>
                <th scope="col">{t('flights.form.prompts.seatedPassenger')}</th>
                <th scope="col">{t('flights.form.prompts.seatedSeat')}</th>
              </tr>
            </thead>
            {groupByBooking(items).map((group) => (
              // One body per booking: its reference spans the rows of its passengers.
              <tbody key={group[0]?.reservation.id} className="flight-form__seated-booking">
                {group.map((item, index) => (
                  <tr key={item.id}>
                    {index === 0 ? (
                      <td rowSpan={group.length}>
                        <span className="flight-form__locator">{item.reservation.recordLocator}</span>{' '}
                        <span className="flight-form__reservation-id">
                          {t('flights.form.prompts.seatedReservation', { id: item.reservation.id })}
                        </span>
                      </td>
                    ) : null}
                    <th scope="row">{`${item.firstName} ${item.lastName}`}</th>
                    <td className="flight-form__seat">{item.seatLabel}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </>
    );
  }
  return { body, isLoading: seated.isPending };
}

/**
 * "All assigned seats will be removed": confirms a new template on a flight with seated
 * passengers, listing the bookings that lose seats and which. Cancel (or closing) aborts the save.
 */
function TemplateChangeDialog({
  flightId,
  answer,
}: {
  flightId: number;
  answer: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const seated = useSeatedPassengers(flightId);
  return (
    <Dialog
      title={t('flights.form.prompts.templateTitle')}
      isOpen
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      closeLabel={t('common.close')}
    >
      <p className="flight-form__prompt-text">{t('flights.form.prompts.templateText')}</p>
      {seated.body}
      <div className="flight-form__prompt-buttons">
        <Button variant="secondary" onPress={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button onPress={() => answer(true)} isDisabled={seated.isLoading}>
          {t('flights.form.prompts.templateConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The open question of the flight form, if any. */
export function FlightPrompts({ prompt }: { prompt: FlightPrompt | null }) {
  if (!prompt) return null;
  return prompt.kind === 'notify' ? (
    <NotifyDialog answer={prompt.answer} />
  ) : (
    <TemplateChangeDialog flightId={prompt.flightId} answer={prompt.answer} />
  );
}
