/** A gate of `npm test`: its name and the command it runs. */
export type Gate = [name: string, command: string];

/** What became of a gate that ran. */
export interface GateRecord {
  name: string;
  passed: boolean;
  ms: number;
}

/** How often a running gate says it still runs (30 s). */
export const HEARTBEAT_MS: number;

export function runStages(
  stages: Gate[][][],
  print?: (text: string) => void,
  options?: { heartbeatMs?: number },
): Promise<{ records: GateRecord[]; passed: boolean }>;

export function summaryLine(record: GateRecord): string;
