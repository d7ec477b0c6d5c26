import { checkInOpensHoursOf, checkInOpensHoursProblem } from '@flybook/domain';

/**
 * The settings the static site is built with (README, "Settings"): the same variables the API reads
 * when it runs, read here at build time. The build writes them to {@link BUILD_SETTINGS_FILE}, and
 * `npm start` builds the site again when the settings it starts with differ, so a page never states
 * another check-in opening than the API applies.
 */
export function buildSettings(env: Record<string, string | undefined> = process.env) {
  const checkInOpensHours = checkInOpensHoursOf(env.CHECKIN_OPENS_HOURS);
  if (checkInOpensHours === null) throw new Error(checkInOpensHoursProblem(env.CHECKIN_OPENS_HOURS));
  return { publicUrl: env.PUBLIC_URL ?? 'http://localhost:4321', checkInOpensHours };
}

/** Beside dist/, not in it: what the site was built with is nothing to serve. */
export const BUILD_SETTINGS_FILE = '.build-settings.json';
