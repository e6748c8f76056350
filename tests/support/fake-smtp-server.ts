/**
 * A local mail server for the end-to-end tests: it speaks SMTP to the app (nodemailer) and
 * shows what it received over HTTP, so a test can read the mail a person would open.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT ?? 2526);
const inbox: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      inbox.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        ...parseMessage(raw),
      });
      callback();
    });
  },
});

function parseMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = headers.match(/^subject: (.*)$/im)?.[1] ?? '';
  const body = bodyParts.join('\n\n');
  const isQuotedPrintable = /content-transfer-encoding: quoted-printable/i.test(headers);
  return { subject, text: isQuotedPrintable ? decodeQuotedPrintable(body) : body };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${httpPort}`);
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? inbox.filter((mail) => mail.to.includes(to)) : inbox;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails));
});

smtp.listen(smtpPort, '127.0.0.1');
http.listen(httpPort, '127.0.0.1', () =>
  console.log(`fake SMTP on ${smtpPort}, inbox on ${httpPort}`),
);
