import { withTrip } from '../draft.ts';
import { updateDraft } from '../state.ts';
import { TripForm } from '../TripForm.tsx';
import { DEFAULT_TRIP, readAddress } from '../trip-search.ts';
import { useWizard } from '../wizard-context.ts';

/** Step 1: where, when and who (spec 02 §2); a new search resets flights, seats and options. */
export default function TravelDatesStep() {
  const { draft, tripTexts, locale, goNext } = useWizard();
  // An address that failed on a flight step comes back here with its parameters: they fill the form.
  const query = new URLSearchParams(window.location.search);
  const initial =
    [...query.keys()].length > 0
      ? readAddress(query, { needTrip: false }).trip
      : (draft.trip ?? DEFAULT_TRIP);
  return (
    <TripForm
      texts={{ ...tripTexts, title: '' }}
      locale={locale}
      initial={initial}
      className="home-search wizard-trip"
      onSubmit={(trip) => {
        updateDraft((current) => withTrip(current, trip));
        goNext();
      }}
    />
  );
}
