import type { Locale } from '@flybook/locales';
import { TripForm, type TripFormTexts } from '../booking/TripForm.tsx';
import { DEFAULT_TRIP, tripParams } from '../booking/trip-search.ts';

/** The search in the home page's main slider: it opens the booking's first flight step. */
export default function HomeSearch({
  texts,
  locale,
  bookingPath,
}: {
  texts: TripFormTexts;
  locale: Locale;
  bookingPath: string;
}) {
  return (
    <TripForm
      texts={texts}
      locale={locale}
      initial={DEFAULT_TRIP}
      onSubmit={(trip) => window.location.assign(`${bookingPath}?${tripParams(trip).toString()}`)}
    />
  );
}
