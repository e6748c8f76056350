import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVimeoVideo {
  name: string;
  description: string | null;
  duration: number;
}

export interface FakeVimeoServer {
  url: string;
  /** Paths of the requests received, in order. */
  requests: string[];
  /** Makes every later request fail with this status (null: answer normally again). */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
}

const pictureSizes = [
  [100, 75],
  [200, 150],
  [640, 360],
  [960, 540],
  [1280, 720],
];

/**
 * A local stand-in for api.vimeo.com: GET /videos/{id} with a bearer token, answering the fields
 * our client asks for, like Vimeo's API 3.4 does.
 */
export async function startFakeVimeoServer({
  token,
  videos,
}: {
  token: string;
  videos: Record<string, FakeVimeoVideo>;
}): Promise<FakeVimeoServer> {
  const requests: string[] = [];
  let failure: number | null = null;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url.pathname);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/vnd.vimeo.video+json' });
      response.end(JSON.stringify(body));
    };
    if (failure !== null) return send(failure, { error: 'Something strange occurred.' });
    if (request.headers.authorization?.toLowerCase() !== `bearer ${token}`) {
      return send(401, { error: 'A valid user token must be passed.' });
    }
    const match = /^\/videos\/(\d+)$/.exec(url.pathname);
    const video = match ? videos[match[1]!] : undefined;
    if (request.method !== 'GET' || !match || !video) {
      return send(404, { error: 'The requested video couldn’t be found.' });
    }
    const id = match[1]!;
    return send(200, {
      uri: `/videos/${id}`,
      ...video,
      pictures: {
        sizes: pictureSizes.map(([width, height]) => ({
          width,
          height,
          link: `https://i.vimeocdn.com/video/${id}-d_${width}x${height}?r=pad`,
        })),
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
