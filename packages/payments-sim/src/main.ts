import { SIM_DEFAULTS } from './defaults.ts';
import { createPaymentsSim } from './sim.ts';

/** Runs the sim standalone: `node src/main.ts`, configured by the environment (see README). */
const port = Number(process.env.PORT ?? SIM_DEFAULTS.port);
const host = process.env.HOST ?? '127.0.0.1';
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
const merchantId = process.env.DATATRANS_MERCHANT_ID ?? SIM_DEFAULTS.merchantId;

const app = await createPaymentsSim({
  merchantId,
  password: process.env.DATATRANS_PASSWORD ?? SIM_DEFAULTS.password,
  signKey: process.env.DATATRANS_SIGN_KEY ?? SIM_DEFAULTS.signKey,
  publicBaseUrl,
  logger: true,
});
await app.listen({ port, host });
console.log(
  `Datatrans stand-in (merchant ${merchantId}) on ${publicBaseUrl}, API at ${publicBaseUrl}/v1/transactions`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
