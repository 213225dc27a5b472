// CPU per call (issue 38): what each process spent on one call of a money path, read from Linux's /proc over the
// measured window. On this 2-core box the server, the database's backends and the load generator share the
// cores, so a rate moves with whatever else the box does; CPU per call moves only with the code, and it bounds
// the rate: cores ÷ (the three together). pgbench's baseline gets the same figures per transaction.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_S = 100;

/** CPU ticks of a process so far: user and system, with its waited-for children's when asked. */
function ticksOf(pid: number | "self", children = false): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(f[11]) + Number(f[12]);
    return children ? own + Number(f[13]) + Number(f[14]) : own;
  } catch {
    return undefined;
  }
}

/**
 * Every PostgreSQL process's ticks (the postmaster, its backends and helpers), or undefined off Linux. Children's
 * included: a backend that has exited (pgbench's, at its end) is counted in the postmaster that reaped it.
 */
function databaseTicks(): number | undefined {
  let sum = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    const t = ticksOf(Number(entry), true);
    if (t !== undefined) {
      sum += t;
      found = true;
    }
  }
  return found ? sum : undefined;
}

export interface CpuMark {
  server?: number;
  database?: number;
  /** This process (the load generator) and the children it has waited for (pgbench). */
  client?: number;
}

/** The ticks so far of the server (by pid, when there is one), the database and this process. */
export function cpuMark(serverPid?: number): CpuMark {
  return {
    server: serverPid === undefined ? undefined : ticksOf(serverPid),
    database: databaseTicks(),
    client: ticksOf("self", true),
  };
}

/** Milliseconds of CPU per call of each part between two marks. */
export interface CpuPerCall {
  server?: number;
  database?: number;
  client?: number;
}

export function cpuPerCall(from: CpuMark, to: CpuMark, calls: number): CpuPerCall | undefined {
  if (calls <= 0) return undefined;
  const per = (a?: number, b?: number) =>
    a === undefined || b === undefined ? undefined : ((b - a) * 1000) / TICKS_PER_S / calls;
  return {
    server: per(from.server, to.server),
    database: per(from.database, to.database),
    client: per(from.client, to.client),
  };
}

/**
 * "cpu per call: server 1.20 ms, database 0.40 ms, client 0.30 ms; all cores busy at ~1,050 calls/s": the line a
 * row prints under its rate (`what`: call, transaction…).
 */
export function cpuLine(cpu: CpuPerCall | undefined, what = "call", labels = { client: "client" }): string {
  if (!cpu) return `    cpu per ${what}: not measured`;
  const parts = [
    cpu.server !== undefined ? `server ${cpu.server.toFixed(2)} ms` : undefined,
    cpu.database !== undefined ? `database ${cpu.database.toFixed(2)} ms` : undefined,
    cpu.client !== undefined ? `${labels.client} ${cpu.client.toFixed(2)} ms` : undefined,
  ].filter(Boolean);
  if (parts.length === 0) return `    cpu per ${what}: not measured (no /proc)`;
  const total = (cpu.server ?? 0) + (cpu.database ?? 0) + (cpu.client ?? 0);
  const ceiling = total > 0 ? Math.round((availableParallelism() * 1000) / total) : undefined;
  return `    cpu per ${what}: ${parts.join(", ")}${ceiling ? `; all ${availableParallelism()} cores busy at ~${ceiling.toLocaleString("en")} ${what}s/s` : ""}`;
}
