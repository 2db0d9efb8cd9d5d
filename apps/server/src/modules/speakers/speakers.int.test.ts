import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import wavefile from 'wavefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEAKERS_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { BACKGROUND } from './background.ts';
import { confidenceOf, equalErrorRate, normalisedCosine } from './embedding.ts';
import { SPEAKER_THRESHOLD } from './service.ts';

const PROVIDER = 'ulca-reference-models';

/**
 * The test set: eight eSpeak NG voices (language voice + variant + pitch), none of them in the
 * background set (scripts/speaker-background.ts), each enrolled on two sentences and verified on
 * two others, spoken 8% faster and 4 pitch steps higher (so a verification clip is never the
 * enrolment clip).
 */
const VOICES = [
  { name: 'Asha', voice: 'en-us+f2', pitch: 60 },
  { name: 'Bela', voice: 'en-us+f4', pitch: 70 },
  { name: 'Chitra', voice: 'en+f1', pitch: 55 },
  { name: 'Deepa', voice: 'hi+f3', pitch: 65 },
  { name: 'Eshan', voice: 'en-us+m1', pitch: 50 },
  { name: 'Farhan', voice: 'en-us+m3', pitch: 40 },
  { name: 'Gopal', voice: 'en+m7', pitch: 45 },
  { name: 'Hari', voice: 'hi+m2', pitch: 50 },
];
const ENROL_TEXT = 'The quick brown fox jumps over the lazy dog near the river bank today. My voice is my passport, please verify me.';
const VERIFY_TEXT =
  'Seven green apples were sitting on the kitchen table this morning. Please call me back when you have finished reading.';

function speak(voice: string, pitch: number, text: string, wpm = 175): Buffer {
  return execFileSync('espeak-ng', ['-v', voice, '-p', String(pitch), '-s', String(wpm), '--stdout'], { input: text });
}

function pcmWav(samples: Float32Array, rate: number): Buffer {
  const f = new wavefile.WaveFile();
  f.fromScratch(
    1,
    rate,
    '16',
    Int16Array.from(samples, (v) => Math.round(v * 32767)),
  );
  return Buffer.from(f.toBuffer());
}

