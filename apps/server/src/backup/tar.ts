import fs from 'node:fs';

/**
 * A minimal tar (ustar) writer and reader for the backup archive: plain files only, names up
 * to 100 bytes (the backup's own names are short), sizes below 8 GiB. Any `tar` program reads
 * the archive (`tar tvf housnkuh-backup.tar`).
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtimeSeconds: number): Buffer {
  const bytes = Buffer.alloc(BLOCK);
  const encoded = Buffer.from(name, 'utf8');
  if (encoded.length > 100) throw new Error(`tar: name too long: ${name}`);
  encoded.copy(bytes, 0);
  bytes.write(octal(0o644, 8), 100, 'ascii');
  bytes.write(octal(0, 8), 108, 'ascii');
  bytes.write(octal(0, 8), 116, 'ascii');
  bytes.write(octal(size, 12), 124, 'ascii');
  bytes.write(octal(mtimeSeconds, 12), 136, 'ascii');
  bytes.write('        ', 148, 'ascii'); // checksum counted as spaces
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\0', 257, 'ascii');
  bytes.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return bytes;
}

/** Writes `members` as a tar file (synchronously; each member's bytes are in memory or a file). */
export function writeTar(
  file: string,
  members: { name: string; data: Buffer | { path: string; size: number } }[],
  mtimeSeconds: number,
) {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    for (const member of members) {
      const size = Buffer.isBuffer(member.data) ? member.data.length : member.data.size;
      fs.writeSync(fd, header(member.name, size, mtimeSeconds));
      if (Buffer.isBuffer(member.data)) {
        fs.writeSync(fd, member.data);
      } else {
        const source = fs.openSync(member.data.path, 'r');
        try {
          const chunk = Buffer.alloc(1 << 20);
          let read: number;
          while ((read = fs.readSync(source, chunk, 0, chunk.length, null)) > 0) {
            fs.writeSync(fd, chunk, 0, read);
          }
        } finally {
          fs.closeSync(source);
        }
      }
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding) fs.writeSync(fd, Buffer.alloc(padding));
    }
    fs.writeSync(fd, Buffer.alloc(BLOCK * 2));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface TarMember {
  name: string;
  size: number;
  /** Where the member's bytes start in the file. */
  offset: number;
}

export class TarError extends Error {}

/** The members of a tar file (their names, sizes and places), checking every header. */
export function readTarIndex(file: string): TarMember[] {
  const fd = fs.openSync(file, 'r');
  try {
    const total = fs.fstatSync(fd).size;
    const members: TarMember[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > total) throw new TarError('das Archiv endet mitten in einem Eintrag');
      fs.readSync(fd, block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) return members;
      const stored = Number.parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/, ''), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (stored !== sum) throw new TarError('ein Kopf des Archivs ist beschädigt (Prüfsumme)');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = Number.parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/, ''), 8);
      const type = block.toString('ascii', 156, 157);
      if (!Number.isFinite(size) || size < 0) throw new TarError(`Größe von ${name} unlesbar`);
      const offset = position + BLOCK;
      if (offset + size > total) throw new TarError(`${name} ist abgeschnitten`);
      if (type === '0' || type === '\0') members.push({ name, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A member's bytes. */
export function readTarMember(file: string, member: TarMember): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(member.size);
    let done = 0;
    while (done < member.size) {
      const read = fs.readSync(fd, bytes, done, member.size - done, member.offset + done);
      if (read === 0) throw new TarError(`${member.name} ist abgeschnitten`);
      done += read;
    }
    return bytes;
  } finally {
    fs.closeSync(fd);
  }
}

/** Copies a member into a file of its own (large members: the PostgreSQL dump). */
export function extractTarMember(file: string, member: TarMember, target: string) {
  const fd = fs.openSync(file, 'r');
  const out = fs.openSync(target, 'w', 0o600);
  try {
    const chunk = Buffer.alloc(1 << 20);
    let done = 0;
    while (done < member.size) {
      const read = fs.readSync(
        fd,
        chunk,
        0,
        Math.min(chunk.length, member.size - done),
        member.offset + done,
      );
      if (read === 0) throw new TarError(`${member.name} ist abgeschnitten`);
      fs.writeSync(out, chunk, 0, read);
      done += read;
    }
  } finally {
    fs.closeSync(fd);
    fs.closeSync(out);
  }
}
