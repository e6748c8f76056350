import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string };
}

export type FakeAnswerKind = 'reply' | 'emotion' | 'suggestion' | 'patterns' | 'risk';

/** How the fake misbehaves, as vendors do: see `misbehave`. */
export type FakeFault =
  /** Accepts the request and never answers, not even the headers. */
  | { kind: 'hang' }
  /**
   * A stream sends its headers and this many chunks, then nothing, the connection left open; a JSON
   * answer stops after its headers and half its body.
   */
  | { kind: 'stall'; afterChunks: number }
  /** Answers with this HTTP status, as during an outage. */
  | { kind: 'fail'; status: number };

export interface FakeOpenAiServer {
  /** The base URL to give the client, like https://api.openai.com/v1. */
  url: string;
  /** Every chat-completions request received, in order, but the risk readings. */
  requests: ChatCompletionRequest[];
  /** Every text sent for a risk reading (the second reader in AI mode), in order. */
  riskReadings: string[];
  /** Every text sent to the moderation endpoint, in order. */
  moderated: string[];
  /** Makes every later request fail with this status (null: answer normally again). */
  failWith: (status: number | null) => void;
  /** Makes every later request meet this fault (null: answer normally again). */
  misbehave: (fault: FakeFault | null) => void;
  /** Answers without `usage`, as some self-hosted servers do. */
  omitUsage: (isOmitted: boolean) => void;
  /** How many connections the caller closed before the fake had answered. */
  abandoned: () => number;
  /** Resolves when the caller next closes a connection before the fake has answered. */
  nextAbandoned: () => Promise<void>;
  close: () => Promise<void>;
}

export const FAKE_OPENAI_KEY = 'sk-fake-companion-key';
/** Text the fake's moderation endpoint flags as self-harm, as the vendor's would. */
export const FAKE_MODERATION_SELF_HARM = '[fake-moderation:self-harm]';
/** In a text, makes the fake's risk reading answer at risk of eating disorder, garbage, or never. */
export const FAKE_RISK = {
  atRisk: '[fake-risk:eating-disorder]',
  garbage: '[fake-risk:garbage]',
  hang: '[fake-risk:hang]',
} as const;
/** Words that make the fake emotion analysis answer with a strong, heavy feeling. */
const heavyWords = /overwhelm|exhausted|devastat|despair|drowning/i;

/** What the fake answers, by the kind of request our prompts make. */
export function fakeAnswer(kind: FakeAnswerKind, request: ChatCompletionRequest): string {
  const userText = request.messages.at(-1)?.content ?? '';
  switch (kind) {
    case 'emotion':
      return JSON.stringify(
        heavyWords.test(userText)
          ? { primary: 'overwhelmed', secondary: 'tired', intensity: 9, sentiment: -7 }
          : { primary: 'hopeful', secondary: null, intensity: 4, sentiment: 4 },
      );
    case 'suggestion':
      return JSON.stringify({
        text: 'What would change if you trusted this feeling a little more?',
        type: 'insight',
      });
    case 'patterns':
      return JSON.stringify({
        patterns: [
          {
            title: 'Choosing yourself',
            description:
              'Across your reflections you keep returning to the wish to choose yourself.',
            suggestions: ['Notice one moment each day when you choose yourself.'],
            type: 'growth',
          },
        ],
      });
    case 'risk':
      if (userText.includes(FAKE_RISK.garbage)) return 'I would rather not say {';
      return JSON.stringify(
        userText.includes(FAKE_RISK.atRisk)
          ? { level: 'at-risk', kind: 'eating-disorder' }
          : { level: 'none', kind: null },
      );
    case 'reply': {
      const lesson =
        /^Lesson: (.*)$/m.exec(request.messages[0]?.content ?? '')?.[1] ?? 'this lesson';
      return `Thank you for sharing. In “${lesson}”, notice what your words are asking of you.`;
    }
  }
}

function kindOf(request: ChatCompletionRequest): FakeAnswerKind {
  const system = request.messages[0]?.content ?? '';
  if (system.includes('"intensity"')) return 'emotion';
  if (system.includes('"patterns"')) return 'patterns';
  if (system.includes('"deepening"')) return 'suggestion';
  if (system.includes('"level"')) return 'risk';
  return 'reply';
}

