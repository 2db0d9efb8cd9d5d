import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { CORS_MAX_AGE_SECONDS, registerCors } from './cors.ts';

describe('CORS_ORIGINS', () => {
  it('is empty by default and lists exact origins otherwise', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' http://localhost:3000 , https://Client.Example.org/ ' }).corsOrigins).toEqual([
      'http://localhost:3000',
      'https://client.example.org',
    ]);
  });

  it('refuses what a browser never sends as an origin', () => {
    for (const bad of [
      '*',
      'client.example.org',
      'https://client.example.org/app',
      'ftp://client.example.org',
      'https://client.example.org:443',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('registerCors', () => {
  const app = async (origins: string[]) => {
    const a = Fastify({ logger: false });
    await registerCors(a, origins);
    a.get('/x', async () => ({ ok: true }));
    return a;
  };
  const preflight = {
    method: 'OPTIONS' as const,
    url: '/x',
    headers: {
      origin: 'http://localhost:3000',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'key,sig,payload',
    },
  };

  it('answers a listed origin and caches the preflight', async () => {
    const a = await app(['http://localhost:3000']);
    const res = await a.inject(preflight);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-max-age']).toBe(String(CORS_MAX_AGE_SECONDS));
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await a.inject({ method: 'GET', url: '/x', headers: { origin: 'http://localhost:3000' } });
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(get.headers.vary)).toMatch(/Origin/i);
    await a.close();
  });

  it('registers nothing without origins', async () => {
    const a = await app([]);
    expect((await a.inject(preflight)).statusCode).toBe(404);
    expect(
      (await a.inject({ method: 'GET', url: '/x', headers: { origin: 'http://localhost:3000' } })).headers['access-control-allow-origin'],
    ).toBeUndefined();
    await a.close();
  });
});
