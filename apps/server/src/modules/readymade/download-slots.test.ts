import { describe, expect, it } from 'vitest';
import { DownloadSlots } from './download-slots.ts';

describe('DownloadSlots', () => {
  it('hands out at most `max` slots and takes each back once', () => {
    const slots = new DownloadSlots(2);
    const a = slots.tryAcquire();
    const b = slots.tryAcquire();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
    a!();
    a!(); // a second release must not free a slot it does not hold
    expect(slots.inUse).toBe(1);
    const c = slots.tryAcquire();
    expect(c).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
    b!();
    c!();
    expect(slots.inUse).toBe(0);
  });

  it('always allows one download, whatever the setting', () => {
    const slots = new DownloadSlots(0);
    expect(slots.tryAcquire()).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
  });
});
