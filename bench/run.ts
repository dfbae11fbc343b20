/**
 * `npm run bench [-- name …]`: every benchmark, or the named ones (foundation, engine, orders, feed, realtime, terminal, paint, rollover, history,
 * and soak, which runs only when named: ten minutes of the container cluster). Each prints its figures beside a peer
 * measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { engineBench } from './engine';
import { foundationBench } from './foundation';
import { historyBench } from './history';
import { feedBench } from './feed';
import { ordersBench } from './orders';
import { paintBench } from './paint';
import { soakBench } from './soak';
import { realtimeBench } from './realtime';
import { rolloverBench } from './rollover';
import { terminalBench } from './terminal';
import { root } from './support';
import { tlsFiles, topology } from '../scripts/cluster/topology';

const benches: Record<string, () => Promise<void>> = {
  foundation: foundationBench,
  engine: engineBench,
  orders: ordersBench,
  feed: feedBench,
  realtime: realtimeBench,
  terminal: terminalBench,
  paint: paintBench,
  rollover: rolloverBench,
  history: historyBench,
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
// The soak's clients reach the cluster's site over TLS with the certificate made for it, which Node trusts only when
// told so at start: the run starts again with it.
const siteCert = chosen.includes('soak') ? tlsFiles(topology()).cert : undefined;
if (siteCert && process.env.NODE_EXTRA_CA_CERTS !== siteCert) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, NODE_EXTRA_CA_CERTS: siteCert } });
  process.exit(again.status ?? 1);
}
for (const name of chosen) await benches[name]!();
