import { describe, expect, it } from "vitest";
import { FileRefused, inspectFile, sniff } from "./inspect";
import { blankHeifMetadata } from "./strip";
import { SMALL_PDF, smallPng } from "./test-support";

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const fullBox = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
const infe = (id: number, type: string) =>
  box("infe", Buffer.from([2, 0, 0, 0]), u16(id), u16(0), Buffer.from(type, "latin1"), Buffer.from([0]));

/** A minimal HEIC as phones write it: an image item and an Exif item, both located by iloc in mdat. */
function heicWithExif(): Buffer {
  const image = Buffer.from("HEVC-PIXELS-HEVC-PIXELS", "latin1");
  const exif = Buffer.from("\0\0\0\0Exif\0\0MM GPS 51.5N 0.12W Jane Tracked", "latin1");
  const build = (mdatAt: number) => {
    const iloc = fullBox(
      "iloc",
      Buffer.from([0x44, 0x00]),
      u16(2),
      ...[
        [1, 0, image.length],
        [2, image.length, exif.length],
      ].map(([id, at, length]) =>
        Buffer.concat([u16(id!), u16(0), u16(1), u32(mdatAt + 8 + at!), u32(length!)]),
      ),
    );
    const meta = fullBox(
      "meta",
      fullBox("hdlr", u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(13)),
      fullBox("iinf", u16(2), infe(1, "hvc1"), infe(2, "Exif")),
      iloc,
    );
    const ftyp = box("ftyp", Buffer.from("heic\0\0\0\0mif1heic", "latin1"));
    return Buffer.concat([ftyp, meta, box("mdat", image, exif)]);
  };
  const first = build(0);
  return build(first.length - (8 + image.length + exif.length));
}

describe("file inspection", () => {
  it("knows the four types by their bytes only", async () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniff(await smallPng())).toBe("image/png");
    expect(sniff(SMALL_PDF)).toBe("application/pdf");
    expect(sniff(heicWithExif())).toBe("image/heic");
    expect(sniff(Buffer.from(" %PDF-1.4"))).toBeUndefined();
    expect(sniff(Buffer.from("\x7fELF\x02\x01\x01", "latin1"))).toBeUndefined();
    expect(sniff(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("refuses data after a PNG's end and markup inside it", async () => {
    const png = await smallPng();
    expect(inspectFile(png)).toBe("image/png");
    expect(() => inspectFile(Buffer.concat([png, Buffer.from("<?php system($_GET[1]); ?>")]))).toThrow(
      FileRefused,
    );
    expect(inspectFile(Buffer.concat([png, Buffer.alloc(16)]))).toBe("image/png");
  });

  it("blanks a HEIC's Exif item in place and leaves the image and every offset as they were", () => {
    const heic = heicWithExif();
    expect(inspectFile(heic)).toBe("image/heic");
    const clean = Buffer.from(blankHeifMetadata(heic));
    expect(clean.length).toBe(heic.length);
    expect(heic.toString("latin1")).toContain("Jane Tracked");
    expect(clean.toString("latin1")).not.toContain("Jane Tracked");
    expect(clean.toString("latin1")).not.toContain("GPS");
    expect(clean.toString("latin1")).toContain("HEVC-PIXELS-HEVC-PIXELS");
    expect(clean.subarray(0, 200)).toEqual(heic.subarray(0, 200));
  });
});
