import type { Locale } from '@flybook/locales';
import { type Country, lookupCalls } from '@flybook/schemas/lookups';
import { client } from './session.ts';

/**
 * The countries the public forms offer, from the API's country list (`public/country/list`, the
 * one list the back office and the documents name countries from): the site keeps no list of its
 * own. A person's country is stored by its code; what a visitor reads is its name.
 */

/** The country list. */
export const loadCountries = (options?: { signal?: AbortSignal }): Promise<Country[]> =>
  client.call(lookupCalls.publicCountryList, {}, options).then((answer) => answer.items);

/** A country's name in the language (English where the list has none in it, else the code). */
export const countryName = (country: Country, locale: Locale) =>
  country.name[locale] || country.name.en || country.code;

/** The name of the country a code stands for: the code itself while the list is unknown or lacks it. */
export function countryNameOf(countries: readonly Country[], code: string, locale: Locale): string {
  const country = countries.find((item) => item.code === code);
  return country ? countryName(country, locale) : code;
}
