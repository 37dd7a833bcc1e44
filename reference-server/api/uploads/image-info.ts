/** An image's pixel size, read from its header. */
export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the IHDR chunk follows the signature; width and height are its first two big-endian words. */
function png(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** GIF: "GIF87a"/"GIF89a", then the logical screen's width and height, little-endian. */
function gif(b: Buffer): ImageSize | undefined {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString("latin1", 0, 6))) return undefined;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** JPEG: walks the markers to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC). */
function jpeg(b: Buffer): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/** WebP: RIFF…WEBP with a VP8 (lossy), VP8L (lossless) or VP8X (extended) first chunk. */
function webp(b: Buffer): ImageSize | undefined {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return undefined;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** TIFF: the first image file directory's ImageWidth (256) and ImageLength (257) entries, either byte order. */
function tiff(b: Buffer): ImageSize | undefined {
  if (b.length < 8) return undefined;
  const order = b.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return undefined;
  const le = order === "II";
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > b.length) return undefined;
  const size: Partial<ImageSize> = {};
  for (let n = 0, count = u16(ifd); n < count && ifd + 2 + n * 12 + 12 <= b.length; n++) {
    const e = ifd + 2 + n * 12;
    const tag = u16(e);
    const value = u16(e + 2) === 3 ? u16(e + 8) : u32(e + 8);
    if (tag === 256) size.width = value;
    if (tag === 257) size.height = value;
  }
  return size.width !== undefined && size.height !== undefined ? { width: size.width, height: size.height } : undefined;
}

/** HEIC/HEIF: the image spatial extents property box (`ispe`) holds width and height. */
function heif(b: Buffer): ImageSize | undefined {
  if (b.length < 12 || b.toString("latin1", 4, 8) !== "ftyp") return undefined;
  const at = b.indexOf("ispe", 0, "latin1");
  if (at < 0 || at + 16 > b.length) return undefined;
  return { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
}

const READERS: Readonly<Record<string, (b: Buffer) => ImageSize | undefined>> = {
  "image/png": png,
  "image/gif": gif,
  "image/jpeg": jpeg,
  "image/webp": webp,
  "image/tiff": tiff,
  "image/heic": heif,
  "image/heif": heif,
};

/** Image types browsers widely cannot show: their previews point at a transcoded copy (FL336 data-transcoded-image). */
export const TRANSCODED_TYPES: ReadonlySet<string> = new Set(["image/tiff", "image/heic", "image/heif"]);

/** The size of an image of a type the server previews, from its header; undefined for other files or bad headers. */
export function imageSize(contentType: string, data: Buffer): ImageSize | undefined {
  const read = READERS[contentType.split(";")[0]!.trim().toLowerCase()];
  const size = read?.(data);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
