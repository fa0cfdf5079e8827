/**
 * The worker's sends in flight, counted by lane and destination (issue 40): at most `concurrency`
 * in all; routine work leaves `urgentSlots` of them free, so an emergency alert never waits for a
 * slot behind routine work; at most `perDestination` to one destination in the routine lane and
 * `urgentPerDestination` in the emergency lane, so one slow or hostile host (a push endpoint that
 * accepts and never answers) holds only its own share.
 *
 * A destination's capacity is shared, the emergency lane first (issue 63): routine work to a
 * destination takes no more than what the emergency lane's sends there leave of the larger of the
 * two caps, so while an alert goes out to a push service the message's pushes to that service wait
 * (its emails, another destination, do not), and the alert is never behind them.
 */
export interface SlotRules {
  concurrency: number;
  urgentSlots: number;
  perDestination: number;
  /** Sends in flight to one destination in the emergency lane; unset: `perDestination`. */
  urgentPerDestination?: number;
}

export type Lane = 'urgent' | 'routine';

/**
 * The most emails one process has handed to the relay and not yet recorded as sent (issue 56): all
 * email goes to one destination (`email`) in the routine lane (no urgent job is an email), so its
 * share of routine slots, and no more than the SMTP pool's connections, each carrying one message
 * at a time (without SMTP_URL, the outbox: no pool). A `kill -9` can send these again once their
 * lease passes: none is lost, at most this many repeat per process killed.
 */
export function emailsInFlightMax(rules: SlotRules, smtpPoolSize: number | null): number {
  const share = Math.min(rules.perDestination, rules.concurrency - rules.urgentSlots);
  return smtpPoolSize === null ? share : Math.min(share, smtpPoolSize);
}

export class Slots {
  private readonly byLane = { urgent: 0, routine: 0 };
  /** Sends in flight by `<lane> <destination>`. */
  private readonly byDestination = new Map<string, number>();
  private readonly urgentCap: number;
  /** What one destination takes in both lanes together. */
  private readonly shared: number;

  constructor(private readonly rules: SlotRules) {
    if (rules.urgentSlots >= rules.concurrency) {
      throw new Error('urgent slots must leave routine work at least one slot');
    }
    this.urgentCap = rules.urgentPerDestination ?? rules.perDestination;
    this.shared = Math.max(this.urgentCap, rules.perDestination);
  }

  get inFlight(): number {
    return this.byLane.urgent + this.byLane.routine;
  }

  /** How many more jobs of the lane may start now. */
  free(lane: Lane): number {
    const { concurrency, urgentSlots } = this.rules;
    const all = concurrency - this.inFlight;
    return lane === 'urgent' ? all : Math.min(all, concurrency - urgentSlots - this.byLane.routine);
  }

  private count(lane: Lane, destination: string): number {
    return this.byDestination.get(`${lane} ${destination}`) ?? 0;
  }

  /** The lane's room at `destination` by the destination's caps alone (not the pool's). */
  private capRoom(lane: Lane, destination: string): number {
    const urgent = this.count('urgent', destination);
    if (lane === 'urgent') return this.urgentCap - urgent;
    const routine = this.count('routine', destination);
    return Math.min(this.rules.perDestination - routine, this.shared - urgent - routine);
  }

  /** The lane's destinations at their cap: a claim leaves their jobs for later. */
  full(lane: Lane): string[] {
    const destinations = new Set(
      [...this.byDestination.keys()].map((key) => key.slice(key.indexOf(' ') + 1)),
    );
    return [...destinations].filter((destination) => this.capRoom(lane, destination) <= 0);
  }

  /** How many more sends to `destination` the lane may start now: a claim takes no more. */
  room(lane: Lane, destination: string): number {
    return Math.max(0, Math.min(this.capRoom(lane, destination), this.free(lane)));
  }

  /** Takes a slot for a send to `destination`; false when the lane or the destination is full. */
  take(lane: Lane, destination: string): boolean {
    if (this.room(lane, destination) <= 0) return false;
    const key = `${lane} ${destination}`;
    this.byDestination.set(key, (this.byDestination.get(key) ?? 0) + 1);
    this.byLane[lane] += 1;
    return true;
  }

  give(lane: Lane, destination: string): void {
    const key = `${lane} ${destination}`;
    const n = (this.byDestination.get(key) ?? 1) - 1;
    if (n > 0) this.byDestination.set(key, n);
    else this.byDestination.delete(key);
    this.byLane[lane] -= 1;
  }
}
