import { adminPath } from '@flybook/domain';
import type { Flight } from '@flybook/schemas';
import { type HttpError, useOne } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { FormPlaceholder } from '../app/form/FormLayout.tsx';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { FlightForm } from './flight-form/FlightForm.tsx';
import { type FlightFormMode, flightFieldAccess } from './flight-form/flight-form.ts';
import { useFlightLookups } from './flight-form/use-flight-lookups.ts';
import { FLIGHTS } from './flight-resources.ts';

/** The new and edit flight pages: the form shows once its lists (and the flight) have loaded. */
function FlightFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  const { user } = useRouteAccess();
  const titleId = useId();
  const mode: FlightFormMode = id === undefined ? 'create' : 'edit';
  const [params] = useSearchParams();
  // Back to the list the flight was opened from (spec 03 §2: `source`), else the flight list.
  const fromAllotments = params.get('source') === 'allotmentList';
  const listPath = adminPath(fromAllotments ? 'allotmentList' : 'flightList');
  const backLabel = t(fromAllotments ? 'flights.form.backToAllotments' : 'flights.form.back');
  const access = useMemo(() => flightFieldAccess(user.roles, mode), [user.roles, mode]);
  const { lookups, error: lookupError } = useFlightLookups();
  const { query } = useOne<Flight, HttpError>({
    resource: FLIGHTS,
    id: id ?? '',
    queryOptions: { enabled: mode === 'edit' },
    // Shown in place of the form, with Retry (or as Not Found).
    errorNotification: false,
  });
  const queryClient = useQueryClient();
  const record = mode === 'edit' ? query.data?.data : undefined;
  const title = t(mode === 'create' ? 'flights.form.newTitle' : 'flights.form.editTitle');
  const ready = lookups !== undefined && (mode === 'create' || record !== undefined);
  const failure = query.error ?? (lookupError ? toHttpError(lookupError, translateError) : null);
  const retry = () => {
    if (query.error) void query.refetch();
    // The lists of the form that failed (their keys start with 'lookup').
    void queryClient.refetchQueries({
      queryKey: ['lookup'],
      predicate: (cached) => cached.state.status === 'error',
    });
  };

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader title={title} titleId={titleId} back={{ to: listPath, label: backLabel }} />
      {ready ? (
        <FlightForm
          mode={mode}
          access={access}
          lookups={lookups}
          record={record}
          titleId={titleId}
          listPath={listPath}
        />
      ) : (
        <FormPlaceholder error={failure} onRetry={retry} isRetrying={query.isError && query.isFetching} />
      )}
    </>
  );
}

/** New flight (spec 03 §2): one flight, or a sequence with repeating data. */
export function FlightNewPage() {
  return <FlightFormPage />;
}

/** Edit flight, by the route's flightId (spec 03 §2). */
export function FlightEditPage() {
  const { flightId } = useParams();
  return <FlightFormPage key={flightId} id={flightId ?? ''} />;
}
