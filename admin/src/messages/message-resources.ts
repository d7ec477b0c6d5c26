import { messageCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resource of the admins' message list (sent, waiting and failed e-mails and SMS). */
export const MESSAGES = 'messages';

registerResources({ [MESSAGES]: { list: messageCalls.list } });
