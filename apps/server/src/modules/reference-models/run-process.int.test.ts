import { describe, expect, it } from 'vitest';
import { processLimiter, ProcessFailedError, runProcess } from './run-process.ts';

const opts = { timeoutMs: 5000, maxOutputBytes: 1024 };

describe('child-process runner of the reference engines', () => {
  it('feeds stdin and returns stdout', async () => {
    const { stdout } = await runProcess('sh', ['-c', 'tr a-z A-Z'], { ...opts, input: 'नमस्ते hello' });
    expect(stdout.toString('utf8')).toBe('नमस्ते HELLO');
  });

  it('kills a whole pipeline that runs past its time limit', async () => {
    const started = Date.now();
    const err = await runProcess('sh', ['-c', 'sleep 30 | cat'], { ...opts, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessFailedError);
    expect((err as Error).message).toMatch(/longer than 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails on a non-zero exit, a missing program and output over the cap', async () => {
    await expect(runProcess('sh', ['-c', 'echo oops >&2; exit 3'], opts)).rejects.toThrow(/code 3/);
    await expect(runProcess('/nonexistent/program', [], opts)).rejects.toThrow(/could not start/);
    await expect(runProcess('sh', ['-c', 'yes'], opts)).rejects.toThrow(/more than 1024 bytes/);
  });

  it('runs at most the cap at once', async () => {
    const limit = processLimiter(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        limit(async () => {
          running += 1;
          most = Math.max(most, running);
          await runProcess('sh', ['-c', 'sleep 0.05'], opts);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
