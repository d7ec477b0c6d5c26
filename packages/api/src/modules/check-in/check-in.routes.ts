import { api } from '@flybook/schemas';
import { type RouteBinding, route } from '../../http/routes.ts';
import type { CheckInService } from './check-in.service.ts';

export const checkInRoutes = (checkIn: CheckInService): RouteBinding[] => [
  route(api.checkIn.find, ({ body, ip }) => checkIn.find(ip, body)),
  route(api.checkIn.checkIn, ({ body, ip }) => checkIn.checkIn(ip, body)),
  route(api.checkIn.boardingPassPdf, ({ body, ip }) => checkIn.boardingPassPdf(ip, body)),
];
