import { describe, expect, it } from 'vitest';
import { metricsAccess } from './http.ts';

describe('metrics access (METRICS_TOKEN)', () => {
  it('is 404 when no token is set, 401 for a missing or wrong bearer, 200 for the right one', () => {
    expect(metricsAccess(undefined, 'Bearer anything')).toBe(404);
    expect(metricsAccess('s3cret-token', undefined)).toBe(401);
    expect(metricsAccess('s3cret-token', 'Bearer wrong')).toBe(401);
    expect(metricsAccess('s3cret-token', 's3cret-token')).toBe(401);
    expect(metricsAccess('s3cret-token', 'Bearer s3cret-token')).toBe(200);
    expect(metricsAccess('s3cret-token', 'bearer s3cret-token')).toBe(200);
  });
});
