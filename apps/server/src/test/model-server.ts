/**
 * A test double of a contributor's model endpoint: a real HTTP server on
 * 127.0.0.1 (random port) that speaks the ULCA inference interface of every task
 * (packages/contracts models/inference.ts) and answers from the request, deterministically, so
 * tests can check that what the platform shows is what the endpoint said.
 *
 * Paths: `POST /<task>` answers that task (e.g. `/translation`, `/audio-gender-detection`).
 * Faults, chosen per path with a prefix:
 * - `/slow/<task>?ms=N`: answers after N ms (default 5000);
 * - `/hang/<task>`: never answers;
 * - `/error/<task>`: 500 `{message:'boom'}`;
 * - `/garbage/<task>`: 200 with a body that is not JSON;
 * - `/wrong/<task>`: 200 JSON that does not match the task's response schema;
 * - `/huge/<task>?mb=N[&ms=M]`: 200 with an N MB (default 50) JSON body, streamed (after M ms);
 * - `/async/<task>`: answers `{requestId}`; `POST /poll` with `{requestId}` answers
 *   `{status:'IN_PROGRESS'}` twice, then the task's answer.
 * - `/key/<task>`: 401 unless header `authorization: Bearer test-key` is present.
 * - `/fail-on/<task>?word=W`: 500 when any input's source contains W, else the task's answer (a
 *   model that fails on some rows: benchmark runs).
 * - `/say/<task>?text=T`: the task's answer with T as every output's text (asr `source`, text tasks
 *   `target`): a speech model that "hears" a known sentence (speech-to-speech).
 * Every request is recorded (path, headers, parsed body) in `calls`.
 *
 * What each task answers (input → output):
 * - translation: target = `<targetLanguage>:` + source; transliteration: [source+'1', source+'2'];
 * - itn / text-normalization: target = `<task>:` + source;
 * - ner: one prediction per space-separated token, the first `B-PER`, the others `O`;
 * - txt-lang-detection: langCode = config.language?.sourceLanguage ?? 'hi', langScore 90;
 * - asr: source = `heard <n> bytes` (n = decoded audioContent length, or the audioUri);
 * - tts: a 0.1 s 16 kHz mono WAV of silence, base64;
 * - ocr: source = `read <n> bytes`; img-lang-detection: langCode 'hi';
 * - audio-lang-detection: langCode 'hi'; audio-gender-detection: gender 'female', score 0.9.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertNever, isInferenceTask } from '@ulca/contracts';

/** One request the test model server received. */
export interface ModelServerCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** Handle on a running test model server. */
export interface TestModelServer {
  /** Absolute URL of `path`, e.g. url('translation'), url('slow/tts?ms=100'). */
  url: (path: string) => string;
  /** Requests received, oldest first. */
  calls: ModelServerCall[];
  /** TCP connections accepted so far (keep-alive reuse: far fewer than calls). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A test server's URL (http://127.0.0.1:…) as http://localhost:…, the host a platform running the
 * reference models allows (allowedFetchHosts ['localhost']; 127.0.0.1 is the reference server's own origin).
 */
export function viaLocalhost(url: string): string {
  return url.replace('127.0.0.1', 'localhost');
}

/** A 16 kHz mono 16-bit WAV of `seconds` of silence. */
export function silentWav(seconds = 0.1, sampleRate = 16000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

type Json = Record<string, unknown>;

function sources(body: Json): string[] {
  const input = Array.isArray(body.input) ? (body.input as Json[]) : [];
  return input.map((i) => String(i.source ?? ''));
}
function mediaSize(item: Json | undefined): string {
  if (!item) return '0';
  if (typeof item.audioContent === 'string') return String(Buffer.from(item.audioContent, 'base64').length);
  if (typeof item.imageContent === 'string') return String(Buffer.from(item.imageContent, 'base64').length);
  return String(item.audioUri ?? item.imageUri ?? '0');
}

/** The answer of `task` to `body` (see the file comment). */
export function answerFor(task: string, body: Json): Json {
  const config = (body.config ?? {}) as Json;
  const language = (config.language ?? {}) as Json;
  const audio = Array.isArray(body.audio) ? (body.audio as Json[]) : [];
  const image = Array.isArray(body.image) ? (body.image as Json[]) : [];
  if (!isInferenceTask(task)) return { message: `unknown task ${task}` };
  // Exhaustive over the registry's tasks: a task added there needs its answer here.
  switch (task) {
    case 'translation':
      return { output: sources(body).map((s) => ({ source: s, target: `${String(language.targetLanguage)}:${s}` })) };
    case 'transliteration':
      return { output: sources(body).map((s) => ({ source: s, target: [`${s}1`, `${s}2`] })) };
    case 'itn':
    case 'text-normalization':
      return { output: sources(body).map((s) => ({ source: s, target: `${task}:${s}` })) };
    case 'ner':
      return {
        output: sources(body).map((s) => {
          let at = 0;
          const nerPrediction = s.split(' ').map((token, i) => {
            const start = s.indexOf(token, at);
            at = start + token.length;
            return { token, tag: i === 0 ? 'B-PER' : 'O', tokenIndex: i, tokenStartIndex: start, tokenEndIndex: start + token.length - 1 };
          });
          return { source: s, nerPrediction };
        }),
      };
    case 'txt-lang-detection':
      return {
        output: sources(body).map((s) => ({
          source: s,
          langPrediction: [{ langCode: String(language.sourceLanguage ?? 'hi'), langScore: 90 }],
        })),
      };
    case 'asr':
      return { output: audio.map((a) => ({ source: `heard ${mediaSize(a)} bytes` })) };
    case 'tts':
      return { audio: [{ audioContent: silentWav().toString('base64') }], config: { audioFormat: 'wav', samplingRate: 16000, language } };
    case 'ocr':
      return { output: image.map((i) => ({ source: `read ${mediaSize(i)} bytes` })) };
    case 'img-lang-detection':
      return { output: image.map(() => ({ langPrediction: [{ langCode: 'hi', langScore: 80 }] })) };
    case 'audio-lang-detection':
      return { output: audio.map(() => ({ langPrediction: [{ langCode: 'hi', langScore: 80 }] })) };
    case 'audio-gender-detection':
      return { output: audio.map(() => ({ genderPrediction: [{ gender: 'female', genderScore: 0.9 }] })) };
    default:
      return assertNever(task, 'task');
  }
}

/** Starts the server on 127.0.0.1 and a random port. */
export async function startTestModelServer(): Promise<TestModelServer> {
  const calls: ModelServerCall[] = [];
  const pending = new Map<string, { task: string; body: Json; polls: number }>();
  const sockets = new Set<import('node:net').Socket>();
  let nextId = 1;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      let body: Json = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
      } catch {
        body = {};
      }
      calls.push({ path: url.pathname + url.search, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'poll') {
        const job = pending.get(String(body.requestId));
        if (!job) return send(404, { message: 'no such request' });
        if (++job.polls <= 2) return send(200, { status: 'IN_PROGRESS' });
        pending.delete(String(body.requestId));
        return send(200, answerFor(job.task, job.body));
      }
      const [mode, task] = parts.length > 1 ? [parts[0], parts[1]] : ['ok', parts[0] ?? ''];
      switch (mode) {
        case 'ok':
          return send(200, answerFor(task, body));
        case 'slow':
          setTimeout(() => send(200, answerFor(task, body)), Number(url.searchParams.get('ms') ?? 5000));
          return;
        case 'hang':
          return;
        case 'error':
          return send(500, { message: 'boom' });
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('<html>not json');
        case 'wrong':
          return send(200, { output: 'not a list' });
        case 'fail-on': {
          const word = url.searchParams.get('word') ?? '';
          if (word && sources(body).some((src) => src.includes(word))) return send(500, { message: `cannot handle ${word}` });
          return send(200, answerFor(task, body));
        }
        case 'say': {
          const text = url.searchParams.get('text') ?? '';
          const answer = answerFor(task, body);
          for (const o of Array.isArray(answer.output) ? (answer.output as Json[]) : [])
            o[task === 'asr' || task === 'ocr' ? 'source' : 'target'] = text;
          return send(200, answer);
        }
        case 'key':
          if (req.headers.authorization !== 'Bearer test-key') return send(401, { message: 'bad key' });
          return send(200, answerFor(task, body));
        case 'async': {
          const requestId = `r${nextId++}`;
          pending.set(requestId, { task, body, polls: 0 });
          return send(200, { requestId });
        }
        case 'huge': {
          const mb = Number(url.searchParams.get('mb') ?? 50);
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = 'x'.repeat(1024 * 1024);
          let sent = 0;
          res.write('{"output":[{"source":"');
          const pump = () => {
            while (sent < mb) {
              sent++;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end('"}]}');
          };
          res.on('error', () => {});
          // `ms`: the answer starts after a delay, so that calls overlap (the answer budget test).
          const delay = Number(url.searchParams.get('ms') ?? 0);
          if (delay > 0) return void setTimeout(pump, delay);
          return pump();
        }
        default:
          return send(404, { message: 'unknown path' });
      }
    });
  });
  let accepted = 0;
  server.on('connection', (s) => {
    accepted += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}/${p.replace(/^\//, '')}`,
    calls,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
