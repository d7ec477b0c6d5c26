import { entityLogCalls, userCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the settings section: the permissions list and the event log. */
export const PERMISSION_USERS = 'permissionUsers';
export const ENTITY_LOG = 'entityLog';

registerResources({
  [PERMISSION_USERS]: { list: userCalls.list },
  [ENTITY_LOG]: { list: entityLogCalls.list },
});
