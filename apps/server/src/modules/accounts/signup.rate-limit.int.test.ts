import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { mailSettled } from '../../test/outbox.ts';

const SIGNUP = '/ulca/user-mgmt/v1/users/signup';
const PASSWORD = 'Str0ng&Secret';

describe('sign-up throttling', () => {
  let p: TestPlatform;

  useTestPlatform({ platform: { config: { signupMaxPerIpPerHour: 3 } } }, (platform) => {
    p = platform;
  });

  const signup = (users: unknown[], ip: string) => p.app.inject({ method: 'POST', url: SIGNUP, remoteAddress: ip, payload: { users } });
  const user = (email: string) => ({ firstName: 'Test Person', email, password: PASSWORD });
  const outbox = () => (fs.existsSync(p.outboxDir) ? fs.readdirSync(p.outboxDir).filter((f) => f.endsWith('.eml')) : []);

  it('registers one user per request', async () => {
    const res = await signup([user('pair1@example.org'), user('pair2@example.org')], '198.51.100.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'At most 1 user per request' });
    expect(await p.ctx.db.db.selectFrom('users').select('email').where('email', 'like', 'pair%').execute()).toEqual([]);
  });

  it('lets 3 of 10 sign-ups sent at once from one address through, with 429 and Retry-After for the rest', async () => {
    const ip = '198.51.100.2';
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => signup([user(`burst${i}@example.org`)], ip)));
    const ok = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(r.json().message).toMatch(/^Too many sign-up requests from this network\. Please try again in \d+ minutes\.$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(3000);
    }
    expect(await p.ctx.db.db.selectFrom('users').select('email').where('email', 'like', 'burst%').execute()).toHaveLength(3);
    await mailSettled(p.ctx);
    expect(outbox().filter((f) => f.includes('burst'))).toHaveLength(3);
  });

  it('throttles the "already exist" answer too, so it cannot list registered e-mails', async () => {
    const ip = '198.51.100.3';
    expect((await signup([user('taken@example.org')], ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await signup([user('taken@example.org')], ip);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('A User with same email already exist.');
    }
    expect((await signup([user('taken@example.org')], ip)).statusCode).toBe(429);
    // Another address still signs up.
    expect((await signup([user('elsewhere@example.org')], '198.51.100.4')).statusCode).toBe(200);
  });

  it('counts the peer address, not X-Forwarded-For (no proxy trusted)', async () => {
    const ip = '198.51.100.5';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await p.app.inject({
        method: 'POST',
        url: SIGNUP,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { users: [user(`xff${i}@example.org`)] },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
