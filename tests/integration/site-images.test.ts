import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { startWebStack, type WebStack } from '../support/web';

let stack: WebStack;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
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
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    expect((await request(stack.web).get('/api/v1/site-images/not-a-file.png')).status).toBe(404);
    expect((await request(stack.web).get(uploaded.body.url.replace('.png', '.html'))).status).toBe(404);
  });

  it('refuses what is not a raster image by its bytes, SVG included, with the field’s message', async () => {
    const admin = await tokenAt(await makeUser(stack.database.db, { role: 'admin' }));
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.png'],
    ] as const) {
      const res = await request(stack.apiUrl).post('/api/v1/admin/site-images').set(bearer(admin)).attach('file', bytes, name);
      expect(res.status, name).toBe(422);
      expect(res.body.errors.file[0]).toContain('PNG, JPEG');
    }
  });
});
