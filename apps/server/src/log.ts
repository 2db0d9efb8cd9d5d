import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * The process logger (docs/configuration.md#server, LOG_FORMAT): readable coloured lines through
 * pino-pretty when `logFormat` is 'pretty' (the default for a person at a terminal), one JSON
 * object a line otherwise (pipes, log collectors). Pretty printing runs in this thread, so lines
 * are never lost when the process exits.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  if (config.logFormat !== 'pretty') return pino({ level: config.logLevel });
  return pino(
    { level: config.logLevel },
    pretty({ colorize: Boolean(process.stdout.isTTY), sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}
