import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import { createMessagesService } from './messages.service.ts';

export const messageRoutes = (db: Db) => {
  const messages = createMessagesService(db);
  return [
    route(api.message.list, ({ query }) => messages.list(query)),
    route(api.message.resend, ({ params }) => messages.resend(params.id)),
  ];
};
