import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { AccountsService } from './accounts.service.ts';

export const accountRoutes = (accounts: AccountsService) => [
  route(api.account.userAccount, ({ user, params }) => accounts.userAccount(user, params.id)),
  route(api.account.freeList, ({ user, query }) => accounts.freeList(user, query)),
  route(api.account.list, ({ query }) => accounts.list(query)),
  route(api.account.paymentList, ({ user, query }) => accounts.paymentList(user, query.paymentType)),
  route(api.account.virtualAccountList, () => accounts.virtualAccounts()),
];
