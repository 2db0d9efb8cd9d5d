import { describe, expect, it } from 'vitest';
import { streamClientMessage, streamQuery, streamServerMessage } from './streaming.ts';

describe('streaming relay protocol', () => {
  it('accepts stop and infer (female by default) and refuses anything else', () => {
    expect(streamClientMessage.parse({ type: 'stop' })).toEqual({ type: 'stop' });
    expect(streamClientMessage.parse({ type: 'infer', text: 'नमस्ते' })).toEqual({ type: 'infer', text: 'नमस्ते', gender: 'female' });
    expect(streamClientMessage.safeParse({ type: 'infer', text: '' }).success).toBe(false);
    expect(streamClientMessage.safeParse({ type: 'infer', text: 'a', gender: 'robot' }).success).toBe(false);
    expect(streamClientMessage.safeParse({ type: 'stop', extra: 1 }).success).toBe(false);
    expect(streamClientMessage.safeParse({ type: 'start' }).success).toBe(false);
  });

  it('checks the query: a modelId, and a language code when given', () => {
    expect(streamQuery.safeParse({ modelId: 'm', language: 'hi' }).success).toBe(true);
    expect(streamQuery.safeParse({ modelId: 'm', language: 'hi; drop' }).success).toBe(false);
    expect(streamQuery.safeParse({ language: 'hi' }).success).toBe(false);
  });

  it('server frames carry what the panels read', () => {
    expect(streamServerMessage.parse({ type: 'final', text: 'a', punctuated: null })).toEqual({
      type: 'final',
      text: 'a',
      punctuated: null,
    });
    expect(streamServerMessage.safeParse({ type: 'error', code: 'NOPE', message: 'x' }).success).toBe(false);
    expect(streamServerMessage.safeParse({ type: 'audio', seq: 0, audioContent: 'x' }).success).toBe(false);
  });
});
