import { type Flight, flightCalls } from '@flybook/schemas';
import { type HttpError, useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { failureNotice } from '../../app/notices.ts';
import { FLIGHTS } from '../flight-resources.ts';
import type { FlightPrompt, NotifyChoice } from './FlightPrompts.tsx';
import {
  type FlightFormContext,
  type FlightFormOutput,
  type FlightFormValues,
  flightFieldOf,
  removesAssignedSeats,
} from './flight-form.ts';

/**
 * Flight errors that have their own message (spec 03 §8): shown as they are, not as "Unknown
 * Error. …", and also under the field they name when the form has it.
 */
export const FLIGHT_ERROR_CODES = [
  'ERROR_ALLOTMENT_DELETED',
  'ERROR_IMMUTABLE_PROPERTY_IS_CHANGED',
  'ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST',
  'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
];

const NO_NOTIFY: NotifyChoice = { isEmailNotifyEnabled: false, isSmsNotifyEnabled: false };

const messageOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(' ') || null;
  return null;
};

/** True when the new departure is another instant than the stored one. */
export const departureChanged = (departure: string, stored: string) =>
  Date.parse(departure) !== Date.parse(stored);

/**
 * Saving the flight form: asks the spec's questions first (a new template on a flight with seated
 * passengers; a new departure time on a flight with passengers, and how to tell them), then
 * creates the flight, the sequence (with repeating data) or updates it. On success: "Created
 * successfully" / "Updated successfully", the flight lists reload and the user goes to the list.
 * A 422 puts its messages under their fields (`onFieldErrors` shows the first one).
 */
export function useFlightSave({
  form,
  context,
  record,
  listPath,
  onFieldErrors,
}: {
  form: UseFormReturn<FlightFormValues, unknown, FlightFormOutput>;
  context: FlightFormContext;
  record: Flight | undefined;
  listPath: string;
  onFieldErrors: (fields: FieldPath<FlightFormValues>[]) => void;
}) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [isSaving, setSaving] = useState(false);
  const [prompt, setPrompt] = useState<FlightPrompt | null>(null);

  const askTemplateChange = (flightId: number) =>
    new Promise<boolean>((resolve) =>
      setPrompt({
        kind: 'templateChange',
        flightId,
        answer: (confirmed) => {
          setPrompt(null);
          resolve(confirmed);
        },
      }),
    );
  const askNotify = () =>
    new Promise<NotifyChoice | null>((resolve) =>
      setPrompt({
        kind: 'notify',
        answer: (choice) => {
          setPrompt(null);
          resolve(choice);
        },
      }),
    );

  const onError = (error: HttpError) => {
    const fields: FieldPath<FlightFormValues>[] = [];
    for (const [apiField, value] of Object.entries(error.errors ?? {})) {
      const field = flightFieldOf(apiField);
      const message = messageOf(value);
      if (!field || !message) continue;
      form.setError(field, { type: 'server', message });
      fields.push(field);
    }
    const code: unknown = error.code;
    if (typeof code === 'string' && FLIGHT_ERROR_CODES.includes(code)) {
      notifications.notify({ kind: 'error', message: error.message });
    } else if (fields.length > 0) {
      notifications.notify({ kind: 'warning', message: t('errors.generic') });
    } else {
      const notice = failureNotice(t, error);
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    }
    if (fields.length > 0) onFieldErrors(fields);
  };

  const save = async ({ flight, repeating }: FlightFormOutput) => {
    let notify = NO_NOTIFY;
    if (context.mode === 'edit' && record) {
      if (removesAssignedSeats(form.getValues(), context) && !(await askTemplateChange(record.id))) return;
      if (record.passengers > 0 && departureChanged(flight.departure, record.departure)) {
        const choice = await askNotify();
        if (!choice) return;
        notify = choice;
      }
    }
    setSaving(true);
    try {
      if (context.mode === 'edit' && record) {
        await client.call(flightCalls.update, { params: { id: record.id }, query: notify, body: flight });
      } else if (repeating) {
        await client.call(flightCalls.createSequence, { body: { flight, repeating } });
      } else {
        await client.call(flightCalls.create, { body: flight });
      }
    } catch (error) {
      setSaving(false);
      onError(toHttpError(error, translateError));
      return;
    }
    void invalidate({
      resource: FLIGHTS,
      invalidates: ['list', 'many', 'detail'],
      ...(record ? { id: record.id } : {}),
    });
    notifications.notify({
      kind: 'success',
      message: t(context.mode === 'edit' ? 'notifications.editSuccess' : 'notifications.createSuccess'),
    });
    navigate(listPath);
  };

  return { save, isSaving, prompt };
}
