import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SimError } from './errors.ts';
import { parseAmountRequest, parseCancelRequest, parseInitRequest } from './requests.ts';
import type { Sim } from './sim.ts';
import { statusBody } from './transactions.ts';

interface TransactionParams {
  transactionId: string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
function isAuthorized(header: string | undefined, expected: Buffer): boolean {
  const match = header?.match(/^Basic\s+(\S+)\s*$/i);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(Buffer.from(match[1], 'base64').toString('utf8')), expected);
}

/** The server-to-server JSON API, `/v1/transactions…`, behind HTTP Basic auth. */
export const apiRoutes: FastifyPluginAsync<{ sim: Sim }> = async (app, { sim }) => {
  const { options, store } = sim;
  const credentials = digest(`${options.merchantId}:${options.password}`);

  app.addHook('onRequest', async (request) => {
    if (!isAuthorized(request.headers.authorization, credentials)) {
      throw new SimError(401, 'UNAUTHORIZED', 'Missing or wrong merchant credentials (HTTP Basic auth)');
    }
  });

  app.post('/v1/transactions', async (request, reply) => {
    const transaction = store.initialize(parseInitRequest(request.body));
    const { transactionId } = transaction;
    return reply
      .code(201)
      .header('location', `${options.baseUrl()}/v1/start/${transactionId}`)
      .send({ transactionId });
  });

  app.get<{ Params: TransactionParams }>('/v1/transactions/:transactionId', async (request) =>
    statusBody(store.get(request.params.transactionId)),
  );

  app.post<{ Params: TransactionParams }>(
    '/v1/transactions/:transactionId/settle',
    async (request, reply) => {
      const { transactionId } = request.params;
      store.get(transactionId);
      store.settle(transactionId, parseAmountRequest(request.body));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: TransactionParams }>(
    '/v1/transactions/:transactionId/cancel',
    async (request, reply) => {
      const { transactionId } = request.params;
      store.get(transactionId);
      store.cancel(transactionId, parseCancelRequest(request.body));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: TransactionParams }>('/v1/transactions/:transactionId/credit', async (request) => {
    const { transactionId } = request.params;
    store.get(transactionId);
    const credit = store.credit(transactionId, parseAmountRequest(request.body));
    return { transactionId: credit.transactionId };
  });
};
