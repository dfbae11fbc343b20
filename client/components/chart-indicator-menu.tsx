import { useCallback, useRef, useState } from 'react';
import { indicatorIds, indicatorLimits, indicatorTexts, type IndicatorId, type IndicatorSettings } from '../../shared/trading/indicators';
import { indicatorColourCss } from '../lib/chart-indicators';
import { useDismiss } from '../lib/use-dismiss';

/** A period typed in the menu: whole bars within the limits, else the last good value stays. */
const periodOf = (text: string, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= indicatorLimits.period.min && value <= indicatorLimits.period.max ? value : fallback;
};

/**
 * The chart toolbar's Indicators menu (docs/trade-room.md#chart): a disclosure listing each indicator
 * with a checkbox and its period (and the bands' width), applied as changed.
 */
export function ChartIndicatorMenu({ settings, onChange }: { settings: IndicatorSettings; onChange: (next: IndicatorSettings) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  const count = indicatorIds.filter((id) => settings[id].on).length;
  const set = <K extends IndicatorId>(id: K, change: Partial<IndicatorSettings[K]>) => onChange({ ...settings, [id]: { ...settings[id], ...change } });
  return (
    <details className="chart-indicators" ref={ref} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {indicatorTexts.menu}
        {count ? <span className="chart-indicator-count"> ({count})</span> : null}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{indicatorTexts.menu}</legend>
        {indicatorIds.map((id) => (
          <div key={id} className="chart-indicator">
            <label>
              <input type="checkbox" checked={settings[id].on} onChange={(e) => set(id, { on: e.target.checked })} />
              <span className="chart-indicator-swatch" style={{ background: indicatorColourCss(id) }} aria-hidden="true" />
              {indicatorTexts.names[id]}
            </label>
            <label className="chart-indicator-number">
              <span className="visually-hidden">
                {indicatorTexts.names[id]} {indicatorTexts.period.toLowerCase()}
              </span>
              <span aria-hidden="true">{indicatorTexts.period}</span>
              <input
                type="number"
                inputMode="numeric"
                min={indicatorLimits.period.min}
                max={indicatorLimits.period.max}
                step={1}
                defaultValue={settings[id].period}
                onChange={(e) => set(id, { period: periodOf(e.target.value, settings[id].period) })}
              />
            </label>
            {id === 'bollinger' ? (
              <label className="chart-indicator-number">
                <span className="visually-hidden">
                  {indicatorTexts.names.bollinger} {indicatorTexts.width.toLowerCase()}
                </span>
                <span aria-hidden="true">{indicatorTexts.width}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={indicatorLimits.width.min}
                  max={indicatorLimits.width.max}
                  step={indicatorLimits.width.step}
                  defaultValue={settings.bollinger.width}
                  onChange={(e) => {
                    const width = Number(e.target.value);
                    const { min, max, step } = indicatorLimits.width;
                    if (width >= min && width <= max && Number.isInteger(width / step)) set('bollinger', { width });
                  }}
                />
              </label>
            ) : null}
          </div>
        ))}
      </fieldset>
    </details>
  );
}
