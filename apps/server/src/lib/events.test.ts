import { describe, expect, it, vi } from 'vitest';
import { EventHub } from './events.ts';

interface TestEvents {
  ping: { n: number };
  other: { s: string };
}

function hub() {
  const warn = vi.fn();
  return { events: new EventHub<TestEvents>({ warn } as never), warn };
}

describe('EventHub', () => {
  it('awaits the subscribers one after the other, in the order they subscribed', async () => {
    const { events } = hub();
    const seen: string[] = [];
    events.on('ping', {
      name: 'slow',
      handle: async (p) => {
        await new Promise((r) => setTimeout(r, 20));
        seen.push(`slow ${p.n}`);
      },
    });
    events.on('ping', { name: 'fast', handle: async (p) => void seen.push(`fast ${p.n}`) });
    events.on('other', { name: 'elsewhere', handle: async () => void seen.push('other') });
    await events.emit('ping', { n: 1 });
    expect(seen).toEqual(['slow 1', 'fast 1']);
    expect(events.subscribersOf('ping')).toEqual(['slow', 'fast']);
  });

  it("logs a 'log' subscriber's error and goes on; the emit succeeds", async () => {
    const { events, warn } = hub();
    const after = vi.fn(async () => undefined);
    events.on('ping', { name: 'broken', failure: 'could not do it', handle: async () => Promise.reject(new Error('boom')) });
    events.on('ping', { name: 'after', handle: after });
    await expect(events.emit('ping', { n: 2 })).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledWith({ n: 2 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'ping', subscriber: 'broken', payload: { n: 2 }, err: expect.any(Error) }),
      'could not do it',
    );
  });

  it("runs the others after a 'retry' subscriber's error, then throws the first such error", async () => {
    const { events, warn } = hub();
    const after = vi.fn(async () => undefined);
    events.on('ping', { name: 'first', onError: 'retry', handle: async () => Promise.reject(new Error('first')) });
    events.on('ping', { name: 'second', onError: 'retry', handle: async () => Promise.reject(new Error('second')) });
    events.on('ping', { name: 'after', handle: after });
    await expect(events.emit('ping', { n: 3 })).rejects.toThrow('first');
    expect(after).toHaveBeenCalledOnce();
    // The second error is not lost: it is logged, as the thrown one is by the job that emitted.
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ subscriber: 'second' }), 'ping subscriber failed');
  });

  it('does nothing for an event without subscribers, and nothing once closed', async () => {
    const { events } = hub();
    const handle = vi.fn(async () => undefined);
    await events.emit('other', { s: 'x' });
    events.on('ping', { name: 'h', handle });
    events.close();
    await events.emit('ping', { n: 4 });
    expect(handle).not.toHaveBeenCalled();
    expect(() => events.on('ping', { name: 'late', handle })).toThrow(/closed/);
  });
});
