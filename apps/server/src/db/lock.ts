import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Whether the lock's process still runs as a Node.js process. After a crash
 * or a reboot the number may belong to an unrelated program (PIDs are reused,
 * in containers quickly); where /proc tells the program, such a lock counts
 * as stale.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /node/i.test(path.basename(command)) || command === process.execPath;
  } catch {
    // no /proc (macOS, Windows) or not readable: trust the process table
    return true;
  }
}

const LOCK_PREFIX = 'housnkuh.lock.';
const LOCK_NAME = /^housnkuh\.lock\.(\d+)$/;
const TEMP_NAME = /^housnkuh\.lock-tmp\.(\d+)\./;
/** The single lock file of earlier versions; honoured while its process runs. */
const LEGACY_LOCK = 'housnkuh.lock';
/** Content of the generation a process leaves behind when it releases the lock. */
const RELEASED = 'released';

/** Lock generations of this process that are held right now (file name → content). */
const heldHere = new Map<string, string>();

interface Generation {
  number: number;
  file: string;
}

function generations(dataDir: string): Generation[] {
  return fs
    .readdirSync(dataDir)
    .map((name) => ({ name, match: LOCK_NAME.exec(name) }))
    .filter((entry) => entry.match)
    .map((entry) => ({
      number: Number(entry.match![1]),
      file: path.join(dataDir, entry.name),
    }))
    .sort((a, b) => a.number - b.number);
}

/** The pid holding a generation, or null when it is released or its process is gone. */
function holderOf(file: string): number | null {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (content === RELEASED) return null;
  const pid = Number.parseInt(content.split(' ')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) {
    // ours only if this process took it and holds it now (else: an earlier
    // process that had the same pid, e.g. pid 1 in a container)
    return heldHere.get(file) === content ? pid : null;
  }
  return isRunning(pid) ? pid : null;
}

/**
 * Creates `file` with `content` exclusively, and only complete: the content is
 * written to a temporary file first and then hard-linked to the name, which
 * fails when the name exists. Nobody can see the file half-written.
 */
function createComplete(dataDir: string, file: string, content: string): boolean {
  const temp = path.join(
    dataDir,
    `housnkuh.lock-tmp.${process.pid}.${randomBytes(6).toString('hex')}`,
  );
  fs.writeFileSync(temp, content, { flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes temporary files that processes which no longer run left behind. */
function removeStaleTemporaries(dataDir: string) {
  for (const name of fs.readdirSync(dataDir)) {
    const pid = Number(TEMP_NAME.exec(name)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) {
      fs.rmSync(path.join(dataDir, name), { force: true });
    }
  }
}

/**
 * The pid in the lock file of earlier versions, or null. Another starter may
 * remove that file at any moment (the new holder does), so a missing file is
 * no error.
 */
function readLegacyPid(file: string): number | null {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pid = Number.parseInt(content.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The pid of the process that holds the directory's lock, or null when nobody does. */
export function dataDirLockHolder(dataDir: string): number | null {
  if (!fs.existsSync(dataDir)) return null;
  const newest = generations(dataDir).at(-1);
  return newest ? holderOf(newest.file) : null;
}

/**
 * Takes the embedded database's directory for this process: PGlite must never
 * be opened by two processes at once. Returns the function that releases the
 * lock.
 *
 * The lock is a numbered file, `housnkuh.lock.<n>`, holding the owner's pid;
 * the newest number counts. A starter reads the newest one; when its owner
 * still runs, the directory is taken. Otherwise it creates the next number,
 * exclusively and complete (see createComplete), and holds the lock if that
 * number is still the newest afterwards. Of several starters only one can
 * create a given number, and nothing is ever deleted that another starter
 * might be about to judge: a stale lock is superseded, not removed, and the
 * newest file is never deleted (release adds a newer 'released' one), so the
 * numbers only grow. Older files are removed by the holder.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  removeStaleTemporaries(dataDir);
  const legacy = path.join(dataDir, LEGACY_LOCK);
  const legacyPid = readLegacyPid(legacy);
  if (legacyPid !== null && legacyPid !== process.pid && isRunning(legacyPid)) {
    throw new DataDirLockedError(dataDir, legacyPid);
  }

  for (let attempt = 0; attempt < 100; attempt++) {
    const newest = generations(dataDir).at(-1);
    if (newest) {
      const pid = holderOf(newest.file);
      if (pid !== null) throw new DataDirLockedError(dataDir, pid);
    }
    const number = (newest?.number ?? 0) + 1;
    const file = path.join(dataDir, `${LOCK_PREFIX}${number}`);
    const content = `${process.pid} ${randomBytes(8).toString('hex')}`;
    if (!createComplete(dataDir, file, content)) continue; // someone else was quicker: look again
    if (generations(dataDir).at(-1)?.number !== number) {
      // a slow starter that judged an older generation; a newer one decides
      fs.rmSync(file, { force: true });
      continue;
    }
    heldHere.set(file, content);
    for (const older of generations(dataDir)) {
      if (older.number < number) fs.rmSync(older.file, { force: true });
    }
    fs.rmSync(legacy, { force: true });

    let released = false;
    return () => {
      if (released) return;
      released = true;
      heldHere.delete(file);
      try {
        if (fs.readFileSync(file, 'utf8') !== content) return;
        // a newer generation first, so the newest number never disappears
        createComplete(dataDir, path.join(dataDir, `${LOCK_PREFIX}${number + 1}`), RELEASED);
        fs.rmSync(file, { force: true });
      } catch {
        // the directory is gone
      }
    };
  }
  throw new Error(`Could not lock ${dataDir}`);
}
