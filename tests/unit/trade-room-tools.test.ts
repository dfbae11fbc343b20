// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isTyping, listMove } from '../../client/lib/keyboard';
import { spreadPoints, watchDecimals } from '../../shared/trading/market-watch';
import { defaultOneClickLots } from '../../shared/trading/one-click';

/** The header's and market watch's rules that are not layout (docs/trade-room.md#market-watch, #one-click-trading, #keyboard). */

describe('market watch digits', () => {
  it('are 3 decimals by default and the instrument’s own at full digits', () => {
    expect(watchDecimals('fixed', 5)).toBe(3);
    expect(watchDecimals('fixed', 2)).toBe(3);
    expect(watchDecimals('instrument', 5)).toBe(5);
    expect(watchDecimals('instrument', 2)).toBe(2);
  });

  it('give the spread in points of the last digit, exactly', () => {
    expect(spreadPoints('1.08441', '1.08451', 5)).toBe('10');
    expect(spreadPoints('151.412', '151.426', 3)).toBe('14');
    expect(spreadPoints('67301.08', '67408.90', 2)).toBe('10782');
    // A feed price finer than the digits gives a part point, rounded half up.
    expect(spreadPoints('1.084405', '1.08451', 5)).toBe('11');
    expect(spreadPoints(null, '1.1', 5)).toBeNull();
    expect(spreadPoints('x', '1.1', 5)).toBeNull();
  });
});

describe('one-click volume', () => {
  it('starts at the instrument’s default position in lots, else the least lot', () => {
    expect(defaultOneClickLots({ position: '1000', contract_size: '100000' })).toBe('0.01');
    expect(defaultOneClickLots({ position: '0.1', contract_size: '1' })).toBe('0.10');
    expect(defaultOneClickLots({ position: '1500', contract_size: '100000' })).toBe('0.01');
    expect(defaultOneClickLots({ position: '0', contract_size: '100000' })).toBe('0.01');
    expect(defaultOneClickLots({ position: '1000', contract_size: '0' })).toBe('0.01');
  });
});

describe('keyboard', () => {
  it('moves through a list with Up, Down, Home, End and a page at a time, never past its ends', () => {
    expect(listMove('ArrowDown', 0, 5)).toBe(1);
    expect(listMove('ArrowDown', 4, 5)).toBe(4);
    expect(listMove('ArrowUp', 0, 5)).toBe(0);
    expect(listMove('ArrowUp', 3, 5)).toBe(2);
    expect(listMove('Home', 3, 5)).toBe(0);
    expect(listMove('End', 0, 5)).toBe(4);
    expect(listMove('PageDown', 1, 50, 10)).toBe(11);
    expect(listMove('PageUp', 5, 50, 10)).toBe(0);
    // A remembered row past a shortened list starts from its end.
    expect(listMove('ArrowUp', 40, 5)).toBe(3);
    expect(listMove('Enter', 0, 5)).toBeNull();
    expect(listMove('ArrowDown', 0, 0)).toBeNull();
  });

  it('leaves what is typed into fields alone, not buttons, checkboxes or switches', () => {
    const make = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTyping(make('<input type="text">'))).toBe(true);
    expect(isTyping(make('<input type="search">'))).toBe(true);
    expect(isTyping(make('<input>'))).toBe(true);
    expect(isTyping(make('<textarea></textarea>'))).toBe(true);
    expect(isTyping(make('<select><option>a</option></select>'))).toBe(true);
    expect(isTyping(make('<input type="checkbox" role="switch">'))).toBe(false);
    expect(isTyping(make('<button type="button">BUY</button>'))).toBe(false);
    expect(isTyping(make('<div></div>'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
