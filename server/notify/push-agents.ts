import { Agent } from 'node:https';
import type { AgentOptions } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ReachableEndpoint } from './push-endpoint.js';

/** How many checked addresses keep an agent (and its pooled connections); push services are few. */
const MAX_AGENTS = 256;
/** An idle pooled connection closes after this; a busy one lives as long as it is used. */
const IDLE_MS = 30_000;
/**
 * Connections to one address at most: above a worker's sends in flight (`NOTIFY_CONCURRENCY`, 96 by
 * default), so a request never waits in the agent's queue behind a stalled device's, yet bounded.
 */
const MAX_SOCKETS = 128;

/**
 * The HTTPS agents web push connects through, one per checked address: each one's `lookup` answers
 * every name with that address only, so a connection goes where `checkPushEndpoint` looked and
 * nowhere else, while TLS still checks the certificate against the endpoint's name (SNI and `Host`
 * stay the name). Connections are kept alive and reused, so thousands of pushes to one service share
 * a few TLS handshakes.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, Agent>();

  /** `base`: TLS settings every agent starts from (tests give their push service's certificate). */
  constructor(private readonly base: AgentOptions = {}) {}

  for(target: ReachableEndpoint): Agent {
    const key = `${target.family}/${target.address}`;
    const known = this.agents.get(key);
    if (known) return known;
    const { address, family } = target;
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const agent = new Agent({
      ...this.base,
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      maxFreeSockets: MAX_SOCKETS,
      timeout: IDLE_MS,
      lookup,
    });
    this.agents.set(key, agent);
    // The oldest agent is let go: its idle connections close on their own after IDLE_MS.
    if (this.agents.size > MAX_AGENTS) this.agents.delete(this.agents.keys().next().value ?? key);
    return agent;
  }

  /** Closes every pooled connection (the server is stopping). */
  close() {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
