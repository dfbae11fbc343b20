/**
 * `npm run bench [-- name …]`: every benchmark, or the named ones (foundation, engine, orders, feed, realtime, terminal, paint,
 * and soak, which runs only when named: ten minutes of the container cluster). Each prints its figures beside a peer
 * measured in the same run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { engineBench } from './engine';
import { foundationBench } from './foundation';
import { feedBench } from './feed';
import { ordersBench } from './orders';
import { paintBench } from './paint';
import { soakBench } from './soak';
import { realtimeBench } from './realtime';
import { terminalBench } from './terminal';
import { root } from './support';

const benches: Record<string, () => Promise<void>> = {
  foundation: foundationBench,
  engine: engineBench,
  orders: ordersBench,
  feed: feedBench,
  realtime: realtimeBench,
  terminal: terminalBench,
  paint: paintBench,
  soak: soakBench,
};
/** Run only when named. */
const onRequest = new Set(['soak']);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !benches[name]);
if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`);
const chosen = Object.keys(benches).filter((name) => wanted.includes(name) || (wanted.length === 0 && !onRequest.has(name)));
// The soak builds its own image; the others run the built server.
if (chosen.some((name) => name !== 'soak') && !existsSync(join(root, 'dist/server/main.js'))) throw new Error('Build first: npm run build');
for (const name of chosen) await benches[name]!();
