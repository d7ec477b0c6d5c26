import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { apiRoutes } from './api.routes.ts';
import { errorBody, SimError } from './errors.ts';
import { type PaymentsSimOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { pageRoutes } from './page.routes.ts';
import { createTransactionStore, type TransactionStore } from './transactions.ts';
import { createWebhookSender, type WebhookSender } from './webhooks.ts';

/** One sim's state, shared by its API and its payment page. */
export interface Sim {
  options: ResolvedOptions;
  store: TransactionStore;
  webhooks: WebhookSender;
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** Fastify's own 4xx (body parsing, media type) as Datatrans-style error codes. */
function clientErrorCode(error: unknown, status: number): string {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code.includes('JSON') || error instanceof SyntaxError ? 'INVALID_JSON_PAYLOAD' : 'INVALID_REQUEST';
}

/**
 * The sim's routes as an encapsulated Fastify plugin: register it under a prefix (and give the
 * matching `publicBaseUrl`) to serve it from another app. State lives in this registration.
 */
export const paymentsSimRoutes: FastifyPluginAsync<PaymentsSimOptions> = async (app, pluginOptions) => {
  const options = resolveOptions(pluginOptions);
  const sim: Sim = {
    options,
    store: createTransactionStore({ now: options.now, ttlMs: options.transactionTtlMs }),
    webhooks: createWebhookSender({
      signKey: options.signKey,
      now: options.now,
      duplicate: options.duplicateWebhooks,
      retryDelaysMs: options.webhookRetryDelaysMs,
      log: app.log,
    }),
  };
  app.addHook('onClose', async () => {
    await sim.webhooks.close();
  });

  // Every error of the API answers `{ error: { code, message } }`, as Datatrans does.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SimError) return reply.code(error.status).send(errorBody(error.code, error.message));
    const status = statusCodeOf(error) ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'payments-sim: request failed');
      return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Internal error of the payments sim'));
    }
    const message = error instanceof Error ? error.message : 'Bad request';
    return reply.code(status).send(errorBody(clientErrorCode(error, status), message));
  });

  await app.register(apiRoutes, { sim });
  await app.register(pageRoutes, { sim });
};

/** A standalone sim app (not listening yet): the routes at the root, JSON 404s for other paths. */
export async function createPaymentsSim(options: PaymentsSimOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 64 * 1024,
  });
  await app.register(paymentsSimRoutes, options);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url}`)),
  );
  return app;
}
