import { ApiRequestError, createIntent, idempotencyHeaders, saveFile } from '@flybook/client';
import { adminPath } from '@flybook/domain';
import {
  type DuplicatePassengerSchema,
  type Reservation,
  reservationCalls,
  reservationDocumentCalls,
} from '@flybook/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { currentLocale } from '../../app/i18n.ts';
import { actionFailureMessage } from '../../app/notices.ts';
import { reservationBody } from './wizard-body.ts';
import { explainRefusal, overviewCode } from './wizard-errors.ts';
import type { Draft, StepId } from './wizard-model.ts';
import type { WizardAccess, WizardMode } from './wizard-rules.ts';

type Duplicate = z.infer<typeof DuplicatePassengerSchema>;

/** A refusal of the server in the user's words, with the step that mends it. */
export interface SaveProblem {
  message: string;
  step: StepId | null;
}

/**
 * Saving the wizard (spec 02 §4): the duplicate-passenger check first when the user may run it,
 * then create or update with an Idempotency-Key (a double click or a retry books once). After a
 * create, terms "now" lead to the payment page and other terms back to the list; a confirmed
 * reservation's change downloads its overview. Refusals name the direction and the step to mend.
 */
export function useWizardSave({
  mode,
  access,
  reservation,
  backPath,
}: {
  mode: WizardMode;
  access: WizardAccess;
  reservation: Reservation | null;
  /** The list to return to; the saved reservation is marked there. */
  backPath: (reservationId: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSaving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [duplicates, setDuplicates] = useState<{ items: Duplicate[]; draft: Draft } | null>(null);
  // One key per payload: the same booking sent twice is booked once; a changed one is a new booking.
  const [intent] = useState(createIntent);

  const explain = (error: unknown, draft: Draft): SaveProblem | null => {
    if (!(error instanceof ApiRequestError)) return null;
    const first = error.body?.errors[0];
    if (!first || error.status === 401) return null;
    const chosen = { outbound: draft.outbound?.flight.id, return: draft.return?.flight.id };
    const { text, step } = explainRefusal(first, chosen, t, translateError);
    const number = overviewCode(first.code);
    const field = first.field ? ` (${first.field})` : '';
    return { message: number ? `${number}: ${text}` : `${text}${step ? '' : field}`, step };
  };

  const book = async (draft: Draft) => {
    const body = reservationBody(draft, access, mode);
    const saved = await intent.run(body, (key) => {
      const options = { headers: idempotencyHeaders(key) };
      return mode === 'edit' && reservation
        ? client.call(reservationCalls.update, { params: { id: reservation.id }, body }, options)
        : client.call(reservationCalls.create, { body }, options);
    });
    await queryClient.invalidateQueries({ queryKey: ['reservation'] });
    notifications.notify({
      kind: 'success',
      message: mode === 'edit' ? t('reservations.wizard.updated') : t('reservations.wizard.created'),
    });
    if (mode === 'edit' && saved.status === 'confirmed') {
      try {
        saveFile(
          await client.call(reservationDocumentCalls.overviewPdf, {
            params: { id: saved.id, locale: currentLocale(i18n) },
          }),
        );
      } catch (error) {
        const message = actionFailureMessage(t, () => false, toHttpError(error, translateError), {
          isDownload: true,
        });
        if (message) notifications.notify({ kind: 'error', message });
      }
    }
    if (body.paymentTerms === 'now' && saved.status !== 'confirmed') {
      navigate(`${adminPath('reservationPayment', { reservationId: saved.id })}?source=reservationList`);
    } else {
      navigate(backPath(saved.id));
    }
  };

  const run = async (draft: Draft, checkDuplicates: boolean) => {
    let booked = false;
    setSaving(true);
    setProblem(null);
    try {
      if (checkDuplicates && access.checkDuplicates) {
        const found = await client.call(reservationCalls.duplicatePassengers, {
          body: {
            flightIds: [draft.outbound, draft.return].flatMap((chosen) => (chosen ? [chosen.flight.id] : [])),
            passengers: draft.passengers.map((passenger) => ({
              firstName: passenger.firstName,
              lastName: passenger.lastName,
              ...(passenger.birthday ? { birthday: passenger.birthday } : {}),
            })),
            ...(reservation ? { reservationId: reservation.id } : {}),
          },
        });
        if (found.items.length > 0) {
          setDuplicates({ items: found.items, draft });
          return;
        }
      }
      setDuplicates(null);
      await book(draft);
      booked = true;
    } catch (error) {
      setDuplicates(null);
      const explained = explain(error, draft);
      if (explained) {
        setProblem(explained);
        return;
      }
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      if (message) notifications.notify({ kind: 'error', message });
    } finally {
      // Once booked the wizard is leaving, and the next page may still be loading (each page is a
      // chunk of its own): it stays busy until then, so a further click books nothing more.
      if (!booked) setSaving(false);
    }
  };

  return {
    save: (draft: Draft) => void run(draft, mode === 'new'),
    isSaving,
    problem,
    duplicates: duplicates?.items ?? null,
    /** Books despite the duplicates the warning listed. */
    confirmDuplicates: () => {
      if (duplicates) void run(duplicates.draft, false);
    },
    cancelDuplicates: () => setDuplicates(null),
  };
}
