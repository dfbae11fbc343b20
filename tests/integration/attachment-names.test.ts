import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let staffToken: string;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

async function sendFile(name: string) {
  const person = await makeUser(stack.database.db);
  const token = await tokenFor(stack.app, person);
  const uploaded = await request(stack.app).post('/api/v1/chat/upload').set(bearer(token)).attach('file', pdf, { filename: name, contentType: 'application/pdf' });
  expect(uploaded.status).toBe(201);
  const sent = await request(stack.app)
    .post('/api/v1/chat/messages')
    .set(bearer(token))
    .send({ message: '', attachments: [uploaded.body.url] });
  expect(sent.status).toBe(201);
  return { customerId: person.user.id, upload: uploaded.body as { data: { id: string; file_name: string } } };
}

const namesStaffSee = async (customerId: number) => {
  const res = await request(stack.app).get(`/api/v1/chat/messages?page=1&customer_id=${customerId}`).set(bearer(staffToken)).expect(200);
  return (res.body.data as { attachments: { file_name: string }[] }[]).flatMap((message) => message.attachments.map((a) => a.file_name));
};

describe('attachment names shown to staff', () => {
  it('when a name carries any bidi control (marks, embeddings, overrides, isolates, the Arabic letter mark), then it is stored without them', async () => {
    const controls = ['\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u061c'];
    const { customerId, upload } = await sendFile(`stat${controls.join('')}ement.pdf`);
    expect(upload.data.file_name).toBe('statement.pdf');
    expect(await namesStaffSee(customerId)).toEqual(['statement.pdf']);
  });

  it('when a row kept from before still has a right-to-left override, then staff see the name without it', async () => {
    const { customerId, upload } = await sendFile('invoice.pdf');
    await stack.database.db.update(chatFiles).set({ fileName: 'invoice\u202efdp.exe\u061c' }).where(eq(chatFiles.id, upload.data.id));
    expect(await namesStaffSee(customerId)).toEqual(['invoicefdp.exe']);
  });
});
