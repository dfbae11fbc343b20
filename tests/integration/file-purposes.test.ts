import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLinks } from '../../server/trading/chat/file-links';
import { orphanAfterMs, sweepOrphanFiles } from '../../server/trading/chat/orphan-sweeper';
import { storedFiles, verificationDocuments } from '../../server/trading/db/schema';
import { insertDocument } from '../../server/trading/db/verification.repo';
import { makeUser } from '../support/factories';
import { startTrading, testRealtimeCredentials, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Every stored file is served only by the route of its own purpose, under that purpose's rule
 * (docs/files.md#who-reads-what): one file of each purpose, asked for through every file route by every
 * kind of caller. The document routes address documents, so a document row is made naming each other
 * purpose's file: a row pointing at the wrong file still serves nothing.
 */
const purposes = ['site_image', 'chat_attachment', 'profile_photo', 'identity_document'] as const;
const callers = ['anonymous', 'owner', 'other customer', 'staff', 'admin'] as const;
const routes = ['site image', 'chat file', 'chat signed link', 'profile photo', 'own document', 'staff document'] as const;
type Purpose = (typeof purposes)[number];
type Caller = (typeof callers)[number];
type Route = (typeof routes)[number];

/** What each route answers each caller for each purpose's file: the rules of docs/files.md. */
function expected(route: Route, purpose: Purpose, caller: Caller): number {
  // Public: only the site's images (and a chat attachment's signed link, which is its own permission).
  if (route === 'site image') return purpose === 'site_image' ? 200 : 404;
  if (route === 'chat signed link') return purpose === 'chat_attachment' ? 200 : 404;
  if (caller === 'anonymous') return 401;
  const customer = caller === 'owner' || caller === 'other customer';
  switch (route) {
    case 'chat file':
      return purpose === 'chat_attachment' && caller !== 'other customer' ? 200 : 404;
    case 'profile photo':
      return purpose === 'profile_photo' && caller !== 'other customer' ? 200 : 404;
    case 'own document':
      return purpose === 'identity_document' && caller === 'owner' ? 200 : 404;
    case 'staff document':
      return customer ? 403 : purpose === 'identity_document' ? 200 : 404;
  }
}

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let stack: TradingStack;
const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
/** Each purpose's file: its stored id, the extension of what it is, the document row naming it, and a signed chat link to it. */
const files = {} as Record<Purpose, { id: string; extension: string; documentId: number; link: string }>;

beforeAll(async () => {
  stack = await startTrading();
  const { db } = stack.database;
  const owner = await makeUser(db);
  tokens.owner = await tokenFor(stack.app, owner);
  tokens['other customer'] = await tokenFor(stack.app, await makeUser(db));
  tokens.staff = await tokenFor(stack.app, await makeUser(db, { role: 'staff' }));
  tokens.admin = await tokenFor(stack.app, await makeUser(db, { role: 'admin' }));
  const api = request(stack.app);

  const site = await api.post('/api/v1/admin/site-images').set(bearer(tokens.admin)).attach('file', png, 'logo.png').expect(201);
  const chat = await api.post('/api/v1/chat/upload').set(bearer(tokens.owner)).attach('file', png, 'chart.png').expect(201);
  const photo = await api.post('/api/v1/profile/photo').set(bearer(tokens.owner)).attach('file', png, 'me.png').expect(201);
  const document = await api.post('/api/v1/verification/documents').set(bearer(tokens.owner)).field('kind', 'selfie').attach('file', png, 'me.png').expect(201);
  const [documentRow] = await db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.id, document.body.data.id as number));

  const ids: Record<Purpose, string> = {
    site_image: /([0-9a-f-]{36})\.png$/.exec(site.body.url as string)![1]!,
    chat_attachment: chat.body.data.id as string,
    profile_photo: /([0-9a-f-]{36})\.webp$/.exec(photo.body.data.avatar as string)![1]!,
    identity_document: documentRow!.fileId,
  };
  const links = fileLinks(testRealtimeCredentials.secret);
  for (const purpose of purposes) {
    const id = ids[purpose];
    const documentId =
      purpose === 'identity_document'
        ? documentRow!.id
        : (await insertDocument(db, { userId: owner.user.id, kind: 'proof_of_address', fileId: id, fileName: 'other.png', mime: 'image/png', size: png.length })).id;
    const link = purpose === 'chat_attachment' ? (chat.body.data.download_url as string) : links.urlOf({ id, customerId: owner.user.id });
    files[purpose] = { id, extension: purpose === 'profile_photo' ? 'webp' : 'png', documentId, link };
  }
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

function addressOf(route: Route, purpose: Purpose): string {
  const { id, extension, documentId, link } = files[purpose];
  switch (route) {
    case 'site image':
      return `/api/v1/site-images/${id}.${extension}`;
    case 'chat file':
      return `/api/v1/chat/files/${id}`;
    case 'chat signed link':
      return link;
    case 'profile photo':
      return `/api/v1/profile/photos/${id}.webp`;
    case 'own document':
      return `/api/v1/verification/documents/${documentId}/file`;
    case 'staff document':
      return `/api/v1/admin/queues/documents/${documentId}/file`;
  }
}

describe('each stored file is served by its own purpose’s route, under its rule (docs/files.md)', () => {
  let cases = 0;
  afterAll(() => {
    // 6 routes × 4 purposes × 5 callers.
    expect(cases).toBe(routes.length * purposes.length * callers.length);
    expect(cases).toBe(120);
  });

  for (const route of routes) {
    it(`when every kind of caller asks the ${route} route for each purpose's file, then only its own purpose is served, to whom its rule allows`, async () => {
      const answers: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const purpose of purposes) {
        for (const caller of callers) {
          const ask = request(stack.app).get(addressOf(route, purpose));
          const res = await (caller === 'anonymous' ? ask : ask.set(bearer(tokens[caller])));
          answers[`${purpose} / ${caller}`] = res.status;
          wanted[`${purpose} / ${caller}`] = expected(route, purpose, caller);
          // Only the site's images may be kept by shared caches.
          if (res.status === 200 && route !== 'site image') expect(res.headers['cache-control'], `${purpose} / ${caller}`).not.toMatch(/public/);
          if (res.status === 200 && route === 'site image') expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          cases += 1;
        }
      }
      expect(answers).toEqual(wanted);
    });
  }

  it('when a site image is asked for under another type’s extension, then it does not exist; its type is the stored one', async () => {
    const { id } = files.site_image;
    expect((await request(stack.app).get(`/api/v1/site-images/${id}.gif`)).status).toBe(404);
    const res = await request(stack.app).get(`/api/v1/site-images/${id}.png`);
    expect([res.status, res.headers['content-type'], res.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
  });
});

describe('a file removed goes with its record', () => {
  const recordOf = async (id: string) => (await stack.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

  it('when a customer replaces their photo, then the old one’s record and bytes are gone and the new one is recorded as theirs', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const idOf = (url: string) => /([0-9a-f-]{36})\.webp$/.exec(url)![1]!;
    const first = idOf((await request(stack.app).post('/api/v1/profile/photo').set(bearer(token)).attach('file', png, 'a.png').expect(201)).body.data.avatar);
    const second = idOf((await request(stack.app).post('/api/v1/profile/photo').set(bearer(token)).attach('file', png, 'b.png').expect(201)).body.data.avatar);
    expect(await recordOf(first)).toBeUndefined();
    expect(await stack.files.open(first)).toBeNull();
    expect(await recordOf(second)).toMatchObject({ purpose: 'profile_photo', ownerId: person.user.id, mime: 'image/webp' });
  });

  it('when an upload is never sent and the sweeper takes it back, then its record goes too', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const id = (await request(stack.app).post('/api/v1/chat/upload').set(bearer(token)).attach('file', png, 'late.png').expect(201)).body.data.id as string;
    expect(await recordOf(id)).toMatchObject({ purpose: 'chat_attachment', mime: 'image/png' });
    await sweepOrphanFiles({ db: stack.database.db, files: stack.files, now: new Date(Date.now() + orphanAfterMs + 60_000) });
    expect(await recordOf(id)).toBeUndefined();
    expect(await stack.files.open(id)).toBeNull();
  });
});
