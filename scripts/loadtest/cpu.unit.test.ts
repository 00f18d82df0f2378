import { describe, expect, it } from 'vitest';
import { type CpuReading, cpuBetween, parseMachine, parseStat, readCpu } from './cpu';

describe('parseStat', () => {
  it('reads the parent and the user + system ticks after the name, whatever the name holds', () => {
    const line =
      '4242 (node (worker) 1) S 4200 4242 4242 0 -1 4194560 1200 0 0 0 1500 250 0 0 20 0 11 0 9000 1000000 5000';
    expect(parseStat(line)).toEqual({ comm: 'node (worker) 1', ppid: 4200, ticks: 1750 });
  });

  it('answers null for a line it cannot read', () => {
    expect(parseStat('garbage')).toBeNull();
    expect(parseStat('1 (x) S')).toBeNull();
  });
});

describe('parseMachine', () => {
  it('counts busy time without idle, I/O wait and steal, and steal apart', () => {
    const stat = 'cpu  100 5 50 800 20 3 7 15 0 0\ncpu0 50 2 25 400 10 1 3 7 0 0\nintr 1';
    expect(parseMachine(stat)).toEqual({ busy: 165, steal: 15, total: 1000 });
  });

  it('answers null without a cpu line', () => {
    expect(parseMachine('intr 1\n')).toBeNull();
  });
});

describe('cpuBetween', () => {
  const reading = (server: [number, number][], postgres: [number, number][], busy: number): CpuReading => ({
    server: new Map(server),
    postgres: new Map(postgres),
    machine: { busy, steal: busy / 10, total: busy * 2 },
  });

  it('counts a process that started in between whole and never one that ended negative', () => {
    const before = reading(
      [[1, 500]],
      [
        [10, 300],
        [11, 900],
      ],
      1000,
    );
    // Backend 11 ended (its ticks are gone); backend 12 started and used 40.
    const after = reading(
      [[1, 800]],
      [
        [10, 350],
        [12, 40],
      ],
      1600,
    );
    expect(cpuBetween(before, after)).toEqual({
      server: 3,
      postgres: 0.9,
      machineBusy: 6,
      machineSteal: 0.6,
      machineTotal: 12,
    });
  });

  it('reads this process from /proc on Linux', () => {
    const first = readCpu(process.pid);
    let x = 0;
    const until = performance.now() + 100;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    const spent = cpuBetween(first, readCpu(process.pid));
    if (process.platform !== 'linux') return expect(spent.server).toBe(0);
    expect(first.server.get(process.pid)).toBeGreaterThan(0);
    expect(spent.server).toBeGreaterThan(0);
    expect(spent.machineTotal).toBeGreaterThan(0);
    expect(x).toBeGreaterThan(0);
  });
});
