import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { renderSeeded, seedFromPage, type PageSeed } from '../../client/state/page-data';

/** The server's page seeding (docs/front-end.md): one page's values never outlive its render. */

const accounts = signal<string[]>([]);
const selected = signal<string | null>(null);
let failNext = false;

seedFromPage((page) => {
  const before = accounts.value;
  accounts.value = (page.data as { accounts?: string[] }).accounts ?? [];
  return () => {
    accounts.value = before;
  };
});
seedFromPage((page) => {
  const before = selected.value;
  selected.value = (page.data as { accounts?: string[] }).accounts?.[0] ?? null;
  return () => {
    selected.value = before;
  };
});
seedFromPage(() => {
  if (failNext) throw new Error('unreadable page');
  return () => undefined;
});

const pageOf = (data: object): PageSeed => ({ data: data as PageSeed['data'], renderedAt: 0, now: 0 });

describe('renderSeeded', () => {
  it('renders with every seeder applied and puts them back afterwards', () => {
    const seen = renderSeeded(pageOf({ accounts: ['A-1', 'A-2'] }), () => [accounts.value, selected.value]);
    expect(seen).toEqual([['A-1', 'A-2'], 'A-1']);
    expect(accounts.value).toEqual([]);
    expect(selected.value).toBeNull();
  });

  it('puts back the seeders already applied when a later one throws, so the next page does not inherit them', () => {
    failNext = true;
    expect(() => renderSeeded(pageOf({ accounts: ['A-1'] }), () => 'never')).toThrow('unreadable page');
    failNext = false;
    expect(accounts.value).toEqual([]);
    expect(selected.value).toBeNull();
    // A later page without accounts sees none of the first customer's.
    expect(renderSeeded(pageOf({}), () => [accounts.value, selected.value])).toEqual([[], null]);
  });

  it('puts them back when the render throws', () => {
    expect(() =>
      renderSeeded(pageOf({ accounts: ['B-1'] }), () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(accounts.value).toEqual([]);
    expect(selected.value).toBeNull();
  });
});
