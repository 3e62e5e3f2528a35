/*
 * Loaded first into a child server (startServer's `clockAheadMs`): its Date.now, which the app's
 * clocks, leases, claims and retries read, runs TEST_CLOCK_AHEAD_MS ahead of the machine's. A test
 * that killed a process starts the next one past what the dead one held (its lease, its claims),
 * instead of waiting in real time for them to run out.
 */
const aheadMs = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);
if (aheadMs > 0) {
  const machine = Date.now.bind(Date);
  Date.now = () => machine() + aheadMs;
}
