import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { PassengersService } from './passengers.service.ts';
import type { PnlService } from './pnl.service.ts';

export const passengerRoutes = (passengers: PassengersService, pnl: PnlService) => [
  route(api.passenger.list, ({ params, query }) => passengers.list(params.flightId, query)),
  route(api.passenger.paxList, ({ params, query }) => passengers.paxList(params.flightId, query)),
  route(api.passenger.setAppearing, ({ user, params, body }) =>
    passengers.setAppearing(user, params.flightId, params.id, body),
  ),
  route(api.passenger.clearAppearing, ({ user, params }) =>
    passengers.clearAppearing(user, params.flightId, params.id),
  ),
  route(api.passenger.setAppearingList, ({ user, params, query, body }) =>
    passengers.setAppearingList(user, params.flightId, query, body),
  ),
  route(api.passenger.clearAppearingList, ({ user, params, query }) =>
    passengers.setAppearingList(user, params.flightId, query, null),
  ),
  route(api.passenger.scan, ({ user, params, body }) => passengers.scan(user, params.flightId, body.bcbp)),
  route(api.passenger.setSeat, ({ user, params, body }) =>
    passengers.setSeat(user, params.flightId, params.id, body.seatLabel),
  ),
  route(api.passenger.clearSeat, ({ user, params }) =>
    passengers.clearSeat(user, params.flightId, params.id),
  ),
  route(api.passenger.setNotifying, ({ user, params, body }) =>
    passengers.setNotifying(user, params.flightId, params.id, body),
  ),
  route(api.passenger.pnl, ({ params }) => pnl.pnl(params.flightId)),
  route(api.passenger.pnlExternal, ({ params }) => pnl.pnlExternal(params.flightId)),
  route(api.passenger.sendPnl, ({ user, params, body }) => pnl.send(user, params.flightId, body)),
  route(api.passenger.pnlMessages, ({ params, query }) => pnl.messages(params.flightId, query.agentId)),
];
