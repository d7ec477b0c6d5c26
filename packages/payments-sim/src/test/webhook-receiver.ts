import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** How the receiver answered: an HTTP status, a dropped connection, or not at all. */
  answeredWith: Answer;
}

export type Answer = number | 'drop' | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A tiny shop endpoint; `answer` picks how to answer the n-th request (0-based). */
export async function startWebhookReceiver(
  answer: (index: number) => Answer = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const how = answer(received.length);
      received.push({
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        answeredWith: how,
      });
      if (how === 'drop') request.socket.destroy();
      else if (how !== 'hang') response.writeHead(how).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('webhook receiver is not on a TCP port');
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}/webhooks/datatrans`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until the condition holds, failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
