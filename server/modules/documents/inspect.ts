/**
 * What an uploaded file really is, from its bytes: JPEG, PNG, HEIC or PDF, and nothing hidden inside. A name or
 * a browser's content type proves nothing, so neither is read here.
 */
export type SniffedType = "image/jpeg" | "image/png" | "image/heic" | "application/pdf";

export class FileRefused extends Error {}

const ascii = (buf: Uint8Array, from: number, to: number) =>
  Buffer.from(buf.subarray(from, to)).toString("latin1");

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);

/** The type by magic bytes, or undefined (an executable, a ZIP, a text file…). */
export function sniff(buf: Uint8Array): SniffedType | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (buf.length >= 8 && ascii(buf, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (buf.length >= 5 && ascii(buf, 0, 5) === "%PDF-") return "application/pdf";
  if (buf.length >= 16 && ascii(buf, 4, 8) === "ftyp") {
    const size = Buffer.from(buf).readUInt32BE(0);
    const brands = [ascii(buf, 8, 12)];
    for (let at = 16; at + 4 <= Math.min(size, buf.length); at += 4) brands.push(ascii(buf, at, at + 4));
    if (brands.some((b) => HEIC_BRANDS.has(b))) return "image/heic";
  }
  return undefined;
}

/** Signatures that make a file a polyglot: an archive (ZIP, RAR, 7z) or an executable inside it. */
const FOREIGN_BYTES = ["PK\x03\x04", "PK\x05\x06", "Rar!\x1a\x07", "7z\xbc\xaf\x27\x1c", "\x7fELF"];
/** …or a web page, a script or server code. */
const FOREIGN_TEXT = [
  /<\s*(script|html|body|iframe|svg|object|embed)[\s>/]/i,
  /<!doctype\s+html/i,
  /<\?php/i,
];

/** Active content in a PDF: scripts, launching programs, embedded files. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA)\b/;

/** Where a JPEG really ends: segments up to the scan, then entropy-coded data up to EOI (FFD9). */
function jpegEnd(buf: Uint8Array): number {
  let at = 2;
  while (at + 2 <= buf.length) {
    if (buf[at] !== 0xff) throw new FileRefused("Broken JPEG");
    const marker = buf[at + 1]!;
    if (marker === 0xd9) return at + 2;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > buf.length) break;
    const length = (buf[at + 2]! << 8) | buf[at + 3]!;
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: FF00 is a stuffed byte and FFD0–D7 restart markers; any other marker ends it.
      while (at + 1 < buf.length) {
        if (buf[at] === 0xff) {
          const next = buf[at + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            at += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        at++;
      }
    }
  }
  throw new FileRefused("The JPEG has no end");
}

/** Where a PNG ends: its chunks up to IEND. */
function pngEnd(buf: Uint8Array): number {
  const view = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 8;
  while (at + 12 <= buf.length) {
    const length = view.readUInt32BE(at);
    const type = ascii(buf, at + 4, at + 8);
    at += 12 + length;
    if (type === "IEND") return at;
  }
  throw new FileRefused("The PNG has no end");
}

/** A PDF ends at its last %%EOF (and an end of line). */
function pdfEnd(buf: Uint8Array): number {
  const text = Buffer.from(buf).toString("latin1");
  const eof = text.lastIndexOf("%%EOF");
  if (eof < 0) throw new FileRefused("The PDF has no end");
  return eof + 5;
}

const END: Partial<Record<SniffedType, (buf: Uint8Array) => number>> = {
  "image/jpeg": jpegEnd,
  "image/png": pngEnd,
  "application/pdf": pdfEnd,
};

/**
 * The file's type when it is one we take and carries nothing else: no bytes after its end (bar padding), no
 * archive, page, script or executable inside, no active content in a PDF. Throws FileRefused otherwise.
 */
export function inspectFile(buf: Uint8Array): SniffedType {
  const type = sniff(buf);
  if (!type) throw new FileRefused("Upload a JPEG, PNG, HEIC or PDF file");
  const end = END[type]?.(buf) ?? buf.length;
  for (let i = end; i < buf.length; i++)
    if (![0x00, 0x0a, 0x0d, 0x20].includes(buf[i]!))
      throw new FileRefused("The file carries data after its end");
  const text = Buffer.from(buf).toString("latin1");
  if (FOREIGN_BYTES.some((sig) => text.includes(sig)) || FOREIGN_TEXT.some((pattern) => pattern.test(text)))
    throw new FileRefused("The file carries another file inside");
  if (type === "application/pdf" && PDF_ACTIVE.test(text))
    throw new FileRefused("The PDF carries active content");
  return type;
}
