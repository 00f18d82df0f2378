/** The CPU slowdown that makes a host of this Lighthouse benchmark index act as Lighthouse's reference phone. */
export function cpuSlowdownFor(benchmarkIndex: number): number;
