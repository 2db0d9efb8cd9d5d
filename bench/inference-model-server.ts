// The test double of a contributor's endpoint (apps/server/src/test/model-server.ts) in its own
// process for bench/inference.ts; prints its base URL on the first line of stdout.
import { startTestModelServer } from '../apps/server/src/test/model-server.ts';

const server = await startTestModelServer();
// The bench sends tens of thousands of calls: do not keep them.
setInterval(() => server.calls.splice(0), 1000).unref();
console.log(server.url(''));
// SIGUSR2: print how many TCP connections were accepted so far (the bench checks keep-alive reuse).
process.on('SIGUSR2', () => console.log(`connections ${server.connections()}`));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
