import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock, dataDirLockHolder } from '../src/db/lock';
import { tempDir } from './helpers';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A pid that belongs to no process (the highest pid Linux hands out is 2^22). */
const GONE = 4_194_304 + 1;

describe('data directory lock', () => {
  it('refuses a directory another running process holds', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    fs.writeFileSync(path.join(dir, 'housnkuh.lock.7'), `${other.pid} abc`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(dataDirLockHolder(dir)).toBe(other.pid);
  });

  it('refuses a directory that an earlier version still holds (housnkuh.lock)', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    fs.writeFileSync(path.join(dir, 'housnkuh.lock'), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it.runIf(fs.existsSync('/proc/self/cmdline'))(
    'takes over a lock whose number now belongs to another program',
    () => {
      const dir = tempDir();
      const other = spawn('sleep', ['30']);
      children.push(other);
      fs.writeFileSync(path.join(dir, 'housnkuh.lock.3'), `${other.pid} abc`);
      const release = acquireDataDirLock(dir);
      expect(dataDirLockHolder(dir)).toBe(process.pid);
      release();
      expect(dataDirLockHolder(dir)).toBeNull();
    },
  );

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'housnkuh.lock.1'), `${GONE} abc`);
    fs.writeFileSync(path.join(dir, 'housnkuh.lock'), String(GONE));
    const release = acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    // while held, a second taker (also in this process) is refused
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(dataDirLockHolder(dir)).toBeNull();
    // and it can be taken again; old files do not pile up
    const again = acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    again();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('housnkuh.lock'))).toHaveLength(1);
  });

  it("a lock file with this process's pid that it did not take counts as stale", () => {
    // e.g. pid 1 in a container, left behind by the container's previous run
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'housnkuh.lock.4'), `${process.pid} frueher`);
    const release = acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    release();
  });

  describe('50 processes starting at once', () => {
    let lockModule: string;
    beforeAll(async () => {
      // the lock module as plain JavaScript, so 50 processes start quickly
      lockModule = path.join(tempDir(), 'lock.mjs');
      await build({
        entryPoints: [path.resolve(import.meta.dirname, '../src/db/lock.ts')],
        outfile: lockModule,
        bundle: true,
        platform: 'node',
        format: 'esm',
        logLevel: 'silent',
      });
    });

    /**
     * Starts `count` processes; each loads the lock module, says 'ready' and
     * waits for rounds. A round names a moment and a directory: every process
     * spins until that moment (so none is asleep), then tries to take the
     * lock and answers 'held', 'locked <pid>' or 'error …'. Holders keep it.
     */
    async function startProcesses(count: number) {
      const script = `
        const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(pathToFileURL(lockModule).href)});
        let input = '';
        process.stdin.on('data', (chunk) => {
          input += chunk;
          let newline;
          while ((newline = input.indexOf('\\n')) >= 0) {
            const [at, dir] = JSON.parse(input.slice(0, newline));
            input = input.slice(newline + 1);
            while (Date.now() < at) {}
            try {
              acquireDataDirLock(dir);
              process.stdout.write('held\\n');
            } catch (error) {
              process.stdout.write(error instanceof DataDirLockedError ? 'locked ' + error.pid + '\\n' : 'error ' + error.message + '\\n');
            }
          }
        });
        process.stdout.write('ready\\n');`;
      const started = Array.from({ length: count }, () => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        children.push(child);
        let output = '';
        const waiting: ((line: string) => void)[] = [];
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          let newline: number;
          while ((newline = output.indexOf('\n')) >= 0) {
            const line = output.slice(0, newline);
            output = output.slice(newline + 1);
            waiting.shift()?.(line);
          }
        });
        const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
        return { child, pid: child.pid!, ready: nextLine(), nextLine };
      });
      await Promise.all(started.map((s) => s.ready));
      return {
        children: started,
        /** All processes try to take `dir` at the same moment. */
        async round(dir: string) {
          const answers = started.map((s) => s.nextLine());
          const at = Date.now() + 100;
          for (const { child } of started) child.stdin!.write(`${JSON.stringify([at, dir])}\n`);
          return (await Promise.all(answers)).map((answer, i) => ({
            pid: started[i]!.pid,
            answer,
          }));
        },
      };
    }

    function expectExactlyOneHolder(dir: string, results: { pid: number; answer: string }[]) {
      const holders = results.filter((r) => r.answer === 'held');
      expect(holders.map((h) => h.answer)).toEqual(['held']);
      const holder = holders[0]!.pid;
      for (const other of results.filter((r) => r.answer !== 'held')) {
        expect(other.answer).toBe(`locked ${holder}`);
      }
      expect(dataDirLockHolder(dir)).toBe(holder);
    }

    it('exactly one gets the directory, fresh or with the stale lock of a crashed process (20 rounds)', async () => {
      const processes = await startProcesses(50);
      for (let round = 0; round < 20; round++) {
        const dir = tempDir();
        if (round % 2 === 1) {
          fs.writeFileSync(path.join(dir, 'housnkuh.lock.12'), `${GONE} abc`);
          fs.writeFileSync(path.join(dir, 'housnkuh.lock'), String(GONE));
        }
        expectExactlyOneHolder(dir, await processes.round(dir));
      }
    }, 120_000);

    it('after the holder is killed, exactly one of the next 50 gets it', async () => {
      const dir = tempDir();
      const first = await startProcesses(1);
      expect(await first.round(dir)).toEqual([{ pid: first.children[0]!.pid, answer: 'held' }]);
      const holder = first.children[0]!.child;
      const exited = new Promise((resolve) => holder.on('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
      expect(dataDirLockHolder(dir)).toBeNull();
      expectExactlyOneHolder(dir, await (await startProcesses(50)).round(dir));
    }, 60_000);
  });
});
