import '../styles/staff-tables.css';
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { instrumentsAdminApi } from '../../shared/api/endpoints/instruments-admin';
import { adminInstrumentSchema } from '../../shared/api/instruments-admin.schema';
import { schedules, scheduleIds } from '../../shared/trading/hours';
import { Modal } from '../components/modal';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

/** An instrument's Edit button and dialog (docs/back-office.md#instruments): listed, spreads, trading hours. */
function InstrumentEditor({ instrument }: { instrument: z.infer<typeof adminInstrumentSchema> }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ enabled: instrument.enabled, buy_spread: instrument.buy_spread, sell_spread: instrument.sell_spread, schedule: instrument.schedule });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { enabled: useId(), buy: useId(), sell: useId(), schedule: useId() };

  async function save() {
    setBusy(true);
    setErrors({});
    setProblem(null);
    const result = await call(instrumentsAdminApi.changeInstrument, { params: { id: instrument.id }, body: { ...form, buy_spread: form.buy_spread.trim(), sell_spread: form.sell_spread.trim() } });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors);
      return setProblem(result.message ?? 'The change was not saved.');
    }
    setOpen(false);
    showToast({ kind: 'success', title: instrument.symbol, description: result.data.message });
    setTimeout(() => window.location.reload(), 600);
  }

  const fieldProblem = (name: string) =>
    errors[name]?.[0] ? (
      <small className="field-problem" role="alert">
        {errors[name][0]}
      </small>
    ) : null;

  return (
    <>
      <button type="button" className="outline secondary small" onClick={() => setOpen(true)} aria-label={`Edit ${instrument.symbol}`}>
        Edit
      </button>
      {open ? (
        <Modal title={`${instrument.symbol} · ${instrument.name}`} onClose={() => !busy && setOpen(false)} className="reason-dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label htmlFor={ids.enabled}>
              <input id={ids.enabled} type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} /> Listed (takes new orders)
            </label>
            <small>Unlisted, it leaves the catalogue and takes no new orders; open trades on it still price and close.</small>
            <label htmlFor={ids.buy}>Buy spread (fraction of the price)</label>
            <input id={ids.buy} inputMode="decimal" value={form.buy_spread} aria-invalid={errors.buy_spread ? true : undefined} onChange={(e) => setForm({ ...form, buy_spread: e.target.value })} />
            {fieldProblem('buy_spread')}
            <label htmlFor={ids.sell}>Sell spread (fraction of the price)</label>
            <input
              id={ids.sell}
              inputMode="decimal"
              value={form.sell_spread}
              aria-invalid={errors.sell_spread ? true : undefined}
              onChange={(e) => setForm({ ...form, sell_spread: e.target.value })}
            />
            {fieldProblem('sell_spread')}
            <small>0.00005 is 0.005 % of the price; the next quote uses the new spreads.</small>
            <label htmlFor={ids.schedule}>Trading hours</label>
            <select id={ids.schedule} value={form.schedule} onChange={(e) => setForm({ ...form, schedule: e.target.value as typeof form.schedule })}>
              {scheduleIds.map((id) => (
                <option key={id} value={id}>
                  {schedules[id].label}
                </option>
              ))}
            </select>
            {problem && Object.keys(errors).length === 0 ? (
              <small className="field-problem" role="alert">
                {problem}
              </small>
            ) : null}
            <footer>
              <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" disabled={busy} aria-busy={busy || undefined}>
                Save
              </button>
            </footer>
          </form>
        </Modal>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'instrument-editor', component: InstrumentEditor, props: z.object({ instrument: adminInstrumentSchema }) });
