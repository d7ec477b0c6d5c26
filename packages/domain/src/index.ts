export * from './admin-routes.ts';
export * from './flights.ts';
export * from './inventory.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './pricing.ts';
export * from './reservations.ts';
export * from './roles.ts';
