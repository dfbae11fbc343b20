import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { samePicture } from '../support/images';
import { startWebStack, type WebStack } from '../support/web';
import { bearer } from '../support/bearer';

let stack: WebStack;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A token from the API itself, over HTTP. */
const tokenAt = async (person: { email: string; password: string }) => (await request(stack.apiUrl).post('/api/v1/auth/login').send(person)).body.data.token as string;

beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('the site’s images (docs/site-settings.md#images)', () => {
  it('an admin uploads a logo; every visitor, signed in or not, gets it through the web tier; staff may not upload', async () => {
    const api = request(stack.apiUrl);
    const admin = await tokenAt(await makeUser(stack.database.db, { role: 'admin' }));
    const staff = await tokenAt(await makeUser(stack.database.db, { role: 'staff' }));
    expect((await api.post('/api/v1/admin/site-images').set(bearer(staff)).attach('file', png, 'logo.png')).status).toBe(403);

    const uploaded = await api.post('/api/v1/admin/site-images').set(bearer(admin)).attach('file', png, 'logo.png');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toMatch(/^\/api\/v1\/site-images\/[0-9a-f-]{36}\.png$/);
    const image = await request(stack.web).get(uploaded.body.url).buffer(true);
    expect([image.status, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    // Re-encoded when taken (docs/files.md#what-is-taken): the same picture, its type from the record.
    expect(await samePicture(image.body as Buffer, png)).toBe(true);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(stack.web).get('/api/v1/site-images/not-a-file.png')).status).toBe(404);
    expect((await request(stack.web).get(uploaded.body.url.replace('.png', '.html'))).status).toBe(404);
  });

  it('when another kind of file’s id is asked for as a site image, whatever the extension, then it does not exist', async () => {
    const owner = await makeUser(stack.database.db);
    const token = await tokenAt(owner);
    const photo = await request(stack.apiUrl).post('/api/v1/profile/photo').set(bearer(token)).attach('file', png, 'me.png');
    expect(photo.status).toBe(201);
    const photoId = /([0-9a-f-]{36})\.webp$/.exec(photo.body.data.avatar as string)![1]!;
    const attachment = await request(stack.apiUrl).post('/api/v1/chat/upload').set(bearer(token)).attach('file', png, 'chart.png');
    expect(attachment.status).toBe(201);
    for (const name of [`${photoId}.webp`, `${photoId}.png`, `${attachment.body.data.id as string}.png`, `${attachment.body.data.id as string}.gif`]) {
      const res = await request(stack.web).get(`/api/v1/site-images/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers['cache-control'], name).not.toMatch(/public/);
    }
  });

  it('refuses what is not a raster image it can decode, SVG and ICO included, with the field’s message', async () => {
    const admin = await tokenAt(await makeUser(stack.database.db, { role: 'admin' }));
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.png'],
      // A favicon is taken as PNG: an ICO cannot be decoded, so it cannot be checked.
      [Buffer.concat([Buffer.from('00000100010010100000010020006804000016000000', 'hex'), Buffer.alloc(1128)]), 'favicon.ico'],
    ] as const) {
      const res = await request(stack.apiUrl).post('/api/v1/admin/site-images').set(bearer(admin)).attach('file', bytes, name);
      expect(res.status, name).toBe(422);
      expect(res.body.errors.file[0]).toBe('Upload a PNG, JPEG, WebP or GIF image (at most 1 MB); a favicon as PNG. SVG and ICO are not accepted.');
    }
  });
});
