// CPU time from Linux's /proc, for `npm run loadtest -- --costs`: what one request of each kind costs
// the server, PostgreSQL and the machine (docs/reliability.md §5). Elsewhere every reading is 0.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** A process's own stat line: its name (which may hold spaces and parentheses), parent and CPU ticks. */
export function parseStat(line: string): { comm: string; ppid: number; ticks: number } | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // After ') ': state, ppid, pgrp, session, tty_nr, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime.
  const fields = line.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(ticks)) return null;
  return { comm: line.slice(open + 1, close), ppid, ticks };
}

/** The machine's CPU line of /proc/stat: busy and stolen ticks, and all of them. */
export function parseMachine(procStat: string): { busy: number; steal: number; total: number } | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const parts = [user, nice, system, idle, iowait, irq, softirq, steal];
  if (parts.some((n) => !Number.isFinite(n))) return null;
  const total = parts.reduce<number>((sum, n) => sum + n!, 0);
  return { busy: total - idle! - iowait! - steal!, steal: steal!, total };
}

function processes(): { pid: number; comm: string; ppid: number; ticks: number }[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      const stat = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      return stat ? [{ pid: Number(pid), ...stat }] : [];
    } catch {
      return []; // ended while listed
    }
  });
}

/** CPU ticks so far per process of the server's tree (its workers with it) and of PostgreSQL, and the machine's. */
export interface CpuReading {
  server: Map<number, number>;
  postgres: Map<number, number>;
  machine: { busy: number; steal: number; total: number } | null;
}

export function readCpu(serverPid: number): CpuReading {
  const all = processes();
  const tree = new Set([serverPid]);
  // Parents come before children often enough; a second pass catches the rest (a cluster is 2 deep).
  for (let pass = 0; pass < 2; pass++) for (const p of all) if (tree.has(p.ppid)) tree.add(p.pid);
  const server = new Map<number, number>();
  const postgres = new Map<number, number>();
  for (const p of all) {
    if (tree.has(p.pid)) server.set(p.pid, p.ticks);
    else if (p.comm === 'postgres') postgres.set(p.pid, p.ticks);
  }
  let machine: CpuReading['machine'] = null;
  try {
    machine = parseMachine(readFileSync('/proc/stat', 'utf8'));
  } catch {}
  return { server, postgres, machine };
}

/**
 * CPU seconds spent between two readings: a process that started in between counts whole, one that
 * ended in between is lost (node-postgres closes a connection idle for 10 s; its backend's last
 * moments are missing, never counted negative).
 */
export function cpuBetween(a: CpuReading, b: CpuReading) {
  const spent = (before: Map<number, number>, after: Map<number, number>) => {
    let ticks = 0;
    for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
    return ticks / TICKS_PER_SECOND;
  };
  const machine = (key: 'busy' | 'steal' | 'total') =>
    a.machine && b.machine ? (b.machine[key] - a.machine[key]) / TICKS_PER_SECOND : 0;
  return {
    server: spent(a.server, b.server),
    postgres: spent(a.postgres, b.postgres),
    machineBusy: machine('busy'),
    machineSteal: machine('steal'),
    machineTotal: machine('total'),
  };
}
