export * from './accounts.ts';
export * from './lookups.ts';
export * from './platform.ts';
export * from './users.ts';
