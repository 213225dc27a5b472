import sharp from "sharp";
import { FileRefused, type SniffedType } from "./inspect";

/**
 * The file as it is stored: JPEG and PNG re-encoded from their pixels (turned upright first), which leaves
 * every metadata segment behind — EXIF with its GPS position, XMP, IPTC, comments; HEIC with its Exif and XMP
 * items blanked in place (libvips as shipped with sharp does not decode HEVC); PDF as it came, checked.
 */
export async function stripMetadata(buf: Uint8Array, type: SniffedType): Promise<Uint8Array> {
  if (type === "application/pdf") return buf;
  if (type === "image/heic") return blankHeifMetadata(buf);
  try {
    const image = sharp(buf, { failOn: "error", limitInputPixels: 80_000_000 }).rotate();
    const out = type === "image/jpeg" ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png();
    return new Uint8Array(await out.toBuffer());
  } catch {
    throw new FileRefused("The image cannot be read");
  }
}

interface Box {
  type: string;
  /** Where its payload starts and the box ends. */
  start: number;
  end: number;
}

function boxes(view: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.readUInt32BE(at);
    const type = view.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(view.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new FileRefused("Broken HEIC");
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const readN = (view: Buffer, at: number, n: number) =>
  n === 0
    ? 0
    : n === 2
      ? view.readUInt16BE(at)
      : n === 4
        ? view.readUInt32BE(at)
        : Number(view.readBigUInt64BE(at));

/** Zeroes the bytes of a HEIF file's Exif and XMP (mime) items, found through its iinf and iloc boxes. */
export function blankHeifMetadata(buf: Uint8Array): Uint8Array {
  const out = Buffer.from(buf);
  const top = boxes(out, 0, out.length);
  const meta = top.find((b) => b.type === "meta");
  if (!meta) throw new FileRefused("Broken HEIC");
  const children = boxes(out, meta.start + 4, meta.end);
  const iinf = children.find((b) => b.type === "iinf");
  const iloc = children.find((b) => b.type === "iloc");
  const idat = children.find((b) => b.type === "idat");
  if (!iinf || !iloc) throw new FileRefused("Broken HEIC");
  const metadataItems = new Set<number>();
  const iinfVersion = out[iinf.start]!;
  for (const infe of boxes(out, iinf.start + 4 + (iinfVersion === 0 ? 2 : 4), iinf.end)) {
    const version = out[infe.start]!;
    if (infe.type !== "infe" || version < 2) continue;
    const id = version === 2 ? out.readUInt16BE(infe.start + 4) : out.readUInt32BE(infe.start + 4);
    const typeAt = infe.start + 4 + (version === 2 ? 2 : 4) + 2;
    const itemType = out.toString("latin1", typeAt, typeAt + 4);
    if (itemType === "Exif" || itemType === "mime") metadataItems.add(id);
  }
  const version = out[iloc.start]!;
  let at = iloc.start + 4;
  const offsetSize = out[at]! >> 4;
  const lengthSize = out[at]! & 15;
  const baseOffsetSize = out[at + 1]! >> 4;
  const indexSize = version >= 1 ? out[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? out.readUInt16BE(at) : out.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? out.readUInt16BE(at) : out.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    const method = version >= 1 ? out.readUInt16BE(at) & 15 : 0;
    if (version >= 1) at += 2;
    at += 2; // data_reference_index
    const base = readN(out, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = out.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readN(out, at, offsetSize);
      at += offsetSize;
      const length = readN(out, at, lengthSize);
      at += lengthSize;
      if (!metadataItems.has(id)) continue;
      const from = (method === 1 ? (idat?.start ?? 0) : 0) + base + offset;
      const to = length === 0 ? out.length : from + length;
      if (method > 1 || from > out.length || to > out.length) throw new FileRefused("Broken HEIC");
      out.fill(0, from, to);
    }
  }
  return new Uint8Array(out);
}
