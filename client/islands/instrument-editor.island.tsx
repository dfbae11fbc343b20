import '../styles/staff-tables.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { instrumentsAdminApi } from '../../shared/api/endpoints/instruments-admin';
import { adminInstrumentSchema, type AdminInstrument } from '../../shared/api/instruments-admin.schema';
import { schedules, scheduleIds, type ScheduleId } from '../../shared/trading/hours';
import { ActionDialog } from '../forms/action-dialog';
import { Field } from '../forms/field';
import { renderRegionsAgain } from '../forms/regions';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';

/** Listed, spreads and trading hours; once saved, the row's cells are rendered again (views/pages/admin/instruments.tsx). */
function EditDialog({ instrument, close, saved }: { instrument: AdminInstrument; close: () => void; saved: (instrument: AdminInstrument) => void }) {
  const form = useEndpointForm(instrumentsAdminApi.changeInstrument, {
    initial: { enabled: instrument.enabled, buy_spread: instrument.buy_spread, sell_spread: instrument.sell_spread, schedule: instrument.schedule as string },
    request: (v) => ({
      params: { id: instrument.id },
      body: { enabled: v.enabled, buy_spread: v.buy_spread.trim(), sell_spread: v.sell_spread.trim(), schedule: v.schedule as ScheduleId },
    }),
    fallback: 'The change was not saved.',
    done: ({ message }) => ({ kind: 'success', title: instrument.symbol, description: message ?? '' }),
    onDone: ({ data }) => {
      close();
      if (data) saved(data.data.instrument);
      void renderRegionsAgain();
    },
  });
  return (
    <ActionDialog title={`${instrument.symbol} · ${instrument.name}`} confirm="Save" form={form} onClose={close}>
      <label htmlFor={form.idOf('enabled')}>
        <input id={form.idOf('enabled')} type="checkbox" checked={form.values.enabled} onChange={(e) => form.set({ enabled: e.target.checked })} /> Listed (takes new orders)
      </label>
      <small>Unlisted, it leaves the catalogue and takes no new orders; open trades on it still price and close.</small>
      <Field form={form} name="buy_spread" label="Buy spread (fraction of the price)" input={{ inputMode: 'decimal' }} />
      <Field form={form} name="sell_spread" label="Sell spread (fraction of the price)" input={{ inputMode: 'decimal' }} />
      <small>0.00005 is 0.005 % of the price; the next quote uses the new spreads.</small>
      <Field form={form} name="schedule" label="Trading hours">
        <select {...form.field('schedule')}>
          {scheduleIds.map((id) => (
            <option key={id} value={id}>
              {schedules[id].label}
            </option>
          ))}
        </select>
      </Field>
    </ActionDialog>
  );
}

/** An instrument's Edit button and dialog (docs/back-office.md#instruments): listed, spreads, trading hours. */
function InstrumentEditor({ instrument: first }: { instrument: AdminInstrument }) {
  const [instrument, setInstrument] = useState(first);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="outline secondary small" onClick={() => setOpen(true)} aria-label={`Edit ${instrument.symbol}`}>
        Edit
      </button>
      {open ? <EditDialog instrument={instrument} close={() => setOpen(false)} saved={setInstrument} /> : null}
    </>
  );
}

export default defineIsland({ name: 'instrument-editor', component: InstrumentEditor, props: z.object({ instrument: adminInstrumentSchema }) });
