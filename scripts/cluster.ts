// `npm run cluster [-- up|down|status] [--env KEY=VALUE …]`: the whole topology on this machine with Podman
// and HAProxy (README.md#operate-it). Variables: CLUSTER_WEB, CLUSTER_TRADING (containers per tier,
// default 2), BASE_IMAGE (default: a Debian base made here), CLUSTER_DATABASE_URL / CLUSTER_REDIS_URL (use these
// instead of the cluster's own containers), CLUSTER_DIR (secrets, HAProxy's config and log; default .cluster).
import { containerRunning } from './cluster/podman';
import { demoBanner, down, haproxyRunning, up } from './cluster/cluster';
import { names, publicOrigin, topology } from './cluster/topology';

const args = process.argv.slice(2);
const command = args[0] && !args[0].startsWith('--') ? args[0] : 'up';
const extraEnv: Record<string, string> = {};
for (let i = 0; i < args.length; i += 1) {
  if (args[i] !== '--env') continue;
  const pair = args[i + 1] ?? '';
  if (!/^[A-Z_][A-Z0-9_]*=/.test(pair)) throw new Error(`--env takes KEY=VALUE (got "${pair}")`);
  extraEnv[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
}
const t = topology(process.env, extraEnv);

try {
  switch (command) {
    case 'up':
      await up(t);
      console.log(`\n${demoBanner(t)}\n`);
      break;
    case 'down':
      down(t);
      console.log('The cluster is removed (containers, HAProxy, volumes; the images stay).');
      break;
    case 'status': {
      const rows = [...t.ports.web.map((_, i) => names.web(i)), ...t.ports.trading.map((_, i) => names.trading(i)), names.postgres, names.redis];
      for (const name of rows) console.log(`${name.padEnd(16)} ${containerRunning(name) ? 'running' : 'stopped'}`);
      console.log(`${'haproxy'.padEnd(16)} ${haproxyRunning(t) ? `running at ${publicOrigin(t)}` : 'stopped'}`);
      break;
    }
    default:
      throw new Error(`Unknown command "${command}": up (default), down or status.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