/**
 * A local stand-in for an OpenAI-compatible chat-completions API: POST {base}/chat/completions
 * with a bearer key, answering as JSON or, with `stream: true`, as server-sent chunks ending in
 * `[DONE]`, with usage. A user message containing `failOn` gets a 500, as during an outage;
 * `misbehave` makes it hang, stall or fail, and `omitUsage` leaves out the token counts.
 */
export async function startFakeOpenAiServer(
  options: { port?: number; failOn?: string } = {},
): Promise<FakeOpenAiServer> {
  const requests: ChatCompletionRequest[] = [];
  const moderated: string[] = [];
  const riskReadings: string[] = [];
  let fault: FakeFault | null = null;
  let isUsageOmitted = false;
  let abandonedCount = 0;
  let abandonWaiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    response.on('close', () => {
      if (response.writableFinished) return;
      abandonedCount += 1;
      for (const resolve of abandonWaiters) resolve();
      abandonWaiters = [];
    });
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/requests') {
      return send(200, { requests, riskReadings, moderated });
    }
    if (request.method === 'POST' && request.url?.endsWith('/moderations')) {
      return moderate(request, send);
    }
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    if (request.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
      return send(401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
      });
    }
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as ChatCompletionRequest;
    const lastUser = body.messages.at(-1)?.content ?? '';
    if (kindOf(body) === 'risk') riskReadings.push(lastUser);
    else requests.push(body);
    if (fault?.kind === 'hang') return;
    if (kindOf(body) === 'risk' && lastUser.includes(FAKE_RISK.hang)) return;
    const failure = fault?.kind === 'fail' ? fault.status : null;
    if (failure !== null || (options.failOn && lastUser.includes(options.failOn))) {
      return send(failure ?? 500, {
        error: { message: 'The server had an error.', type: 'server_error' },
      });
    }
    const content = fakeAnswer(kindOf(body), body);
    const usage = isUsageOmitted
      ? undefined
      : { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 };
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream) {
      const completion = {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      };
      if (fault?.kind !== 'stall') return send(200, completion);
      const text = JSON.stringify(completion);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(text.slice(0, text.length / 2));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const pieces = content.match(/.{1,12}/gs) ?? [];
    for (const [index, piece] of pieces.entries()) {
      if (fault?.kind === 'stall' && index === fault.afterChunks) return;
      chunk({
        ...base,
        object: 'chat.completion.chunk',
        choices: [
          {
            index: 0,
            delta: index === 0 ? { role: 'assistant', content: piece } : { content: piece },
            finish_reason: null,
          },
        ],
      });
    }
    chunk({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    });
    if (usage) chunk({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    response.end('data: [DONE]\n\n');
  }

  /** POST {base}/moderations: flags self-harm where the text carries FAKE_MODERATION_SELF_HARM. */
  async function moderate(request: IncomingMessage, send: (status: number, body: unknown) => void) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const { input } = JSON.parse(raw) as { input: string };
    moderated.push(input);
    const isSelfHarm = input.includes(FAKE_MODERATION_SELF_HARM);
    send(200, {
      id: 'modr-fake',
      model: 'omni-moderation-latest',
      results: [
        {
          flagged: isSelfHarm,
          categories: {
            'self-harm': isSelfHarm,
            'self-harm/intent': isSelfHarm,
            'self-harm/instructions': false,
          },
          category_scores: { 'self-harm': isSelfHarm ? 0.97 : 0.01 },
        },
      ],
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    riskReadings,
    moderated,
    failWith: (status) => {
      fault = status === null ? null : { kind: 'fail', status };
    },
    misbehave: (next) => {
      fault = next;
    },
    omitUsage: (isOmitted) => {
      isUsageOmitted = isOmitted;
    },
    abandoned: () => abandonedCount,
    nextAbandoned: () => new Promise((resolve) => abandonWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Hung and stalled answers would hold the server open forever.
        server.closeAllConnections();
      }),
  };
}

// Started on its own by Playwright for the e2e journeys: FAKE_OPENAI_PORT, FAKE_OPENAI_FAIL_ON.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeOpenAiServer({
    port: Number(process.env.FAKE_OPENAI_PORT),
    failOn: process.env.FAKE_OPENAI_FAIL_ON,
  });
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
