import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { OptionsService } from './options.service.ts';
import type { RatesService } from './rates.service.ts';

export const rateRoutes = (rates: RatesService, options: OptionsService) => [
  route(api.rate.list, ({ query }) => rates.list(query)),
  route(api.rate.entireList, () => rates.entireList()),
  route(api.rate.get, ({ params }) => rates.get(params.id)),
  route(api.rate.create, ({ user, body }) => rates.create(user, body)),
  route(api.rate.update, ({ user, params, body }) => rates.update(user, params.id, body)),
  route(api.rate.remove, ({ user, params }) => rates.remove(user, params.id)),
  route(api.option.list, ({ query }) => options.list(query)),
  route(api.option.entireList, () => options.entireList()),
  route(api.option.typeList, () => options.types()),
  route(api.option.get, ({ params }) => options.get(params.id)),
  route(api.option.create, ({ user, body }) => options.create(user, body)),
  route(api.option.update, ({ user, params, body }) => options.update(user, params.id, body)),
  route(api.option.remove, ({ user, params }) => options.remove(user, params.id)),
  route(api.option.attachList, ({ query }) => options.attachable(query.config.rateId, query.config.tariffId)),
];
