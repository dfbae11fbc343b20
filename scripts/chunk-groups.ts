import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * How the browser build groups island code into files (docs/front-end.md#chunks). Left to itself the bundler makes a
 * chunk of every set of modules shared by a different set of islands, and a page fetches each separately: /mt4 needed
 * 68 scripts and 22 sheets, and on a slow network (400 ms a round trip) the requests cost more than the bytes. Islands
 * that always come together go together instead:
 *
 * - the trade rooms' islands, and what only they use, in one file (with their sheets), plus one file each for what
 *   only the classic room or only the light terminal uses, so neither layout ships the other's;
 * - what the app shell's islands use (on every signed-in page anyway) in one file;
 * - what both trade rooms share with other pages' islands in one more: the rooms fetch it in one request rather than a
 *   dozen; another page that needs one of its modules fetches it all (a few KiB more there).
 *
 * What the island runtime imports (React, signals, decimal arithmetic) is in the runtime's own file: every page with
 * islands loads the runtime first, and left to itself the bundler cut what it shares with islands into a file per set
 * of importers (react, constants, money). What a plain script shares with the island code (zod, the texts, the
 * sign-in fields' schema) is one file, `shared`: the runtime imports it, so a page with islands has it anyway, and the
 * login page fetches one file where the bundler made two. A module only plain scripts import stays where the
 * bundler puts it (the login page's JavaScript has a budget, and it loads no runtime), and so does one loaded lazily
 * (the chart library, the price feed's client), except the realtime connection's two libraries, which are always
 * imported together: one file, `socket-client`. Everything else is split as before.
 */

/**
 * Islands the signed-in pages' shell renders (views/components/app-shell.tsx): on every such page, but live-regions
 * only on the pages that show money (the dashboard, savings). With its two small modules (following the ledger,
 * rendering regions again) it adds 0.4 KiB brotli to the shell's file, where it had been three requests of its own.
 */
const shellIslands = new Set(['toaster', 'notifications', 'notification-bell', 'chat-notifier', 'presence', 'live-regions']);
/** Islands of both trade rooms (/mt4 and /mt4-light). */
const bothRooms = new Set(['account-bar', 'algo-trader', 'market-watch', 'positions', 'price-chart', 'trade-splash']);
const classicOnly = new Set(['trade-header', 'trade-rail', 'mobile-menu']);
const lightOnly = new Set(['light-toolbar', 'light-trade-panel', 'light-pair-tabs', 'light-status-bar']);

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry: boolean } | null;
}

/**
 * What reaches a module: island names, or `runtime` (the island runtime imports it), `script` (a plain script does),
 * `entry` (another entry: a view's style sheet) or `lazy` (behind a dynamic import).
 */
type Reach = ReadonlySet<string>;

const runtimeModule = /[\\/]client[\\/]runtime[\\/]main\.ts$/;
const scriptModule = /[\\/]client[\\/]scripts[\\/][^/\\]+\.ts$/;
/** pusher-js and laravel-echo, which the realtime connection imports together (client/realtime/connection.ts). */
const socketClient = /[\\/]node_modules[\\/](pusher-js|laravel-echo)[\\/]/;
const entryOf = (id: string) => (runtimeModule.test(id) ? 'runtime' : scriptModule.test(id) ? 'script' : 'entry');

const islandOf = (id: string) => /[\\/]client[\\/]islands[\\/]([^/\\]+)\.island\.tsx$/.exec(id)?.[1];

/** Every importer up from `id` (a search of its own, so an import cycle cannot leave a partial answer behind). */
function reachOf(id: string, graph: ModuleGraph): Reach {
  const reach = new Set<string>();
  const seen = new Set([id]);
  const pending = [id];
  while (pending.length > 0) {
    const at = pending.pop()!;
    const island = islandOf(at);
    if (island) {
      reach.add(island);
      continue;
    }
    const info = graph.getModuleInfo(at);
    if (!info) reach.add('entry');
    else if (info.isEntry) reach.add(entryOf(at));
    if (info && info.dynamicImporters.length > 0) reach.add('lazy');
    for (const importer of info?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      pending.push(importer);
    }
  }
  return reach;
}

/** Whether both layouts of the trade room use it (so neither ships what only the other uses). */
const bothLayouts = (reach: Reach) => [...reach].some((name) => bothRooms.has(name)) || ([...reach].some((name) => classicOnly.has(name)) && [...reach].some((name) => lightOnly.has(name)));
const within = (reach: Reach, ...families: ReadonlySet<string>[]) => [...reach].every((name) => families.some((family) => family.has(name)));

/** The group a module belongs to, or null to leave it to the bundler. */
function groupOf(reach: Reach): string | null {
  if (reach.size === 0 || reach.has('entry')) return null;
  if (reach.has('script')) return reach.size > 1 ? 'shared' : null;
  // The runtime's file: the entry itself, and what it imports, whoever else does (islands load after it).
  if (reach.has('runtime')) return 'main';
  if (reach.has('lazy')) return null;
  if (within(reach, classicOnly)) return 'classic-room';
  if (within(reach, lightOnly)) return 'light-room';
  if (within(reach, bothRooms, classicOnly, lightOnly)) return 'trade-room';
  if ([...reach].some((name) => shellIslands.has(name))) return 'app-shell';
  if (bothLayouts(reach)) return 'room-shared';
  return null;
}

export function islandChunkGroups(): CodeSplittingGroup[] {
  return [
    {
      // Only what the rule captures: a captured module's imports shared with other pages stay where they are.
      includeDependenciesRecursively: false,
      name: (id, graph) => (socketClient.test(id) ? 'socket-client' : groupOf(reachOf(id, graph))),
    },
  ];
}

/** Where the build writes which file holds each island (beside Vite's manifest). */
export const islandChunksFile = '.vite/island-chunks.json';

/**
 * Writes `island-chunks.json`: each island's source (`client/islands/x.island.tsx`) and the built file that holds it.
 * An island grouped with others has no entry of its own in Vite's manifest; the server finds its file here.
 */
export function islandChunksManifest(): Plugin {
  return {
    name: 'island-chunks-manifest',
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const island = islandOf(id);
          if (island) files[`client/islands/${island}.island.tsx`] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: islandChunksFile, source: JSON.stringify(files, null, 2) });
    },
  };
}
