import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { AircraftTemplatesService } from './aircraft-templates.service.ts';
import type { FlightCompaniesService } from './flight-companies.service.ts';

export const flightRoutes = (companies: FlightCompaniesService, templates: AircraftTemplatesService) => [
  route(api.flightCompany.list, ({ query }) => companies.list(query)),
  route(api.flightCompany.entireList, () => companies.entireList()),
  route(api.flightCompany.get, ({ params }) => companies.get(params.id)),
  route(api.flightCompany.create, ({ user, body }) => companies.create(user, body)),
  route(api.flightCompany.update, ({ user, params, body }) => companies.update(user, params.id, body)),
  route(api.flightCompany.remove, ({ user, params }) => companies.remove(user, params.id)),
  route(api.aircraftTemplate.list, () => templates.list()),
  route(api.aircraftTemplate.get, ({ params }) => templates.get(params.id)),
  route(api.aircraftTemplate.create, ({ user, body }) => templates.create(user, body)),
  route(api.aircraftTemplate.update, ({ user, params, body }) => templates.update(user, params.id, body)),
];
