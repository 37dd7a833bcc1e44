import { deflateSync } from "node:zlib";
import type { TestFile } from "./uploads.ts";

let crcTable: Uint32Array | undefined;

function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A valid grey PNG of the given size (8-bit greyscale, uncompressed rows deflated). */
export function pngImage(name: string, width: number, height: number): TestFile {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width + 1), 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return { name, type: "image/png", data };
}

/** A valid uncompressed greyscale TIFF (little-endian, one strip): a format browsers widely cannot show. */
export function tiffImage(name: string, width: number, height: number): TestFile {
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, width], // ImageWidth
    [257, 3, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets (set below)
    [277, 3, 1], // SamplesPerPixel
    [278, 3, height], // RowsPerStrip
    [279, 4, width * height], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const pixels = 8 + ifdSize;
  const b = Buffer.alloc(pixels + width * height, 0);
  b.fill(0x80, pixels);
  b.write("II", 0, "latin1");
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(8, 4);
  b.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(type, at + 2);
    b.writeUInt32LE(1, at + 4);
    // A SHORT value sits in the first two bytes of the (zeroed) value field.
    if (type === 3) b.writeUInt16LE(value, at + 8);
    else b.writeUInt32LE(tag === 273 ? pixels : value, at + 8);
  });
  b.writeUInt32LE(0, 10 + entries.length * 12);
  return { name, type: "image/tiff", data: b };
}
