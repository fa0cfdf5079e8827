// `node scripts/wait-ready.mjs <port> [seconds]`: waits until the server process on 127.0.0.1:<port>
// answers /readyz with 200 (default: at most 60 s), for the rolling restart and upgrade in
// docs/operations.md. Needs no curl: the Node.js that runs the server runs it. Exit status 0 when
// ready, 1 when the time ran out (the last answer or error is printed).
const [port, seconds = '60'] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? '') || !/^\d+$/.test(seconds)) {
  console.error('Usage: node scripts/wait-ready.mjs <port> [seconds]');
  process.exit(2);
}
const deadline = Date.now() + Number(seconds) * 1000;
let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`, {
      signal: AbortSignal.timeout(2000),
    });
    last = `${answer.status} ${await answer.text()}`;
    if (answer.ok) {
      console.log(`127.0.0.1:${port} is ready: ${last}`);
      process.exit(0);
    }
  } catch (err) {
    last = err instanceof Error ? err.message : String(err);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`127.0.0.1:${port} is not ready after ${seconds} s: ${last}`);
process.exit(1);
