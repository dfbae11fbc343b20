import { describe, expect, it } from 'vitest';
import { islandChunkGroups } from '../../scripts/chunk-groups';

/** Which file a module is built into (docs/front-end.md#chunks), over a made-up module graph. */
type Node = { importers?: string[]; dynamicImporters?: string[]; isEntry?: boolean };
function groupsOf(nodes: Record<string, Node>): Record<string, string | null | undefined> {
  const graph = {
    getModuleInfo: (id: string) => (nodes[id] ? { importers: nodes[id].importers ?? [], dynamicImporters: nodes[id].dynamicImporters ?? [], isEntry: nodes[id].isEntry ?? false } : null),
  };
  const [group] = islandChunkGroups();
  const name = group!.name as (id: string, ctx: typeof graph) => string | null | undefined;
  return Object.fromEntries(Object.keys(nodes).map((id) => [id, name(id, graph)]));
}
const island = (name: string) => `/p/client/islands/${name}.island.tsx`;

describe('island chunk groups', () => {
  it('puts the trade rooms’ islands and what only they use together, each layout’s own apart, and the shell’s together', () => {
    const groups = groupsOf({
      [island('positions')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('trade-header')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('light-toolbar')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('toaster')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('marketplace')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      '/p/client/state/trading.ts': { importers: [island('positions'), island('light-toolbar')] },
      '/p/client/classic-only.ts': { importers: [island('trade-header')] },
      '/p/client/light-only.ts': { importers: [island('light-toolbar')] },
      '/p/client/state/toasts.ts': { importers: [island('toaster'), island('positions')] },
      '/p/client/market-and-shop.ts': { importers: [island('marketplace'), island('positions')] },
      [island('live-regions')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('wallet-overview')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      '/p/client/funding/live.ts': { importers: [island('live-regions'), island('wallet-overview')] },
    });
    expect(groups['/p/client/state/trading.ts']).toBe('trade-room');
    expect(groups['/p/client/classic-only.ts']).toBe('classic-room');
    expect(groups['/p/client/light-only.ts']).toBe('light-room');
    expect(groups['/p/client/state/toasts.ts']).toBe('app-shell');
    // The shell's island of the pages that show money, and what it shares with another page's.
    expect(groups[island('live-regions')]).toBe('app-shell');
    expect(groups['/p/client/funding/live.ts']).toBe('app-shell');
    expect(groups[island('wallet-overview')]).toBeNull();
    expect(groups['/p/client/market-and-shop.ts']).toBe('room-shared');
    expect(groups[island('marketplace')]).toBeNull();
  });

  it('puts what both trade rooms share with other pages in one file, and leaves the rest other pages share to the bundler', () => {
    const groups = groupsOf({
      [island('price-chart')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('light-toolbar')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('savings')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      [island('accounts')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      '/p/client/components/modal.tsx': { importers: [island('price-chart'), island('savings')] },
      '/p/client/light-and-accounts.ts': { importers: [island('light-toolbar'), island('accounts')] },
      '/p/client/savings-and-accounts.ts': { importers: [island('savings'), island('accounts')] },
    });
    expect(groups['/p/client/components/modal.tsx']).toBe('room-shared');
    // Only the light terminal and another page: the classic room would ship it for nothing.
    expect(groups['/p/client/light-and-accounts.ts']).toBeNull();
    expect(groups['/p/client/savings-and-accounts.ts']).toBeNull();
  });

  it('puts the runtime and what it imports in the runtime’s file, whoever else imports it, and what a plain script shares with island code in one file', () => {
    const groups = groupsOf({
      '/p/client/runtime/main.ts': { isEntry: true },
      '/p/client/scripts/forms.ts': { isEntry: true },
      [island('positions')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      '/p/node_modules/react/index.js': { importers: ['/p/client/runtime/main.ts', island('positions')] },
      '/p/node_modules/decimal.js/decimal.mjs': { importers: ['/p/shared/money.ts'] },
      '/p/shared/money.ts': { importers: ['/p/shared/api/wire.ts', island('positions')] },
      '/p/shared/api/wire.ts': { importers: ['/p/client/runtime/main.ts'] },
      '/p/shared/texts.ts': { importers: ['/p/client/runtime/main.ts', '/p/client/scripts/forms.ts'] },
      '/p/shared/api/credentials.schema.ts': { importers: ['/p/client/scripts/forms.ts', island('positions')] },
      '/p/client/scripts/lib/checked-forms.ts': { importers: ['/p/client/scripts/forms.ts'] },
      // A view's sheet that an island imports too.
      '/p/views/pages/staff-tables.css': { isEntry: true, importers: [island('positions')] },
      // Loaded lazily by an island, and imported by the runtime too: it is there already when the import runs.
      '/p/node_modules/socket/helpers.js': { importers: ['/p/client/runtime/main.ts', '/p/node_modules/socket/index.js'] },
      '/p/node_modules/socket/index.js': { dynamicImporters: [island('positions')] },
    });
    expect(groups['/p/client/runtime/main.ts']).toBe('main');
    expect(groups['/p/node_modules/react/index.js']).toBe('main');
    expect(groups['/p/node_modules/decimal.js/decimal.mjs']).toBe('main');
    expect(groups['/p/shared/money.ts']).toBe('main');
    expect(groups['/p/shared/api/wire.ts']).toBe('main');
    expect(groups['/p/node_modules/socket/helpers.js']).toBe('main');
    // The login page loads the script and not the runtime: what its scripts share with island code is one file of its own.
    expect(groups['/p/shared/texts.ts']).toBe('shared');
    expect(groups['/p/shared/api/credentials.schema.ts']).toBe('shared');
    expect(groups['/p/client/scripts/lib/checked-forms.ts']).toBeNull();
    expect(groups['/p/client/scripts/forms.ts']).toBeNull();
    expect(groups['/p/views/pages/staff-tables.css']).toBeNull();
    expect(groups['/p/node_modules/socket/index.js']).toBeNull();
  });

  it('keeps what a plain script imports out of the islands’ files, even through an import cycle, and leaves what is loaded lazily but the socket clients', () => {
    const groups = groupsOf({
      '/p/client/runtime/main.ts': { isEntry: true },
      '/p/client/scripts/forms.ts': { isEntry: true },
      [island('positions')]: { dynamicImporters: ['/p/client/runtime/main.ts'] },
      // a and b import each other; a is the script's; b is also the positions island's.
      '/p/client/a.ts': { importers: ['/p/client/b.ts', '/p/client/scripts/forms.ts'] },
      '/p/client/b.ts': { importers: ['/p/client/a.ts', island('positions')] },
      '/p/node_modules/chart/index.js': { dynamicImporters: [island('positions')] },
      '/p/node_modules/pusher-js/dist/web/pusher.js': { dynamicImporters: ['/p/client/realtime/connection.ts'] },
      '/p/node_modules/laravel-echo/dist/echo.js': { dynamicImporters: ['/p/client/realtime/connection.ts'] },
      '/p/client/realtime/connection.ts': { importers: [island('positions')] },
    });
    // In the trade room's file, the login page would load it.
    expect(groups['/p/client/a.ts']).toBe('shared');
    expect(groups['/p/client/b.ts']).toBe('shared');
    expect(groups['/p/node_modules/chart/index.js']).toBeNull();
    // Except the realtime connection's two libraries, loaded together: one file.
    expect(groups['/p/node_modules/pusher-js/dist/web/pusher.js']).toBe('socket-client');
    expect(groups['/p/node_modules/laravel-echo/dist/echo.js']).toBe('socket-client');
    expect(groups[island('positions')]).toBe('trade-room');
  });
});
