/**
 * The publisher of the fan-out benchmark, a process of its own: RATE events a second for SECONDS to the
 * server under test, each carrying its send time. Ours takes `POST /publish`; soketi the Pusher HTTP
 * API (`POST /apps/{id}/events`, signed with the app secret). Prints `done` and how many it sent.
 */
import { createHash, createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';

const target = process.env.TARGET === 'soketi' ? 'soketi' : 'ours';
const port = Number(process.env.PORT);
const rate = Number(process.env.RATE ?? 100);
const seconds = Number(process.env.SECONDS ?? 3);
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const app = { id: 'bench', key: 'bench-key', secret: 'bench-secret-0123456789abcdef0123456789' };

function send(): void {
  const t = Date.now();
  let path = '/publish';
  let body: string;
  if (target === 'soketi') {
    body = JSON.stringify({ name: 'tick', channel: 'bench', data: JSON.stringify({ t }) });
    const params = `auth_key=${app.key}&auth_timestamp=${Math.floor(t / 1000)}&auth_version=1.0&body_md5=${createHash('md5').update(body).digest('hex')}`;
    path = `/apps/${app.id}/events`;
    const signature = createHmac('sha256', app.secret).update(`POST\n${path}\n${params}`).digest('hex');
    path = `${path}?${params}&auth_signature=${signature}`;
  } else {
    body = JSON.stringify({ channel: 'bench', event: 'tick', data: { t } });
  }
  const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => res.resume());
  req.on('error', () => undefined);
  req.end(body);
}

let sent = 0;
const total = rate * seconds;
const start = Date.now();
const timer = setInterval(() => {
  const due = Math.min(total, Math.floor(((Date.now() - start) / 1000) * rate));
  while (sent < due) {
    send();
    sent += 1;
  }
  if (sent >= total) {
    clearInterval(timer);
    setTimeout(() => {
      console.log(`done ${sent}`);
      process.exit(0);
    }, 300);
  }
}, 5);
