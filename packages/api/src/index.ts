// The API as the tools around it use it (the bench, scripts): build and start the app, open and
// seed its database, act as a user, and check the stored state. The workspace's own tests and the
// journeys' helpers reach further through `@flybook/api/testing` (docs/architecture.md).
export { buildApp } from './app.ts';
export { type Config, loadConfig } from './config.ts';
export { type Database, type Db, openDatabase } from './db/client.ts';
export type { AuthUser } from './http/routes.ts';
export { createAuthService } from './modules/auth/auth.service.ts';
export { createFlightsService } from './modules/flights/flights.service.ts';
export {
  checkDatabase,
  checkHotFlight,
  checkLedger,
  type DatabaseCheck,
  type HotFlightCheck,
  type LedgerCheck,
} from './ops/consistency-checks.ts';
export { DEMO_PASSWORD, seedIfEmpty } from './seed/seed.ts';
