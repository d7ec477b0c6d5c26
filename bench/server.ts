// The API under load, in a process of its own so the load generator does not share its event loop.
// Started by bench/run.ts with DATABASE_URL set; answers { port } over IPC once it listens and
// stops on "stop" (or when the parent goes away).
import { buildApp } from '../packages/api/src/app.ts';
import { loadConfig } from '../packages/api/src/config.ts';
import { openDatabase } from '../packages/api/src/db/client.ts';

// Production settings: no dev endpoints, no response self-checks; the logger on but quiet.
const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
if (!config.databaseUrl) throw new Error('bench/server.ts needs DATABASE_URL');
const database = await openDatabase({ url: config.databaseUrl, dataDir: 'memory://' });
const app = await buildApp({ database, config, logger: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the API listens on no TCP port');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
// Ctrl-C reaches the whole process group: the parent decides when this process stops.
process.on('SIGINT', () => undefined);
process.send?.({
  port: address.port,
  devEndpoints: config.devEndpoints,
  poolSize: process.env.DB_POOL_SIZE ?? '10',
});
