/**
 * A local mail server for the end-to-end tests: it speaks SMTP to the app (nodemailer) and
 * shows what it received over HTTP, so a test can read the mail a person would open.
 */
import { createServer } from 'node:http';
import { startSmtpInbox, type ReceivedMail } from '../../src/server/testing/smtp-inbox.ts';

export type { ReceivedMail };

const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT ?? 2526);
const { received: inbox } = await startSmtpInbox(smtpPort);

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${httpPort}`);
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? inbox.filter((mail) => mail.to.includes(to)) : inbox;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails));
});

http.listen(httpPort, '127.0.0.1', () =>
  console.log(`fake SMTP on ${smtpPort}, inbox on ${httpPort}`),
);
