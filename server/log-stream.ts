import { writeSync } from 'node:fs';

/** How long one log line may wait for a full pipe while serving; never while shutting down. */
const FULL_PIPE_WAIT_MS = 100;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The server's log destination: each line written to a file descriptor (stdout) at once, as pino's
 * own does, except that a reader that is gone never holds the process. pino's destination retries a
 * full pipe (EAGAIN) without end, so a process whose stdout reader stopped (journald restarting, a
 * closed pipe) never finished its shutdown (issue 62). Here a closed pipe (EPIPE) ends the writing
 * for good, a full one is waited for at most FULL_PIPE_WAIT_MS a line, and not at all once
 * `draining()` is set: the lines that cannot go are dropped and counted.
 */
export class LogStream {
  private gone = false;
  private draining = false;
  /** Lines that could not be written. */
  dropped = 0;

  constructor(
    private readonly fd = 1,
    private readonly write1: (fd: number, text: string) => number = writeSync,
  ) {}

  /** From now on a full pipe is not waited for: the process is on its way out. */
  drain(): void {
    this.draining = true;
  }

  write(line: string): void {
    if (this.gone) {
      this.dropped += 1;
      return;
    }
    let rest = line;
    const giveUpAt = Date.now() + (this.draining ? 0 : FULL_PIPE_WAIT_MS);
    while (rest.length > 0) {
      try {
        const written = this.write1(this.fd, rest);
        rest = Buffer.from(rest).subarray(written).toString();
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if ((code === 'EAGAIN' || code === 'EBUSY') && Date.now() < giveUpAt) {
          Atomics.wait(pause, 0, 0, 5);
          continue;
        }
        if (code !== 'EAGAIN' && code !== 'EBUSY') this.gone = true;
        this.dropped += 1;
        return;
      }
    }
  }
}
