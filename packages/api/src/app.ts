import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { contentRoutes } from '@flybook/content/routes';
import { isLocale } from '@flybook/locales';
import { desc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { type Config, ConfigError } from './config.ts';
import type { Database } from './db/client.ts';
import { outbox } from './db/schema/index.ts';
import { frameworkErrors, installErrorHandler, serviceUnavailable } from './http/error-handler.ts';
import { openApiDocument } from './http/openapi.ts';
import { registerCalls } from './http/register.ts';
import { notFoundPageOf, serveSite } from './http/site.ts';
import { allotmentRoutes } from './modules/allotments/allotments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { bookingRoutes } from './modules/booking/booking.routes.ts';
import { createBookingService } from './modules/booking/booking.service.ts';
import {
  createBookingSearchService,
  type PublicSearchAnswer,
} from './modules/booking/booking-search.service.ts';
import { checkInRoutes } from './modules/check-in/check-in.routes.ts';
import { createCheckInService } from './modules/check-in/check-in.service.ts';
import { entityLogRoutes } from './modules/entity-log/entity-log.routes.ts';
import { createAircraftTemplatesService } from './modules/flights/aircraft-templates.service.ts';
import { createFlightCompaniesService } from './modules/flights/flight-companies.service.ts';
import { createFlightOperationsService } from './modules/flights/flight-operations.service.ts';
import { createFlightReportsService } from './modules/flights/flight-reports.service.ts';
import { flightRoutes } from './modules/flights/flights.routes.ts';
import { createFlightsService } from './modules/flights/flights.service.ts';
import { accountRoutes } from './modules/ledger/accounts.routes.ts';
import { createAccountsService } from './modules/ledger/accounts.service.ts';
import { balanceLogRoutes } from './modules/ledger/balance-log.routes.ts';
import { createBalanceLogService } from './modules/ledger/balance-log.service.ts';
import { invoiceCheck, ledgerCheck } from './modules/ledger/ledger.ts';
import { lookupRoutes } from './modules/lookups/lookups.routes.ts';
import { manageRoutes } from './modules/manage/manage.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { passengerRoutes } from './modules/passengers/passengers.routes.ts';
import { createPassengersService } from './modules/passengers/passengers.service.ts';
import { createPnlService } from './modules/passengers/pnl.service.ts';
import { createCardPaymentsService } from './modules/payments/card-payments.service.ts';
import { createCardProvider } from './modules/payments/card-provider.ts';
import { paymentRoutes, registerCardWebhook } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createRefunds } from './modules/payments/refunds.ts';
import { createOptionsService } from './modules/rates/options.service.ts';
import { rateRoutes } from './modules/rates/rates.routes.ts';
import { createRatesService } from './modules/rates/rates.service.ts';
import { actsForReservation } from './modules/reservations/reservation-access.ts';
import { reservationDocumentRoutes } from './modules/reservations/reservation-documents.routes.ts';
import { reservationListRoutes } from './modules/reservations/reservation-lists.routes.ts';
import { reservationRoutes } from './modules/reservations/reservations.routes.ts';
import { createReservationsService } from './modules/reservations/reservations.service.ts';
import { createUserKindServices } from './modules/users/user-kinds.service.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerHealthRoutes } from './ops/health.ts';
import { type LogOptions, loggerOptions, requestIdOf } from './ops/logging.ts';
import { inlineScriptHashes, installSecurityHeaders } from './ops/security-headers.ts';
import { hitRateLimit } from './platform/rate-limiter.ts';
import { createShortCache } from './platform/short-cache.ts';

/** Paths of the API (`Cache-Control: no-store`). */
const API_PATH = /^\/api(?:[/?]|$)/;
/** Load-balancer probes, which answer for themselves while the server shuts down. */
const HEALTH_PROBES = new Set(['/api/health', '/api/ready']);

/** The card stand-in (packages/payments-sim), imported only when the config asks for it. */
async function loadPaymentsSim() {
  try {
    return await import('@flybook/payments-sim');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message.includes('@flybook/payments-sim')) throw error;
    throw new ConfigError(
      'the card stand-in (@flybook/payments-sim) is not installed; set the DATATRANS_* credentials or install dev dependencies',
    );
  }
}

export interface AppOptions {
  database: Database;
  config: Config;
  /** Built back-office SPA to serve under /admin, when present. */
  adminDist?: string | undefined;
  /** Built public site to serve at /, when present. */
  siteDist?: string | undefined;
  /** JSON logs: `true` logs warnings and errors to stdout; options set the level and destination. */
  logger?: boolean | LogOptions;
  /** False once the server is shutting down: /api/ready answers 503 so balancers move on. */
  isAccepting?: () => boolean;
}

