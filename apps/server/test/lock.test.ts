import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/lock';
import { tempDir } from './helpers';

describe('data directory lock', () => {
  it('refuses a directory another running process holds', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'housnkuh.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      other.kill();
    }
  });

  it.runIf(fs.existsSync('/proc/self/cmdline'))(
    'takes over a lock whose number now belongs to another program',
    () => {
      const dir = tempDir();
      const other = spawn('sleep', ['30']);
      try {
        fs.writeFileSync(path.join(dir, 'housnkuh.lock'), String(other.pid));
        const release = acquireDataDirLock(dir);
        expect(fs.readFileSync(path.join(dir, 'housnkuh.lock'), 'utf8')).toBe(String(process.pid));
        release();
      } finally {
        other.kill();
      }
    },
  );

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'housnkuh.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'housnkuh.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'housnkuh.lock'))).toBe(false);
  });
});
