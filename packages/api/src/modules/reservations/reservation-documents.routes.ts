import type { Db } from '../../db/client.ts';
import type { RouteBinding } from '../../http/routes.ts';

export const reservationDocumentRoutes = (_db: Db): RouteBinding[] => [];
