export interface MachineNeed {
  /** What it is, as a person reads it. */
  name: string;
  /** Which tests need it. */
  usedBy: string;
  /** The command that installs it on Debian. */
  install: string;
  /** Every run, or only a run on PostgreSQL (DATABASE_URL). */
  when: 'always' | 'postgres';
  /** The suites that need it: Vitest's server tests, Playwright's end-to-end tests. */
  suites: ('server' | 'e2e')[];
  /** '' when present, else what is missing. */
  check: () => string;
}
export interface MachineReport {
  need: MachineNeed;
  problem: string;
}
export const MACHINE_NEEDS: MachineNeed[];
export function checkMachine(options: {
  suite?: 'server' | 'e2e';
  postgres: boolean;
}): MachineReport[];
export function requireMachine(suite: 'server' | 'e2e', postgres: boolean): void;
