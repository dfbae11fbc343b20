/**
 * The crowd of the feed benchmark, in its own process so its work does not delay the clients that
 * measure: websockets that speak just enough socket.io (MODE=feed) or plain ws (MODE=ws) to connect,
 * subscribe and keep reading every frame without decoding it. They send the key as the original client
 * does (`auth: { apiKey }`). Prints how many are open on SIGTERM.
 */
import WebSocket from 'ws';

const port = Number(process.env.PORT);
const count = Number(process.env.COUNT);
const mode = process.env.MODE === 'ws' ? 'ws' : 'feed';
const apiKey = process.env.FEED_KEY ?? '';
const groups = Number(process.env.GROUPS ?? 1);
/** With several groups, each socket's token puts it in one of them in turn (bench/feed-server.ts reads it). */
const tokenOf = (i: number) => (groups > 1 ? { token: `group-${(i % groups) + 1}-`.padEnd(43, 'x') } : {});

function socketIo(i: number): WebSocket {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  socket.on('message', (data: Buffer) => {
    const type = data[0];
    if (type === 0x30 /* '0' open */) socket.send(`40${JSON.stringify({ apiKey, ...tokenOf(i) })}`);
    else if (type === 0x32 /* '2' ping */ && data.length === 1) socket.send('3');
    else if (type === 0x34 && data[1] === 0x30 /* '40' connected */) socket.send('42["subscribe:all"]');
  });
  socket.on('error', () => undefined);
  return socket;
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i += 1) {
  sockets.push(mode === 'feed' ? socketIo(i) : new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false }).on('error', () => undefined));
  if (i % 200 === 0) await new Promise((r) => setTimeout(r, 20));
}
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  process.stdout.write(`open ${sockets.filter((s) => s.readyState === WebSocket.OPEN).length}\n`);
  for (const s of sockets) s.terminate();
  process.exit(0);
});
