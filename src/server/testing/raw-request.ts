import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';

export interface RawAnswer {
  statusCode: number;
  body: string;
}

/** The port the app listens on, opening it on a free one the first time. */
export async function listeningPort(app: FastifyInstance): Promise<number> {
  const address = app.server.address();
  if (address && typeof address === 'object') return address.port;
  return Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
}

/**
 * A request written to a socket as given: `inject`, `fetch` and curl all drop a `#fragment` or
 * tidy dot segments, which an attacker's client does not.
 */
export async function sendRawRequest(
  app: FastifyInstance,
  {
    method = 'GET',
    target,
    headers = {},
    body,
  }: { method?: string; target: string; headers?: Record<string, string>; body?: object },
): Promise<RawAnswer> {
  const data = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: localhost:3000',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body === undefined
      ? []
      : ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(data)}`]),
  ];
  const socket = connect(await listeningPort(app), '127.0.0.1');
  socket.write(`${lines.join('\r\n')}\r\n\r\n${data}`);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  return { statusCode: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') };
}
