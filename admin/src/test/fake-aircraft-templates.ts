import { mapSeatsByTariffGroup, satisfies } from '@flybook/domain';
import {
  type AircraftTemplate,
  AircraftTemplateBody,
  type ApiCall,
  type ApiErrorItem,
  aircraftTemplateCalls,
  issuesToErrors,
} from '@flybook/schemas';
import type { FakeRequest } from './fake-api.ts';
import { fakeTemplates } from './fake-flight-form.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);

/** The aircraft templates the fake API holds, and the ids of those a flight uses. */
export interface FakeTemplateStore {
  templates: AircraftTemplate[];
  usedByFlights: Set<number>;
}

/** The form tests' A320 and E190; the A320 flies the demo flights. */
export function createTemplateStore(): FakeTemplateStore {
  return { templates: fakeTemplates(), usedByFlights: new Set([1]) };
}

const seatCounts = (template: AircraftTemplate) =>
  [...mapSeatsByTariffGroup(template.sections)].map(([id, seats]) => ({ tariffGroup: { id }, seats }));

/**
 * Answers the aircraft template calls as the server does (roles, the body's schema, a unique label,
 * 409 ERROR_IN_USE for a template a flight uses), or undefined. For `renderAdmin({ handle })`.
 */
export function handleTemplates(
  store: FakeTemplateStore,
  request: FakeRequest,
  roles: readonly string[],
): Response | undefined {
  const { method, path } = request;
  const allowed = (call: ApiCall) => call.roles === undefined || satisfies(roles, call.roles);
  const forbidden = () => fail(403, { code: 'ERROR_FORBIDDEN', message: 'Forbidden.' });
  const byId = /^aircraft-template(-generic)?\/(\d+)$/.exec(path);
  const id = Number(byId?.[2] ?? 0);
  const index = store.templates.findIndex((template) => template.id === id);

  const save = (saveId: number) => {
    const parsed = AircraftTemplateBody.safeParse(request.body);
    if (!parsed.success) return fail(422, ...issuesToErrors(parsed.error.issues));
    const label = parsed.data.label.trim();
    if (store.templates.some((template) => template.label === label && template.id !== saveId)) {
      return fail(422, { code: 'ERROR_NOT_UNIQUE', message: 'Taken.', field: 'label' });
    }
    return { ...parsed.data, label, id: saveId };
  };

  if (method === 'GET' && path === 'aircraft-template-generic/list') {
    if (!allowed(aircraftTemplateCalls.list)) return forbidden();
    return json({
      items: store.templates.map((template) => ({
        id: template.id,
        label: template.label,
        seatsByTariffGroup: seatCounts(template),
      })),
    });
  }
  if (method === 'POST' && path === 'aircraft-template-generic') {
    if (!allowed(aircraftTemplateCalls.create)) return forbidden();
    const saved = save(Math.max(0, ...store.templates.map((template) => template.id)) + 1);
    if (saved instanceof Response) return saved;
    store.templates.push(saved);
    return json(saved, 201);
  }
  if (!byId) return undefined;
  const found = store.templates[index];
  if (!found) return fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });
  if (method === 'GET' && byId[1]) {
    if (!allowed(aircraftTemplateCalls.get)) return forbidden();
    return json(found);
  }
  if (method === 'PUT' && byId[1]) {
    if (!allowed(aircraftTemplateCalls.update)) return forbidden();
    const saved = save(id);
    if (saved instanceof Response) return saved;
    store.templates[index] = saved;
    return json(saved);
  }
  if (method === 'DELETE' && !byId[1]) {
    if (!allowed(aircraftTemplateCalls.remove)) return forbidden();
    if (store.usedByFlights.has(id)) {
      return fail(409, { code: 'ERROR_IN_USE', message: 'This is still in use and cannot be deleted.' });
    }
    store.templates.splice(index, 1);
    return new Response(null, { status: 204 });
  }
  return undefined;
}
