import zlib from "node:zlib";
import sharp from "sharp";

// Photos for the upload tests (decision 0038), made here rather than kept as files.

/** A JPEG as a phone writes one: EXIF with the camera and GPS position, stored on its side (orientation 6). */
export async function cameraJpeg({ width = 1200, height = 800 } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: "#a0522d" } })
    .withExif({
      IFD0: { Make: "Test Camera", Copyright: "Owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 3230/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 4366/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  return new Uint8Array(jpeg);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says `width` x `height` (8-bit RGB) with a few compressed rows of pixels behind it: what an
 * attacker sends to make a server decode gigabytes, in a few hundred bytes.
 */
export function hugePng(width = 20_000, height = 20_000): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}
