import { createIntent, type Intent } from '@flybook/client';
import { useState } from 'react';

/** What a money action of the back office sends its calls through. */
export interface ActionIntent {
  /**
   * Sends the payload once per intent with its `Idempotency-Key` (`createIntent` of
   * @flybook/client): a double click or a retry books once, a changed form is a new intent.
   * A failure is the mutation's to report (its onError), so it is not thrown again here.
   */
  run(payload: unknown, send: (idempotencyKey: string) => Promise<unknown>): void;
  readonly isRunning: boolean;
}

/** One intent per form or action, kept for the life of the component. */
export function useIntent(): ActionIntent {
  const [intent] = useState<ActionIntent>(() => wrap(createIntent()));
  return intent;
}

function wrap(intent: Intent): ActionIntent {
  return {
    run: (payload, send) => {
      intent.run(payload, send).catch(() => undefined);
    },
    get isRunning() {
      return intent.isRunning;
    },
  };
}
