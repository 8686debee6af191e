// The font of every PDF the server writes (documents, labels): Arimo, metrically Helvetica's and
// Arial's widths, embedded as the subset a PDF uses (docs/decisions/0075, 0093, 0098).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/** The names the fonts are registered under in a PDF (`doc.font(ARIMO.bold)`). */
export const ARIMO = { regular: 'Arimo', bold: 'Arimo-Bold' } as const;

const require = createRequire(import.meta.url);
/** The part of fontkit (pdfkit's own font reader, a dependency here too) used here. */
interface Font {
  layout(text: string): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): unknown;
  characterSet: number[];
}
const fontkit = require('fontkit') as { create(buffer: Uint8Array): Font };

let fonts: { regular: Font; bold: Font } | undefined;
/**
 * Arimo (SIL OFL 1.1; the whole font as Google Fonts ships it, from the npm package
 * @expo-google-fonts/arimo: Latin with its extensions, Greek and Cyrillic, so Š, Ł or ř print as
 * they are written), read and parsed once (parsing it for each PDF costs about 40 ms): pdfkit
 * takes a parsed font as well as its bytes.
 *
 * Every glyph is made once from its character, before any PDF: fontkit keeps a glyph with the
 * characters it was first made from, and pdfkit writes those as the text a reader copies or a
 * screen reader speaks. A PDF's subset makes the parts of a composed letter (the "o" of "ö")
 * without characters; made there first, every later PDF's "o" would read back as nothing
 * ("G sp darstw" for "Gospodarstwo").
 */
function arimo(): { regular: Font; bold: Font } {
  const load = (file: string) => {
    const font = fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/arimo/${file}`)));
    for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
    return font;
  };
  fonts ??= {
    regular: load('400Regular/Arimo_400Regular.ttf'),
    bold: load('700Bold/Arimo_700Bold.ttf'),
  };
  return fonts;
}

/** Registers Arimo with `doc` under ARIMO's names and sets the regular one. */
export function useArimo(doc: InstanceType<typeof PDFDocument>): void {
  const { regular, bold } = arimo();
  // pdfkit's types take a path or bytes; it also takes a parsed font (anything with `layout`)
  doc.registerFont(ARIMO.regular, regular as unknown as Buffer);
  doc.registerFont(ARIMO.bold, bold as unknown as Buffer);
  doc.font(ARIMO.regular);
}

/**
 * Text as Arimo can print it: a character it lacks without its accent, else '?' (an emoji, a
 * script it does not cover). Line breaks stay.
 */
export function printableInArimo(text: string): string {
  const { regular } = arimo();
  const has = (char: string) => regular.hasGlyphForCodePoint(char.codePointAt(0)!);
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || has(char)) result += char;
    else {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      result += plain && [...plain].every(has) ? plain : '?';
    }
  }
  return result;
}
