// Reading back a file embedded in one of our own PDFs (pdfkit's output): the e-invoice's XML is
// answered from the stored PDF, byte for byte, not made again (docs/decisions/0075-e-invoices.md).
// pdfkit writes each object as `N 0 obj <<…>> stream … endstream`; a file specification names
// its file (/F (name)) and its stream (/EF << /F M 0 R >>); the stream is Flate-compressed.
import { inflateSync } from 'node:zlib';

function objectAt(pdf: string, id: string): { dictionary: string; start: number } | null {
  const match = new RegExp(`(?:^|\\n)${id} 0 obj\\n`).exec(pdf);
  if (!match) return null;
  const start = match.index + match[0].length;
  const end = pdf.indexOf('endobj', start);
  return { dictionary: pdf.slice(start, end < 0 ? undefined : end), start };
}

/** The bytes of the file `name` embedded in the PDF (null: none). */
export function embeddedFile(pdf: Buffer, name: string): Buffer | null {
  // latin1 keeps one character per byte, so offsets in the text are offsets in the bytes
  const text = pdf.toString('latin1');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spec = new RegExp(
    `/Type /Filespec[^]*?/F \\(${escaped}\\)[^]*?/EF <<\\n/F (\\d+) 0 R`,
  ).exec(text);
  if (!spec) return null;
  const object = objectAt(text, spec[1]!);
  if (!object) return null;
  const length = /\/Length (\d+)/.exec(object.dictionary);
  const streamAt = object.dictionary.indexOf('stream\n');
  if (!length || streamAt < 0) return null;
  const from = object.start + streamAt + 'stream\n'.length;
  const bytes = pdf.subarray(from, from + Number(length[1]));
  return /\/Filter \/FlateDecode/.test(object.dictionary.slice(0, streamAt))
    ? inflateSync(bytes)
    : Buffer.from(bytes);
}
