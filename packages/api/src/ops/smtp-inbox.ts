// A real SMTP server for tests and journeys: the platform delivers to it over the wire and it keeps
// every mail it receives, parsed (the outbox sender's tests and the e2e journeys).
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Inbox {
  /** Every mail received so far, parsed, with the envelope's recipients. */
  mails: { to: string[]; mail: ParsedMail }[];
  /** SMTP_URL for the sender. */
  url: string;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free local port (no TLS, no login); `options` change its behaviour. */
export async function openInbox(options: Partial<SMTPServerOptions> = {}): Promise<Inbox> {
  const mails: Inbox['mails'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
    ...options,
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
