import fs from 'node:fs';
import path from 'node:path';

/**
 * A mail the mail server accepted (its "250" after DATA), with what the outbox row keeps of it
 * once it is marked sent (the copy without a link's token).
 */
export interface AcceptedMail {
  id: number;
  /** The Message-ID sent: `<outbox-{id}-{created}@host>`, so an entry fits its row and no other. */
  messageId: string;
  /** When it was accepted (the clock's milliseconds): the row's `sentAt`. */
  acceptedAt: number;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

/**
 * Where the outbox notes "accepted by the mail server" at once, before the database has written
 * `sent` (docs/decisions/0054, "A mail twice"): the outbox marks every noted mail sent before it
 * sends anything, and never sends a noted mail again.
 */
export interface AcceptedLog {
  /** Notes an accepted mail; synchronous, so nothing runs between the "250" and the note. */
  record(mail: AcceptedMail): void;
  /** The mails noted and not yet forgotten, in order. */
  entries(): AcceptedMail[];
  /** The noted mail with this Message-ID, if any. */
  find(messageId: string): AcceptedMail | undefined;
  /** Forgets every note (each is written to the database by then). */
  clear(): void;
}

/** In memory: what survives a database hiccup, not the process (PostgreSQL, whose write is quick). */
export function memoryAcceptedLog(): AcceptedLog {
  const noted = new Map<string, AcceptedMail>();
  return {
    record: (mail) => void noted.set(mail.messageId, mail),
    entries: () => [...noted.values()],
    find: (messageId) => noted.get(messageId),
    clear: () => noted.clear(),
  };
}

function parseLine(line: string): AcceptedMail | undefined {
  try {
    const mail = JSON.parse(line) as AcceptedMail;
    return typeof mail.id === 'number' && typeof mail.messageId === 'string' ? mail : undefined;
  } catch {
    // a line cut off by the kill: its write never finished, so the mail counts as not noted
    return undefined;
  }
}

/**
 * An append-only file of JSON lines (the embedded database's data directory, which one process
 * holds): each note is written and flushed to the disk (fdatasync) before `record` returns.
 * A process killed after `record` keeps the note; the next start reads it.
 */
export function fileAcceptedLog(file: string): AcceptedLog {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'a+');
  const noted = new Map<string, AcceptedMail>();
  for (const line of fs.readFileSync(fd, 'utf8').split('\n')) {
    const mail = line ? parseLine(line) : undefined;
    if (mail) noted.set(mail.messageId, mail);
  }
  return {
    record(mail) {
      // in memory first: the running process knows it even if the disk refuses the write
      noted.set(mail.messageId, mail);
      // one line per write (appended: 'a+'); a cut-off line is skipped when read
      fs.writeSync(fd, `${JSON.stringify(mail)}\n`);
      fs.fdatasyncSync(fd);
    },
    entries: () => [...noted.values()],
    find: (messageId) => noted.get(messageId),
    clear() {
      if (noted.size === 0 && fs.fstatSync(fd).size === 0) return;
      fs.ftruncateSync(fd, 0);
      fs.fdatasyncSync(fd);
      noted.clear();
    },
  };
}
