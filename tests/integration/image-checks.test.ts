import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Images are decoded, not sniffed; PDFs checked for their structure (docs/files.md#what-is-taken): the
 * review's cases sent to each route that takes images (chat, identity documents, the site's images).
 */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG of 10,000 × 10,000 grey pixels, all zero: about 97 KB that decodes to 100 million pixels. */
function pixelBomb(): Buffer {
  const side = 10_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), default compression, filter and interlace
  const rows = deflateSync(Buffer.alloc((side + 1) * side), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const noise = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
};

let stack: TradingStack;
let customer: string;
let admin: string;
let bomb: Buffer;
let truncated: Buffer;
let located: Buffer;
const headerOnlyPdf = Buffer.from('%PDF-1.7\n');

beforeAll(async () => {
  stack = await startTrading({ uploadMaxBytes: 1024 * 1024 });
  const { db } = stack.database;
  customer = await tokenFor(stack.app, await makeUser(db, { status: 'pending' }));
  admin = await tokenFor(stack.app, await makeUser(db, { role: 'admin' }));
  bomb = pixelBomb();
  const whole = await noise(160, 120).png().toBuffer();
  truncated = whole.subarray(0, Math.floor(whole.length / 2));
  // A phone's photo: where it was taken (GPS) and the camera in its EXIF.
  located = await noise(160, 120)
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

type Route = 'chat' | 'document' | 'site image';
const send = (route: Route, bytes: Buffer, name: string) => {
  const api = request(stack.app);
  switch (route) {
    case 'chat':
      return api.post('/api/v1/chat/upload').set(bearer(customer)).attach('file', bytes, name);
    case 'document':
      return api.post('/api/v1/verification/documents').set(bearer(customer)).field('kind', 'proof_of_address').attach('file', bytes, name);
    case 'site image':
      return api.post('/api/v1/admin/site-images').set(bearer(admin)).attach('file', bytes, name);
  }
};

/** Where the stored file is read back. */
async function storedBytes(route: Route, answer: request.Response): Promise<Buffer> {
  const api = request(stack.app);
  const path = route === 'chat' ? (answer.body.data.download_url as string) : route === 'document' ? (answer.body.data.file_url as string) : (answer.body.url as string);
  const res = await api.get(path).set(bearer(customer)).buffer(true);
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

const routes: Route[] = ['chat', 'document', 'site image'];

describe('images taken are decoded within a pixel limit and re-encoded', () => {
  it.each(routes)('when a 97 KB PNG declares 10,000 × 10,000 pixels, then the %s route refuses it at the file field', async (route) => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await send(route, bomb, 'bomb.png');
    expect([res.status, res.body.errors?.file]).toEqual([422, ['The image is too large: at most 50 million pixels.']]);
  });

  it.each(routes)('when a PNG is cut short, then the %s route refuses it at the file field', async (route) => {
    const res = await send(route, truncated, 'cut.png');
    expect([res.status, res.body.errors?.file]).toEqual([422, ['The image could not be read: it may be damaged or cut short.']]);
  });

  it.each(routes)('when a JPEG carries where it was taken, then the %s route keeps the picture without it', async (route) => {
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const res = await send(route, located, 'holiday.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const kept = await sharp(await storedBytes(route, res)).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif, kept.icc, kept.xmp]).toEqual(['jpeg', 160, 120, undefined, undefined, undefined]);
  });
});

describe('PDFs taken have a PDF’s structure', () => {
  it.each(['chat', 'document'] as const)('when a PDF is only its header, then the %s route refuses it at the file field', async (route) => {
    const res = await send(route, headerOnlyPdf, 'statement.pdf');
    expect([res.status, res.body.errors?.file]).toEqual([422, ['The PDF could not be read: it may be damaged or cut short.']]);
  });
});
