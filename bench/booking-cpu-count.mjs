// Preloaded into the API processes of bench/booking-cpu.ts: counts the statements their pg clients
// send (transaction control included) and answers { statements: { count, user, system } } (its
// CPU time in µs) when asked over IPC.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const pg = createRequire(join(process.cwd(), 'packages/api/package.json'))('pg');
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
process.on('message', (message) => {
  if (typeof message === 'object' && message !== null && 'statements' in message)
    process.send?.({ statements: { count: statements, ...process.cpuUsage() } });
});
