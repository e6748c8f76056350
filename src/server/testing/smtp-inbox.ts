import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The raw head of the message, for a test of its headers. */
  headers: string;
}

export interface SmtpInbox {
  /** An SMTP_URL for the app. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While down, every connection is refused, as by a mail server that is not answering. */
  setDown: (isDown: boolean) => void;
  close: () => Promise<void>;
}

/** A local SMTP server that keeps what it receives, for a test to read as a person would. */
export async function startSmtpInbox(port = 0, host = '127.0.0.1'): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  let isDown = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(isDown ? new Error('mail server unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${host}:${bound}`,
    port: bound,
    received,
    setDown: (down) => {
      isDown = down;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(raw: string): { subject: string; text: string; headers: string } {
  const [head = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = headers.match(/^subject: (.*)$/im)?.[1] ?? '';
  const body = bodyParts.join('\n\n');
  const isQuotedPrintable = /content-transfer-encoding: quoted-printable/i.test(headers);
  return { subject, text: isQuotedPrintable ? decodeQuotedPrintable(body) : body, headers };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
