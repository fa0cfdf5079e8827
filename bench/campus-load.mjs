// bench:campus's load generator, in a process of its own so its work does not sit in the server's
// event loop: RATE requests a second, open loop (each operation starts on its schedule whether the
// last one answered or not), from signed-in people chosen at random, each request to the next of the
// plan's servers (one, or several as behind a balancer). Reads its plan as JSON on
// stdin, writes the latencies by operation as JSON on stdout.
//
// Operations: the dashboard's fan-out (its reads at once; the time until the last answers), the Next
// Steps list, a task (the list's one-task read), search and Messages. Each operation spends as many
// of the second's requests as it makes.

const plan = JSON.parse(await new Response(process.stdin).text());
const { bases, sessions, rate, seconds, warmSeconds, dashboard, words } = plan;
let turn = 0;
const nextBase = () => bases[turn++ % bases.length];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const headersOf = (s) => ({
  authorization: `Token ${s.token}`,
  cookie: `portal_session=${s.sessionId}`,
});

/** Each of the dashboard's reads alone, to say which of them makes its fan-out's time. */
const reads = Object.fromEntries(dashboard.map((p) => [p, []]));

async function get(path, session, timed = null) {
  const begin = performance.now();
  const response = await fetch(`${nextBase()}${path}`, { headers: headersOf(session) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  if (begin - started >= warmSeconds * 1000) timed?.push(performance.now() - begin);
}

/** The longest wait of a 10 ms timer here: a stall of this process, not of the server. */
let longestGap = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const at = performance.now();
  longestGap = Math.max(longestGap, at - lastTick);
  lastTick = at;
}, 10);

const operations = {
  dashboard: {
    weight: 0.25,
    requests: dashboard.length,
    run: (s) => Promise.all(dashboard.map((p) => get(p, s, reads[p]))),
  },
  nextStepsList: {
    weight: 0.2,
    requests: 1,
    run: (s) => get('/next-steps/api/user_task/?published=True', s),
  },
  task: {
    weight: 0.2,
    requests: 1,
    run: (s) => get(`/next-steps/api/user_task/?published=True&task__id=${pick(s.taskIds)}`, s),
  },
  search: {
    weight: 0.15,
    requests: 1,
    run: (s) => get(`/api/search?q=${encodeURIComponent(pick(words))}`, s),
  },
  messages: { weight: 0.2, requests: 1, run: (s) => get('/api/notifications/user', s) },
};
const names = Object.keys(operations);
const chooseOperation = () => {
  let r = Math.random();
  for (const name of names) {
    r -= operations[name].weight;
    if (r < 0) return name;
  }
  return names[names.length - 1];
};

const samples = Object.fromEntries(names.map((n) => [n, []]));
const errors = [];
let sent = 0;
const started = performance.now();
const until = started + (warmSeconds + seconds) * 1000;
const inFlight = new Set();
let next = started;
while (next < until) {
  const name = chooseOperation();
  const operation = operations[name];
  const at = next;
  next += (operation.requests / rate) * 1000;
  const wait = at - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const session = pick(sessions);
  const begin = performance.now();
  sent += operation.requests;
  const done = operation
    .run(session)
    .then(
      () => {
        if (begin - started >= warmSeconds * 1000) samples[name].push(performance.now() - begin);
      },
      (err) => errors.push(`${name}: ${err.message}`),
    )
    .finally(() => inFlight.delete(done));
  inFlight.add(done);
}
await Promise.all(inFlight);
clearInterval(ticker);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : null;
};
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: round(sent / elapsed),
    generatorLongestTimerGapMs: round(longestGap),
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    dashboardReads: Object.fromEntries(
      dashboard.map((p) => [
        p,
        { p50Ms: round(percentile(reads[p], 50)), p99Ms: round(percentile(reads[p], 99)) },
      ]),
    ),
    operations: Object.fromEntries(
      names.map((n) => [
        n,
        {
          count: samples[n].length,
          p50Ms: round(percentile(samples[n], 50)),
          p99Ms: round(percentile(samples[n], 99)),
          maxMs: round(percentile(samples[n], 100)),
        },
      ]),
    ),
  }),
);
