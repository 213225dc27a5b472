import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * Runs `script` (a TypeScript file, through tsx) with `input` as its one JSON argument, waits until it prints the
 * line `at` (however slow the machine, the work is that far along), lets it go on `thenMs` more so the kill lands
 * inside the next piece of work, and kills it with SIGKILL: a process dying mid-write, as a power cut would.
 * `onLine` sees every line the child printed before the kill (what it did on the way).
 */
export async function killChildAt(
  script: string,
  input: unknown,
  at: string,
  thenMs: number,
  onLine: (line: string) => void = () => {},
): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", script, JSON.stringify(input)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      onLine(line);
      if (line === at) resolve();
    });
  });
  await new Promise((r) => setTimeout(r, thenMs));
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}
