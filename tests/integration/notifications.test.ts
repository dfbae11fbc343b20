import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPage, notificationReadResponse, notificationsReadResponse } from '../../shared/api/endpoints/notifications';
import { userResponse } from '../../shared/api/user.schema';
import type { Database } from '../../server/trading/db/database';
import { addNotification } from '../../server/trading/db/notifications.repo';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor } from '../support/trading';
import { bearer } from '../support/bearer';

/** The original's bell (docs/compatibility.md#notifications): GET /notifications?page=, POST /notifications/read, POST /notifications/read/{id}. */
let app: Awaited<ReturnType<typeof startTrading>>['app'];
let database: Database;

beforeAll(async () => {
  ({ app, database } = await startTrading());
});
afterAll(() => database.close());

/** A customer with `n` notifications, titled "N1" (oldest) to "Nn" (newest). */
async function customerWith(n: number, status: 'active' | 'pending' = 'active') {
  const person = await makeUser(database.db, { status });
  const ids: string[] = [];
  for (let i = 1; i <= n; i += 1) ids.push(String((await addNotification(database.db, { userId: person.user.id, title: `N${i}`, message: `Message ${i}`, color: 'info' })).id));
  return { person, ids, token: await tokenFor(app, person) };
}

/** A page in the original bell's shape, read back as the list, its pagination, the next link and the unread count. */
const pageView = (body: unknown) => {
  const { data, links } = notificationPage.parse(body);
  return { data: data.notifications, meta: data.pagination, links, unread_count: data.unread_count };
};
const page = async (token: string, query = '') => {
  const res = await request(app).get(`/api/v1/notifications${query}`).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pageView(res.body);
};

describe('GET /api/v1/notifications', () => {
  it("pages a customer's notifications newest first, 20 a page, like the trade lists", async () => {
    // The welcome is written by registration, not by the factory: these 45 are all there is.
    const { token } = await customerWith(45);
    const first = await page(token);
    // 45 notifications: pages of 20, 20 and 5; the first page holds N45 … N26.
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, last_page: 3, total: 45 });
    expect(first.data.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `N${45 - i}`));
    expect(first.links.next).toBe('/api/v1/notifications?page=2');
    expect(first.unread_count).toBe(45);
    const next = await request(app).get(first.links.next!).set(bearer(token));
    expect(pageView(next.body).data[0]?.title).toBe('N25');
    const last = await page(token, '?page=3');
    expect(last.data.map((n) => n.title)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(last.links.next).toBeNull();
    const beyond = await page(token, '?page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 4, last_page: 3, total: 45 });
  });

  it('with no notifications, then one empty last page', async () => {
    const { token } = await customerWith(0);
    const empty = await page(token);
    expect(empty).toEqual({ data: [], meta: { current_page: 1, per_page: 20, last_page: 1, total: 0 }, links: { next: null }, unread_count: 0 });
  });

  it('shows a customer only their own', async () => {
    const mine = await customerWith(2);
    await customerWith(3);
    const list = await page(mine.token);
    expect(list.data.map((n) => n.id)).toEqual([...mine.ids].reverse());
    expect(list.meta.total).toBe(2);
  });

  it('refuses a bad page with 422 and no token with 401', async () => {
    const { token } = await customerWith(1);
    expect((await request(app).get('/api/v1/notifications?page=0').set(bearer(token))).status).toBe(422);
    expect((await request(app).get('/api/v1/notifications?page=abc').set(bearer(token))).status).toBe(422);
    expect((await request(app).get('/api/v1/notifications')).status).toBe(401);
  });

  it('serves a customer awaiting approval too (their approval arrives as a notification)', async () => {
    const { token } = await customerWith(1, 'pending');
    await updateSettings(database.db, { must_verify_account: true });
    expect((await page(token)).meta.total).toBe(1);
    expect((await request(app).post('/api/v1/notifications/read').set(bearer(token))).status).toBe(200);
  });
});

describe('POST /api/v1/notifications/read/{id}', () => {
  it("marks one of the customer's own read, answers what is left unread, and marks it once (a second time keeps the first read time)", async () => {
    const { token, ids } = await customerWith(3);
    const res = await request(app).post(`/api/v1/notifications/read/${ids[1]}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(notificationReadResponse.parse(res.body).data).toEqual({ notification_id: ids[1], unread_count: 2 });
    const read = (await page(token)).data.find((n) => n.id === ids[1])!;
    expect(read).toMatchObject({ read: true });
    expect(read.read_at).not.toBeNull();

    const again = await request(app).post(`/api/v1/notifications/read/${ids[1]}`).set(bearer(token));
    expect(again.status).toBe(200);
    expect(again.body.data.unread_count).toBe(2);
    expect((await page(token)).data.find((n) => n.id === ids[1])!.read_at).toBe(read.read_at);
    // The user object's unread list loses it too.
    const user = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body).data;
    expect(user.notifications.map((n) => n.id)).toEqual([ids[0], ids[2]]);
  });

  it("answers 404 for someone else's, a missing one and a malformed id, and changes nothing", async () => {
    const mine = await customerWith(1);
    const theirs = await customerWith(1);
    for (const id of [theirs.ids[0], '999999999', 'abc', '1e308']) {
      const res = await request(app).post(`/api/v1/notifications/read/${id}`).set(bearer(mine.token));
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Notification not found.');
    }
    expect((await page(theirs.token)).unread_count).toBe(1);
  });

  it("is the same as the original client's POST /notifications/{id}/read", async () => {
    const { token, ids } = await customerWith(2);
    expect((await request(app).post(`/api/v1/notifications/${ids[0]}/read`).set(bearer(token))).status).toBe(200);
    expect((await page(token)).unread_count).toBe(1);
  });
});

describe('POST /api/v1/notifications/read', () => {
  it("marks all of the customer's own read, nobody else's, and again is a no-op", async () => {
    const mine = await customerWith(3);
    const theirs = await customerWith(2);
    await request(app).post(`/api/v1/notifications/read/${mine.ids[0]}`).set(bearer(mine.token));
    const before = (await page(mine.token)).data.find((n) => n.id === mine.ids[0])!.read_at;

    const res = await request(app).post('/api/v1/notifications/read').set(bearer(mine.token));
    expect(res.status).toBe(200);
    expect(notificationsReadResponse.parse(res.body).data.unread_count).toBe(0);
    const after = await page(mine.token);
    expect(after.data.every((n) => n.read)).toBe(true);
    expect(after.unread_count).toBe(0);
    // The one read before keeps its time.
    expect(after.data.find((n) => n.id === mine.ids[0])!.read_at).toBe(before);
    expect((await page(theirs.token)).unread_count).toBe(2);

    const again = await request(app).post('/api/v1/notifications/read').set(bearer(mine.token));
    expect(again.status).toBe(200);
    expect(again.body.data.unread_count).toBe(0);
    expect(userResponse.parse((await request(app).get('/api/v1/user').set(bearer(mine.token))).body).data.notifications).toEqual([]);
  });
});