describe('speakers', () => {
  let p: TestPlatform;
  let files: FixtureServer;
  let filesDir: string;
  let alice: TestUser;
  let bob: TestUser;
  const enrolWav = new Map<string, Buffer>();
  const verifyWav = new Map<string, Buffer>();
  /** name → speakerId in alice's app "Voice Desk". */
  const ids = new Map<string, string>();

  beforeAll(async () => {
    p = await createTestPlatform();
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-speakers-'));
    files = await startFixtureServer(filesDir);
    alice = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    bob = await createSignedInUser(p, ['READONLY-USER']);
    for (const [u, app] of [
      [alice, 'Voice Desk'],
      [alice, 'Second App'],
      [bob, 'Bob App'],
    ] as const) {
      const res = await signedInject(p.app, u, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', { userID: u.userId, appName: app });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const v of VOICES) {
      enrolWav.set(v.name, speak(v.voice, v.pitch, ENROL_TEXT));
      verifyWav.set(v.name, speak(v.voice, v.pitch + 4, VERIFY_TEXT, 189));
    }
  });
  afterAll(async () => {
    await files?.close();
    await p?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const q = (appName: string, provider = PROVIDER) =>
    `?appName=${encodeURIComponent(appName)}&serviceProviderName=${encodeURIComponent(provider)}`;
  const enrolBody = (speakerName: string | undefined, audio: object[]) => ({
    pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName, preprocessors: ['vad', 'denoiser'] } }],
    inputData: { audio },
  });
  const verifyBody = (speakerId: string | undefined, audio: object[]) => ({
    pipelineTasks: [
      { taskType: 'speaker-verification', config: { ...(speakerId ? { speakerId } : {}), preprocessors: ['vad', 'denoiser'] } },
    ],
    inputData: { audio },
  });
  const b64 = (b: Buffer) => ({ audioContent: b.toString('base64') });
  const enrol = (u: TestUser, app: string, name: string | undefined, audio: object[]) =>
    signedInject(p.app, u, 'POST', SPEAKERS_API.enroll + q(app), enrolBody(name, audio));
  const verify = (u: TestUser, app: string, speakerId: string | undefined, audio: object[]) =>
    signedInject(p.app, u, 'POST', SPEAKERS_API.verify + q(app), verifyBody(speakerId, audio));
  const list = (u: TestUser, app: string) => signedInject(p.app, u, 'GET', SPEAKERS_API.list + q(app));
  const del = (u: TestUser, app: string, speakerId: string[]) =>
    signedInject(p.app, u, 'POST', SPEAKERS_API.delete + q(app), { config: { speakerId } });

  it('enrols the eight test voices and lists them newest first with id, name and date', async () => {
    for (const v of VOICES) {
      const res = await enrol(alice, 'Voice Desk', v.name, [b64(enrolWav.get(v.name)!)]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ message: 'Speaker enrolled successfully', taskType: 'speaker-enrollment' });
      expect(body.output[0]).toMatchObject({ speakerName: v.name, message: 'Speaker enrolled successfully' });
      expect(body.output[0].speakerId).toMatch(/^[0-9a-f-]{36}$/);
      ids.set(v.name, body.output[0].speakerId);
    }
    const res = await list(alice, 'Voice Desk');
    expect(res.statusCode).toBe(200);
    const speakers = res.json().speakers as { speakerId: string; speakerName: string; createdOn: string }[];
    expect(speakers.map((s) => s.speakerName)).toEqual([...VOICES].reverse().map((v) => v.name));
    expect(speakers.every((s) => ids.get(s.speakerName) === s.speakerId && Date.parse(s.createdOn) > Date.now() - 600_000)).toBe(true);
    // What is stored is the 57-number vector, not the audio.
    const row = await p.ctx.db.db
      .selectFrom('speakers')
      .select('vector')
      .where('speaker_id', '=', ids.get('Asha')!)
      .executeTakeFirstOrThrow();
    expect(row.vector).toHaveLength(57);
  });

  it('scores each voice higher against its own enrolment than against every other; prints the equal error rate', async () => {
    const rows = await p.ctx.db.db.selectFrom('speakers').select(['speaker_id', 'vector']).execute();
    const enrolled = new Map(rows.map((r) => [r.speaker_id, r.vector]));
    const genuine: number[] = [];
    const impostor: number[] = [];
    const table: string[] = [];
    for (const probe of VOICES) {
      const result = await p.ctx.services.speechPool.analyse(verifyWav.get(probe.name)!);
      if (!result.ok) throw new Error(result.message);
      const scores = VOICES.map((target) =>
        confidenceOf(normalisedCosine(result.vector, enrolled.get(ids.get(target.name)!)!, BACKGROUND)),
      );
      const own = scores[VOICES.indexOf(probe)];
      scores.forEach((s, i) => (i === VOICES.indexOf(probe) ? genuine : impostor).push(s));
      table.push(`${probe.name.padEnd(7)} ${scores.map((s) => s.toFixed(2)).join(' ')}`);
      expect(Math.max(...scores.filter((_, i) => i !== VOICES.indexOf(probe))), probe.name).toBeLessThan(own);
    }
    const { eer, threshold } = equalErrorRate(genuine, impostor);
    console.log(
      `speaker baseline on ${VOICES.length} espeak-ng voices (${genuine.length} genuine, ${impostor.length} impostor trials):\n` +
        `        ${VOICES.map((v) => v.name.slice(0, 4)).join(' ')}\n${table.join('\n')}\n` +
        `EER ${(eer * 100).toFixed(1)}% at confidence ${threshold.toFixed(3)}; configured threshold ${SPEAKER_THRESHOLD}`,
    );
    expect(eer).toBeLessThanOrEqual(0.05);
    // The configured threshold separates this set as well as the EER point does.
    const errors = genuine.filter((s) => s < SPEAKER_THRESHOLD).length + impostor.filter((s) => s >= SPEAKER_THRESHOLD).length;
    expect(errors / (genuine.length + impostor.length)).toBeLessThanOrEqual(0.05);
  });

  it('verifies a chosen speaker: the own voice is accepted, another voice refused, confidence a fraction', async () => {
    const own = await verify(alice, 'Voice Desk', ids.get('Farhan'), [b64(verifyWav.get('Farhan')!)]);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().engine).toEqual({ name: 'mfcc-stats-baseline-v1', threshold: SPEAKER_THRESHOLD, baseline: true });
    const o = own.json().output[0];
    expect(o).toMatchObject({ speakerId: ids.get('Farhan'), speakerName: 'Farhan', verified: true, message: 'The voice matches Farhan.' });
    expect(o.confidence).toBeGreaterThanOrEqual(SPEAKER_THRESHOLD);
    expect(o.confidence).toBeLessThanOrEqual(1);
    const other = (await verify(alice, 'Voice Desk', ids.get('Farhan'), [b64(verifyWav.get('Asha')!)])).json().output[0];
    expect(other).toMatchObject({ speakerId: ids.get('Farhan'), verified: false, message: 'The voice does not match Farhan.' });
    expect(other.confidence).toBeLessThan(o.confidence);
  });

  it('verifies against any speaker: finds the right one; a voice not enrolled matches nobody', async () => {
    const any = (await verify(alice, 'Voice Desk', undefined, [b64(verifyWav.get('Deepa')!)])).json().output[0];
    expect(any).toMatchObject({ speakerId: ids.get('Deepa'), speakerName: 'Deepa', verified: true });
    // A background-set voice (never enrolled), in Tamil.
    const stranger = await verify(alice, 'Voice Desk', undefined, [b64(speak('ta+croak', 35, 'மழை பெய்தால் வயல்களில் பயிர்கள் நன்றாக வளரும்.'))]);
    expect(stranger.json().output[0]).toMatchObject({
      speakerId: null,
      speakerName: null,
      verified: false,
      message: 'The voice matches no enrolled speaker.',
    });
  });

  it('takes audio from a link (downloaded under the guard) and refuses a private address', async () => {
    fs.writeFileSync(path.join(filesDir, 'gopal.wav'), verifyWav.get('Gopal')!);
    const res = await verify(alice, 'Voice Desk', ids.get('Gopal'), [{ audioUri: files.url('gopal.wav') }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output[0]).toMatchObject({ speakerName: 'Gopal', verified: true });
    for (const uri of ['http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/a.wav', 'file:///etc/passwd']) {
      const bad = await verify(alice, 'Voice Desk', ids.get('Gopal'), [{ audioUri: uri }]);
      expect(bad.statusCode, uri).toBe(400);
      expect(bad.json().code).toBe('MEDIA_URL');
      expect(bad.json().message).toMatch(/^Audio 1: the audio link could not be downloaded/);
    }
  });

  it('enrols from an ogg file and verifies the same voice given as mp3 and flac', async () => {
    const fx = (n: string) => fs.readFileSync(new URL(`./fixtures/${n}`, import.meta.url));
    const res = await enrol(alice, 'Second App', 'Ogg Voice', [b64(fx('voice.ogg'))]);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().output[0].speakerId;
    for (const n of ['voice.mp3', 'voice.flac']) {
      const v = await verify(alice, 'Second App', id, [b64(fx(n))]);
      expect(v.json().output[0], n).toMatchObject({ verified: true });
    }
  });

  it('refuses bad audio with clear messages and stays up', async () => {
    const cases: [string, object[], number, string, RegExp][] = [
      [
        '61 s',
        [
          b64(
            pcmWav(
              Float32Array.from({ length: 8000 * 61 }, (_, i) => 0.3 * Math.sin(i / 5)),
              8000,
            ),
          ),
        ],
        400,
        'AUDIO_TOO_LONG',
        /max 1 minute of speech/,
      ],
      ['silence', [b64(pcmWav(new Float32Array(16000 * 3), 16000))], 400, 'NO_SPEECH', /No speech found in the audio/],
      ['text', [b64(Buffer.from('this is a text file, not audio'))], 400, 'UNSUPPORTED_AUDIO_FORMAT', /wav, mp3, flac or ogg/],
      ['webm', [b64(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]))], 400, 'UNSUPPORTED_AUDIO_FORMAT', /Unsupported audio format/],
      [
        'broken wav',
        [b64(Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WAVEjunk', 'latin1'), Buffer.alloc(8)]))],
        400,
        'NOT_AUDIO',
        /could not be decoded/,
      ],
      ['not base64', [{ audioContent: '%%% not base64 %%%' }], 400, 'BAD_MEDIA', /not base64/],
      [
        'both sources',
        [{ audioContent: 'AAAA', audioUri: 'http://127.0.0.1/x.wav' }],
        400,
        'VALIDATION_FAILED',
        /exactly one of audioContent/,
      ],
      ['no audio', [], 400, 'VALIDATION_FAILED', /needs one audio/],
    ];
    for (const [what, audio, status, code, message] of cases) {
      const res = await enrol(alice, 'Voice Desk', 'Bad', audio);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().message, what).toMatch(message);
    }
    const noName = await enrol(alice, 'Voice Desk', '  ', [b64(enrolWav.get('Asha')!)]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Speaker name is required');
    const wrongTask = await signedInject(p.app, alice, 'POST', SPEAKERS_API.enroll + q('Voice Desk'), {
      ...enrolBody('X', [b64(enrolWav.get('Asha')!)]),
      pipelineTasks: [{ taskType: 'asr', config: { speakerName: 'X' } }],
    });
    expect(wrongTask.statusCode).toBe(400);
    expect(wrongTask.json().message).toBe("taskType must be 'speaker-enrollment'");
    expect((await signedInject(p.app, alice, 'GET', SPEAKERS_API.list + '?appName=Voice%20Desk')).json().message).toBe(
      'serviceProviderName is required',
    );
    expect((await list(alice, 'Voice Desk')).json().speakers).toHaveLength(VOICES.length);
  });

  it("keeps users and applications apart: nothing of another's is listed, scored or deleted, and a foreign id reads as unknown", async () => {
    const farhan = ids.get('Farhan')!;
    // Alice's other application and Bob see none of "Voice Desk"'s speakers.
    expect((await list(alice, 'Second App')).json().speakers.map((s: { speakerName: string }) => s.speakerName)).toEqual(['Ogg Voice']);
    expect((await list(bob, 'Bob App')).json().speakers).toEqual([]);
    // Bob naming Alice's app: he has no such key.
    const borrowed = await list(bob, 'Voice Desk');
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().message).toBe('You have no API key with this app name.');
    // A foreign id answers exactly like an id that does not exist.
    const foreign = await verify(bob, 'Bob App', farhan, [b64(verifyWav.get('Farhan')!)]);
    const unknown = await verify(bob, 'Bob App', '00000000-0000-4000-8000-000000000000', [b64(verifyWav.get('Farhan')!)]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await verify(alice, 'Second App', farhan, [b64(verifyWav.get('Farhan')!)])).statusCode).toBe(404);
    expect((await verify(bob, 'Bob App', undefined, [b64(verifyWav.get('Farhan')!)])).json().code).toBe('NO_SPEAKERS');
    // Concurrent: Bob and Alice's other app try to delete Voice Desk's speakers while Bob enrols his own.
    const results = await Promise.all([
      del(bob, 'Bob App', [...ids.values()]),
      del(alice, 'Second App', [farhan, ids.get('Asha')!]),
      enrol(bob, 'Bob App', 'Bob', [b64(enrolWav.get('Hari')!)]),
      del(bob, 'Bob App', [farhan, 'not-a-uuid']),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([404, 404, 200, 404]);
    expect(results[0].json().message).toBe('No speaker with this ID in this application.');
    expect((await list(alice, 'Voice Desk')).json().speakers).toHaveLength(VOICES.length);
    expect((await list(bob, 'Bob App')).json().speakers.map((s: { speakerName: string }) => s.speakerName)).toEqual(['Bob']);
    // Bob's speaker is identified only within Bob's app: the same voice against Alice's app is Hari.
    expect((await verify(alice, 'Voice Desk', undefined, [b64(verifyWav.get('Hari')!)])).json().output[0].speakerId).toBe(ids.get('Hari'));
  });

  it('refuses every route without a signature, and with an unknown provider', async () => {
    const unsigned = await Promise.all([
      p.app.inject({ method: 'GET', url: SPEAKERS_API.list + q('Voice Desk') }),
      p.app.inject({ method: 'POST', url: SPEAKERS_API.enroll + q('Voice Desk'), payload: enrolBody('X', [b64(enrolWav.get('Asha')!)]) }),
      p.app.inject({
        method: 'POST',
        url: SPEAKERS_API.verify + q('Voice Desk'),
        payload: verifyBody(undefined, [b64(enrolWav.get('Asha')!)]),
      }),
      p.app.inject({ method: 'POST', url: SPEAKERS_API.delete + q('Voice Desk'), payload: { config: { speakerId: [ids.get('Asha')] } } }),
    ]);
    expect(unsigned.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    const other = await signedInject(p.app, alice, 'GET', SPEAKERS_API.list + q('Voice Desk', 'acme-cloud'));
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('UNKNOWN_PROVIDER');
  });

  it('deletes one or several speakers; a deleted id is then unknown; revoking the key deletes the rest', async () => {
    const one = await del(alice, 'Voice Desk', [ids.get('Asha')!]);
    expect(one.json()).toEqual({ message: 'Speaker deleted successfully', deleted: 1 });
    const two = await del(alice, 'Voice Desk', [ids.get('Bela')!, ids.get('Chitra')!, ids.get('Asha')!]);
    expect(two.json()).toEqual({ message: '2 speakers deleted successfully', deleted: 2 });
    expect((await del(alice, 'Voice Desk', [ids.get('Asha')!])).statusCode).toBe(404);
    expect((await list(alice, 'Voice Desk')).json().speakers).toHaveLength(VOICES.length - 3);
    const keys = (
      await signedInject(p.app, alice, 'POST', '/ulca/user-mgmt/v1/users/getApiKeysForProfile', { userID: alice.userId })
    ).json().data;
    const key = keys.find((k: { appName: string }) => k.appName === 'Voice Desk').ulcaApiKey;
    expect(
      (await signedInject(p.app, alice, 'POST', '/ulca/user-mgmt/v1/users/revokeApiKey', { userID: alice.userId, ulcaApiKey: key }))
        .statusCode,
    ).toBe(200);
    const left = await p.ctx.db.db.selectFrom('speakers').select('key_id').where('key_id', '=', key).execute();
    expect(left).toEqual([]);
  });
});
