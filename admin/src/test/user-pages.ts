import { screen, waitFor, within } from '@testing-library/react';
import type { AreaRoute } from '../app/routes.tsx';
import type { FakeRequest } from './fake-api.ts';
import { createFakeUsers, handleUsers } from './fake-users.ts';
import { renderAdmin } from './render-admin.tsx';

/** The back office with the given pages over a fake API that holds users (fake-users.ts). */
export function openWithUsers(
  areaRoutes: readonly AreaRoute[],
  url: string,
  options: Parameters<typeof renderAdmin>[0] = {},
) {
  const users = createFakeUsers();
  const app = renderAdmin({
    as: 'admin',
    url,
    areaRoutes,
    handle: (request) => handleUsers(users, request),
    ...options,
  });
  return { ...app, users };
}

/** The query of the last request to `path`, as an object. */
export const queryOf = (requests: readonly FakeRequest[], path: string) =>
  Object.fromEntries(requests.filter((request) => request.path === path).at(-1)?.query ?? []);

/** The table row showing `text` (the header may show the same name). */
export const rowOf = (text: string) =>
  waitFor(
    () => {
      const row = screen
        .getAllByText(text)
        .map((element) => element.closest<HTMLElement>('[role="row"]'))
        .find((candidate) => candidate !== null);
      if (!row) throw new Error(`no row with ${text}`);
      return row;
    },
    // filter edits reload the list after a second
    { timeout: 3000 },
  );

/** The texts of a row's cells. */
export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);

/** The error shown under a form field. */
export const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;
