import { expect, type Page } from '@playwright/test';
import { apiAs, demo, freshCustomer, notifyCustomer, openSignedIn, test } from './support';

/**
 * Layouts that fit (docs/screens.md#toasts, docs/trade-room.md#open-pairs): at 1440, 1280, 390 and 360 px, with a toast
 * and the notification card showing, on the dashboard, the deposit page, both terminals (three pairs open) and a staff
 * queue: no control is covered by them, no text in a control is cut to "…", and no control is cut by its container
 * or the window (a tab strip scrolls only with its arrows).
 */

/** A toast as the toaster shows one, put into the page's lane (no page action shows one on demand). */
async function showToast(page: Page) {
  await page.evaluate(() => {
    const list = document.querySelector('.toast-lane .toaster');
    if (!list) throw new Error('no toast lane on this page');
    list.insertAdjacentHTML(
      'beforeend',
      '<li class="toast toast-success"><div role="status"><strong>Saved</strong><p>Your change was saved.</p></div><button type="button" class="toast-close" aria-label="Close">×</button></li>',
    );
  });
}

/** What is wrong with the page's controls in the window: covered by the toast lane, text cut to "…", cut by a container or the window. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lane = document.querySelector('.toast-lane');
    const nameOf = (c: Element) => `${c.tagName.toLowerCase()} "${(c.getAttribute('aria-label') ?? c.textContent ?? '').trim().slice(0, 40)}"`;
    const faults: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])')];
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight) continue;
      if (!lane?.contains(control)) {
        const inset = Math.min(3, box.width / 4, box.height / 4);
        const points: [number, number][] = [
          [box.left + box.width / 2, box.top + box.height / 2],
          [box.left + inset, box.top + inset],
          [box.right - inset, box.top + inset],
          [box.left + inset, box.bottom - inset],
          [box.right - inset, box.bottom - inset],
        ];
        const covered = points.some(([x, y]) => {
          const top = document.elementFromPoint(Math.min(Math.max(x, 0), innerWidth - 1), Math.min(Math.max(y, 0), innerHeight - 1));
          return top !== null && lane?.contains(top) === true;
        });
        if (covered) faults.push(`covered by a toast or the card: ${nameOf(control)}`);
      }
      if ([control, ...control.querySelectorAll('*')].some((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1))
        faults.push(`text cut to …: ${nameOf(control)}`);
      // The nearest ancestor that clips it: a tab strip may scroll sideways when it has its arrows; anything else must show it whole.
      let scroller: HTMLElement | null = null;
      for (let a = control.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = a.getBoundingClientRect();
        const scrollsX = /auto|scroll/.test(style.overflowX) && a.scrollWidth > a.clientWidth + 1;
        const scrollsY = /auto|scroll/.test(style.overflowY) && a.scrollHeight > a.clientHeight + 1;
        const cutX = box.left < clip.left - 1 || box.right > clip.right + 1;
        const cutY = box.top < clip.top - 1 || box.bottom > clip.bottom + 1;
        const hasArrows = a.parentElement?.querySelector('[aria-label^="Scroll tabs"]:not([hidden])') !== null;
        if (cutX && !(scrollsX && hasArrows)) faults.push(`cut sideways by ${a.className || a.tagName}: ${nameOf(control)}`);
        if (cutY && !scrollsY) faults.push(`cut by ${a.className || a.tagName}: ${nameOf(control)}`);
        if (scrollsX || scrollsY) scroller = a;
        break;
      }
      if (!scroller && (box.left < -1 || box.right > innerWidth + 1)) faults.push(`past the window's edge: ${nameOf(control)}`);
    }
    return [...new Set(faults)];
  });
}

const widths = [
  [1440, 900],
  [1280, 800],
  [390, 844],
  [360, 740],
] as const;

test('at 1440, 1280, 390 and 360 wide, with a toast and the card showing, no control is covered, cut or ellipsised on the dashboard, the deposit page, both terminals and a staff queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await freshCustomer();
  const customer = await apiAs(person);
  await notifyCustomer(customer.id, { title: 'Margin call on account 5000001', message: 'Add funds or close positions.', color: 'danger' });
  await customer.api.dispose();
  await openSignedIn(page, person);
  // Three pairs open, as a trader has them: more tabs than the header shows at once.
  await page.goto('/mt4');
  for (const query of ['eurusd', 'gbpusd']) {
    await page.getByRole('searchbox', { name: 'Search markets' }).fill(query);
    await page.locator('.watch-row').first().click();
  }
  await expect(page.locator('.pair-tab')).toHaveCount(3);
  const staffPage = await (await browser.newContext()).newPage();
  await openSignedIn(staffPage, demo.staff);
  for (const [width, height] of widths) {
    for (const [who, path] of [
      [page, '/main/dashboard'],
      [page, '/main/deposit'],
      [page, '/mt4'],
      [page, '/mt4-light'],
      [staffPage, '/admin/queues/deposits'],
    ] as const) {
      await who.setViewportSize({ width, height });
      await who.goto(path);
      await expect(who.locator('.toast-lane app-island[name="toaster"][hydrated]')).toBeAttached();
      await expect(who.locator('.toast-lane app-island[name="notifications"][hydrated]')).toBeAttached();
      if (who === page) await expect(who.locator('.notification-card')).toBeVisible();
      await showToast(who);
      await expect(who.locator('.toast-lane .toast')).toBeVisible();
      expect(await layoutFaults(who), `${path} at ${width}×${height}`).toEqual([]);
      if (path === '/mt4' && width < 768) {
        // The phone menu, longer than the screen: it scrolls, and none of its parts is squeezed under the next.
        await who.getByRole('button', { name: 'Menu' }).click();
        const squeezed = await who.locator('.mobile-menu > *').evaluateAll((parts) => parts.filter((part) => part.scrollHeight > part.clientHeight + 1).map((part) => part.className || part.tagName));
        expect(squeezed, `the phone menu at ${width}×${height}`).toEqual([]);
        expect(await layoutFaults(who), `the phone menu at ${width}×${height}`).toEqual([]);
        await who.keyboard.press('Escape');
      }
    }
  }
});
