/**
 * The subscribers of the fan-out benchmark, in a process of their own: COUNT raw websockets speaking the
 * Pusher protocol to ws://127.0.0.1:PORT/app/KEY, all on the public channel `bench`. The first MEASURE
 * of them decode every event and time it (receive time − the publisher's send time in the payload); the
 * others only count. Commands on stdin: `reset` starts a new measurement, `report` prints it as JSON, `grow N` opens N
 * more (the memory is measured between two crowd sizes).
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const port = Number(process.env.PORT);
const key = process.env.KEY ?? 'bench-key';
const count = Number(process.env.COUNT ?? 1000);
const measure = Math.min(count, Number(process.env.MEASURE ?? 100));
let latencies: number[] = [];
let received = 0;
let subscribed = 0;

function open(index: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`, { perMessageDeflate: false });
    let ready = false;
    socket.on('message', (raw) => {
      if (!ready) {
        const message = JSON.parse(raw.toString()) as { event: string };
        if (message.event === 'pusher:connection_established') socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
        if (message.event === 'pusher_internal:subscription_succeeded') {
          ready = true;
          subscribed += 1;
          resolve();
        }
        return;
      }
      received += 1;
      if (index < measure) {
        const message = JSON.parse(raw.toString()) as { data: string };
        latencies.push(Date.now() - (JSON.parse(message.data) as { t: number }).t);
      }
    });
    socket.on('error', () => resolve());
  });
}

let opened = 0;
/** Opens `more` sockets, 200 at a time, then says how many are subscribed in all. */
async function grow(more: number): Promise<void> {
  const until = opened + more;
  for (; opened < until; opened += Math.min(200, until - opened)) await Promise.all(Array.from({ length: Math.min(200, until - opened) }, (_, k) => open(opened + k)));
  console.log(`ready ${subscribed}`);
}
await grow(count);

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'reset') {
    latencies = [];
    received = 0;
  } else if (line.startsWith('grow ')) {
    void grow(Number(line.slice(5)));
  } else if (line === 'report') {
    console.log(`report ${JSON.stringify({ p50: percentile(latencies, 50), p99: percentile(latencies, 99), timed: latencies.length, received })}`);
  }
});
