import { describe, expect, it } from 'vitest';
import { mainThreadStretch, type TraceEvent } from '../../bench/stretch.ts';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('mainThreadStretch', () => {
  it("is the clock time over the CPU time of the busiest renderer main thread's top-level tasks", () => {
    const events = [
      thread(1, 10, 'CrRendererMain'),
      thread(2, 20, 'CrRendererMain'),
      thread(1, 11, 'Compositor'),
      // The page's renderer: three top-level tasks, 60 ms on the clock, 20 on the CPU; two nested tasks (one
      // starting with its outer task), not counted again.
      task(1, 10, 0, 30, 10),
      task(1, 10, 5, 10, 9),
      task(1, 10, 100, 2, 2),
      task(1, 10, 100, 20, 5),
      task(1, 10, 200, 10, 5),
      // Another renderer (about:blank) with fewer tasks, and a thread that is not a main thread: both left out.
      task(2, 20, 0, 100, 100),
      task(1, 11, 0, 500, 1),
    ];
    expect(mainThreadStretch(events)).toBe(3);
  });

  it('is 1 for a renderer that ran undisturbed, and not a number without tasks to measure', () => {
    expect(mainThreadStretch([thread(1, 10, 'CrRendererMain'), task(1, 10, 0, 8, 8), task(1, 10, 10, 4, 4)])).toBe(1);
    expect(mainThreadStretch([thread(1, 10, 'CrRendererMain')])).toBeNaN();
  });
});
