import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { AircraftTemplatesService } from './aircraft-templates.service.ts';
import type { FlightCompaniesService } from './flight-companies.service.ts';
import type { FlightOperationsService } from './flight-operations.service.ts';
import type { FlightReportsService } from './flight-reports.service.ts';
import type { FlightsService } from './flights.service.ts';

export const flightRoutes = (services: {
  companies: FlightCompaniesService;
  templates: AircraftTemplatesService;
  flights: FlightsService;
  operations: FlightOperationsService;
  reports: FlightReportsService;
}) => {
  const { companies, templates, flights, operations, reports } = services;
  return [
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
    route(api.aircraftTemplate.remove, ({ user, params }) => templates.remove(user, params.id)),

    route(api.flight.list, ({ user, query }) => flights.list(query, user)),
    route(api.flight.agentList, ({ user, query }) => flights.agentList(query, user)),
    route(api.flight.get, ({ user, params }) => flights.get(user, params.id)),
    route(api.flight.seatedPassengers, ({ params }) => flights.seatedPassengers(params.id)),
    route(api.flight.create, ({ user, body }) => flights.create(user, body)),
    route(api.flight.createSequence, ({ user, body }) => flights.createSequence(user, body)),
    route(api.flight.update, ({ user, params, query, body }) => flights.update(user, params.id, body, query)),

    route(api.flight.removeList, ({ user, query }) => operations.removeList(user, query)),
    route(api.flight.removeSequences, ({ user, query }) => operations.removeSequences(user, query)),
    route(api.flight.unassignSequence, ({ user, query }) => operations.unassignSequence(user, query)),
    route(api.flight.activate, ({ user, query }) => operations.setActive(user, query, true)),
    route(api.flight.deactivate, ({ user, query }) => operations.setActive(user, query, false)),
    route(api.flight.bookOut, async ({ user, params }) => {
      await operations.setBookedOut(user, params.id, true);
      return flights.get(user, params.id);
    }),
    route(api.flight.unbookOut, async ({ user, params }) => {
      await operations.setBookedOut(user, params.id, false);
      return flights.get(user, params.id);
    }),
    route(api.flight.delay, async ({ user, params, query }) => {
      await operations.delay(user, params.id, query);
      return flights.get(user, params.id);
    }),
    route(api.flight.undelay, async ({ user, params, query }) => {
      await operations.undelay(user, params.id, query);
      return flights.get(user, params.id);
    }),
    route(api.flight.setStatus, async ({ user, params }) => {
      await operations.setStatus(user, params.id, params.status);
      return flights.get(user, params.id);
    }),

    route(api.flight.bookingInfo, ({ params }) => reports.bookingInfo(params.id)),
    route(api.flight.turnoverInfo, ({ params }) => reports.turnoverInfo(params.id)),
    route(api.flight.passengersInfo, ({ params }) => reports.passengersInfo(params.id)),
    route(api.flight.turnoverPdf, ({ user, query, body }) =>
      reports.turnoverPdf(user, body.ids, query.locale),
    ),
    route(api.flight.passengerReport, ({ params, body }) => reports.passengerReport(body.ids, params.locale)),
    route(api.flight.flightsMap, () => reports.flightsMap()),
  ];
};
