import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server the journey's platform delivers to, keeping every mail it receives. */
export interface Inbox {
  /** Every mail received so far, parsed, with the envelope's recipients. */
  mails: { to: string[]; mail: ParsedMail }[];
  /** SMTP_URL for the server process. */
  url: string;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free local port (no TLS, no login), as a journey's mail provider. */
export async function openInbox(): Promise<Inbox> {
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
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
