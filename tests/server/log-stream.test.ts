import { describe, expect, it } from 'vitest';
import { LogStream } from '../../server/log-stream.js';

const failing =
  (code: string) =>
  (_fd: number, _text: string): number => {
    throw Object.assign(new Error(code), { code });
  };

describe('the log destination never holds the process (issue 62: exit within SHUTDOWN_GRACE_SECONDS)', () => {
  it('a stdout whose reader is gone (EPIPE) ends the writing: later lines are dropped at once, nothing throws', () => {
    let calls = 0;
    const stream = new LogStream(1, (...args) => {
      calls += 1;
      return failing('EPIPE')(...args);
    });
    stream.write('{"msg":"draining"}\n');
    stream.write('{"msg":"drained: exiting"}\n');
    expect(calls).toBe(1);
    expect(stream.dropped).toBe(2);
  });

  it('a full pipe (EAGAIN) is waited for at most 100 ms while serving, and not at all while draining', () => {
    const stream = new LogStream(1, failing('EAGAIN'));
    let at = Date.now();
    stream.write('{"msg":"a"}\n');
    const serving = Date.now() - at;
    expect(serving).toBeGreaterThanOrEqual(90);
    expect(serving).toBeLessThan(1_000);
    stream.drain();
    at = Date.now();
    for (let i = 0; i < 100; i += 1) stream.write('{"msg":"b"}\n');
    expect(Date.now() - at).toBeLessThan(50);
    expect(stream.dropped).toBe(101);
  });

  it('writes a line whole, across partial writes', () => {
    const out: string[] = [];
    const stream = new LogStream(1, (_fd, text) => {
      const n = Math.min(4, text.length);
      out.push(text.slice(0, n));
      return n;
    });
    stream.write('{"msg":"hello"}\n');
    expect(out.join('')).toBe('{"msg":"hello"}\n');
    expect(stream.dropped).toBe(0);
  });
});