/** Builds the HTTP server: the API, its OpenAPI document, dev endpoints and the built apps. */
export async function buildApp({
  database,
  config,
  adminDist,
  siteDist,
  logger = false,
  isAccepting = () => true,
}: AppOptions): Promise<FastifyInstance> {
  const { db } = database;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : loggerOptions(logger === true ? { level: process.env.LOG_LEVEL ?? 'warn' } : logger),
    // Every log line of a request carries its id; the caller's X-Request-Id is kept when sane.
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Fastify's own 503 while closing is not in the error format: the onRequest hook below answers.
    return503OnClosing: false,
    routerOptions: {
      querystringParser: (query: string) =>
        qs.parse(query, { arrayLimit: 500, depth: 3, parameterLimit: 1000 }),
    },
  });
  installErrorHandler(app, notFoundPageOf(siteDist));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While shutting down, answers in progress end their keep-alive connection, so the server can
  // close once they are sent instead of waiting for clients to hang up.
  app.addHook('onSend', async (_request, reply) => {
    if (!isAccepting()) reply.header('connection', 'close');
  });
  // A request that arrives while shutting down (on a kept-alive connection) is not started: 503 in
  // the error format with Retry-After, so the client repeats it on another instance. The probes
  // answer as before (/api/ready says 503 itself, with its checks).
  app.addHook('onRequest', async (request, reply) => {
    if (isAccepting() || HEALTH_PROBES.has(request.url.split('?')[0] ?? '')) return;
    return serviceUnavailable(reply, 'The server is shutting down. Please try again.');
  });
  // API answers are per user and per moment: never kept by a browser or a proxy, errors included,
  // unless a route sets its own caching.
  app.addHook('onSend', async (request, reply) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  // A pooled connection that fails (terminated, reset) is survived and logged, without parameters.
  const stopConnectionErrors = database.onConnectionError?.((error) =>
    app.log.warn({ err: error }, 'database connection lost'),
  );
  app.addHook('onClose', async () => {
    stopConnectionErrors?.();
  });
  installSecurityHeaders(app, {
    scriptHashes: [...new Set([...inlineScriptHashes(siteDist), ...inlineScriptHashes(adminDist)])],
    formActionOrigins: config.datatrans.simulated ? [] : [new URL(config.datatrans.payUrl).origin],
    graphiql: config.devEndpoints,
  });
  registerHealthRoutes(app, db, isAccepting);

  const auth = createAuthService(db, config);
  const searchCache = createShortCache<PublicSearchAnswer>(config.searchCacheMs);
  const cardProvider = createCardProvider(config.datatrans);
  const reservations = createReservationsService(db, {
    paymentWindowMinutes: config.paymentWindowMinutes,
    refundOnCancel: createRefunds(cardProvider),
    messages: { publicUrl: config.publicUrl, checkInOpensHours: config.checkInOpensHours },
  });
  const cards = createCardPaymentsService(db, cardProvider, reservations, config);
  // Public calls keyed by an id or a secret are counted per client IP before anything is read,
  // so transaction ids, guest keys and recovery tokens cannot be tried in bulk (docs/security.md).
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.keyed)
      await hitRateLimit(db, `keyed:ip:${request.ip}`, config.rateLimits.keyed);
  });
  registerCalls(
    app,
    [
      ...authRoutes(auth),
      ...userRoutes(createUsersService(db), createUserKindServices(db, auth.attempts)),
      ...accountRoutes(createAccountsService(db)),
      ...lookupRoutes(db),
      ...entityLogRoutes(db),
      ...messageRoutes(db),
      ...flightRoutes({
        companies: createFlightCompaniesService(db),
        templates: createAircraftTemplatesService(db),
        flights: createFlightsService(db),
        operations: createFlightOperationsService(db, {
          reservations,
          messages: { publicUrl: config.publicUrl },
        }),
        reports: createFlightReportsService(db),
      }),
      ...passengerRoutes(createPassengersService(db, reservations), createPnlService(db)),
      ...rateRoutes(createRatesService(db), createOptionsService(db)),
      ...bookingRoutes({
        search: createBookingSearchService(db, searchCache),
        // Whose seats are whose is the reservations module's to say; booking asks it.
        booking: createBookingService(db, (id, caller) => actsForReservation(db, id, caller)),
      }),
      ...reservationRoutes(reservations),
      ...reservationDocumentRoutes(db),
      ...manageRoutes(db, config.rateLimits.manageFind),
      ...checkInRoutes(
        createCheckInService(db, reservations, {
          opensHours: config.checkInOpensHours,
          // Rate-limited like manage my booking's look-up: the same kind of secret is tried.
          ...(config.rateLimits.manageFind ? { limit: config.rateLimits.manageFind } : {}),
          messages: { publicUrl: config.publicUrl, checkInOpensHours: config.checkInOpensHours },
        }),
      ),
      ...reservationListRoutes(db),
      ...paymentRoutes(createPaymentsService(db, reservations), cards),
      ...balanceLogRoutes(db, createBalanceLogService(db)),
      ...allotmentRoutes(db),
    ],
    {
      authenticate: auth.authenticate,
      checkResponses: config.devEndpoints,
      // Seats and prices change with any write; this instance's searches show it at once.
      onWrite: () => searchCache.clear(),
    },
  );

  await registerCardWebhook(app, cards);
  if (config.datatrans.simulated) {
    // No card provider configured: the local stand-in answers on this server, over real HTTP. It is
    // loaded only here, so a production install without it (a dev dependency) never needs it.
    const { paymentsSimRoutes } = await loadPaymentsSim();
    await app.register(paymentsSimRoutes, {
      prefix: '/payments-sim',
      merchantId: config.datatrans.merchantId,
      password: config.datatrans.password,
      signKey: config.datatrans.signKey,
      publicBaseUrl: config.datatrans.payUrl,
    });
  }

  // The public site's content (GraphQL) and its images, on the same origin as the site.
  await app.register(contentRoutes, {
    service: async () =>
      (await import('@flybook/content')).createContentService({ graphiql: config.devEndpoints }),
  });

  const document = openApiDocument();
  app.get('/api/docs', async () => document);

  if (config.devEndpoints) {
    // Messages that stayed in the outbox, for tests and local development only.
    app.get<{ Querystring: { recipient?: string } }>('/api/dev/outbox', async (request) => {
      const rows = await db
        .select()
        .from(outbox)
        .where(request.query.recipient ? eq(outbox.recipient, request.query.recipient) : undefined)
        .orderBy(desc(outbox.id))
        .limit(50);
      return { items: rows };
    });
    // The ledger's invariants (debits equal credits, each balance equals its records, each invoice's
    // paid total equals its payments and their records): journeys check them after moving money.
    app.get('/api/dev/ledger', async () =>
      db.transaction(async (tx) => ({ ...(await ledgerCheck(tx)), ...(await invoiceCheck(tx)) })),
    );
    // The payment-window sweeper as it would run at a given instant: end-to-end tests see a booking
    // released without waiting 15 minutes (the real job runs the same code every 30 s).
    app.post<{ Body: { at?: string } }>('/api/dev/expire-unpaid', async (request, reply) => {
      const at = new Date(request.body?.at ?? Date.now());
      if (Number.isNaN(at.getTime()))
        return reply.code(422).send({ errors: [{ code: 'ERROR_FORMAT', field: 'at' }] });
      return { released: await reservations.expireUnpaid(at) };
    });
  }

  // The recovery e-mail links to the public site's /updatePassword/:token (with a locale prefix except
  // for English). Where no site is built (API-only runs), the back office's page of the same name
  // answers it.
  const siteServed = Boolean(siteDist && existsSync(join(siteDist, 'updatePassword.html')));
  if (!siteServed) {
    app.get<{ Params: { token: string } }>('/updatePassword/:token', (request, reply) =>
      reply.redirect(`/admin/updatePassword/${encodeURIComponent(request.params.token)}`, 302),
    );
    app.get<{ Params: { locale: string; token: string } }>(
      '/:locale/updatePassword/:token',
      (request, reply) => {
        const { locale, token } = request.params;
        if (!isLocale(locale)) return reply.callNotFound();
        return reply.redirect(`/admin/updatePassword/${encodeURIComponent(token)}?lang=${locale}`, 302);
      },
    );
  }

  if (adminDist && existsSync(adminDist)) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      wildcard: false,
      // The .br and .gz copies the build wrote (scripts/precompress.ts) go to clients that take them.
      preCompressed: true,
      index: ['index.html'],
    });
    // Client-side routes of the SPA all load its index.html.
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
    app.get('/admin/*', (_request, reply) => reply.sendFile('index.html', adminDist));
  }
  if (siteDist && existsSync(siteDist)) await serveSite(app, siteDist);
  return app;
}
