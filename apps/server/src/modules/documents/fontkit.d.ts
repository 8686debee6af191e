// The part of fontkit (pdfkit's own font reader, also a dependency here) the documents use: a
// font parsed once and handed to pdfkit (docs/decisions/0921-e-invoices.md).
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
