export * from './accounts.ts';
export * from './flights.ts';
export * from './ledger.ts';
export * from './lookups.ts';
export * from './platform.ts';
export * from './rates.ts';
export * from './reservations.ts';
export * from './users.ts';
