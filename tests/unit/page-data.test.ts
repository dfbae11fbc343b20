import { describe, expect, it } from 'vitest';
import { seedFromPage, seedRender } from '../../client/state/page-data';
import { pageComputed, pageLocal, pageSignal } from '../../client/state/page-scope';
import type { PageState } from '../../shared/page-state.schema';
import { renderWithPageState } from '../../views/page-scope';

/** The server's page seeding (docs/front-end.md#islands-only-for-interaction): one page's values never outlive its render. */

const accounts = pageSignal<string[]>([]);
const selected = pageComputed(() => accounts.value[0] ?? null);
const loads = pageLocal(() => ({ count: 0 }));
let failNext = false;

seedFromPage((page) => {
  accounts.value = (page.data as { accounts?: string[] }).accounts ?? [];
  loads().count++;
});
seedFromPage(() => {
  if (failNext) throw new Error('unreadable page');
});

const pageOf = (data: object): PageState => ({ csrfToken: 't', siteName: 'S', user: null, realtimeKey: null, data: data as PageState['data'], renderedAt: 0 });

describe('a page render', () => {
  it('when it renders, then it sees every seeder applied, and nothing of it is left after', () => {
    const seen = renderWithPageState(pageOf({ accounts: ['A-1', 'A-2'] }), () => [accounts.value, selected.value, loads().count]);
    expect(seen).toEqual([['A-1', 'A-2'], 'A-1', 1]);
    expect([accounts.value, selected.value, loads().count]).toEqual([[], null, 0]);
  });

  it('when a seeder throws, then the render fails, and the next page sees none of the first customer’s values', () => {
    failNext = true;
    expect(() => renderWithPageState(pageOf({ accounts: ['A-1'] }), () => 'never')).toThrow('unreadable page');
    failNext = false;
    expect(renderWithPageState(pageOf({}), () => [accounts.value, selected.value, loads().count])).toEqual([[], null, 1]);
  });

  it('when the render throws, then nothing of it is kept', () => {
    expect(() =>
      renderWithPageState(pageOf({ accounts: ['B-1'] }), () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect([accounts.value, selected.value]).toEqual([[], null]);
  });

  it('when the server seeds outside any render, then it refuses rather than seed what every render reads', () => {
    expect(() => seedRender({ data: { accounts: ['C-1'] }, renderedAt: 0, now: 0 })).toThrow(/inside a page render/);
    expect(accounts.value).toEqual([]);
  });
});
