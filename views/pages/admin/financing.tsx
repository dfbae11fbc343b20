import type { FieldErrors } from '../../../shared/api/common.schema';
import { rolloverTriggerLabels, type RolloverView } from '../../../shared/api/financing.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { AppShell } from '../../components/app-shell';
import { CheckedFormTag, FormField, SubmitButton } from '../../components/form-fields';
import { Stylesheet } from '../../page-needs';

export interface FinancingView {
  rollovers: RolloverView[];
  clock: { time: string; time_zone: string; scheduled: boolean };
}

interface FinancingProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** The rollovers, or null when they could not be read (`problem` says why). */
  view: FinancingView | null;
  problem: string | null;
  /** The day typed into the run form, and its message, after a refused post. */
  day?: string;
  errors?: FieldErrors;
}

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'Not finished');

/** `/admin/financing`, admins only (docs/trading.md#overnight-financing): each night's rollover, and a day run by hand. */
export function FinancingPage({ settings, user, csrfToken, view, problem, day = '', errors = {} }: FinancingProps) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="financing">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Overnight financing</h1>
        {view ? (
          <p>
            {view.clock.scheduled
              ? `Every position open at the rollover, ${view.clock.time} ${view.clock.time_zone}, is charged or credited for the night; a missed night is caught up by itself for a week.`
              : `The rollover does not run by itself here (ROLLOVER_TIME=off): run each day below, at ${view.clock.time} ${view.clock.time_zone}.`}{' '}
            Each position is booked once a night, however often a day is run.
          </p>
        ) : null}
      </section>
      {problem ? (
        <p className="staff-message" role="alert">
          {problem}
        </p>
      ) : null}
      <CheckedFormTag check="" className="rollover-form" label="Run a rollover" action={paths.adminFinancing} csrfToken={csrfToken}>
        <FormField id="rollover-day" name="day" type="date" label="Rollover day" value={day} error={errors.day?.[0]} required />
        <SubmitButton busyLabel="Running…">Run rollover</SubmitButton>
      </CheckedFormTag>
      {view ? (
        <>
          <h2 id="rollovers-heading">Rollovers, newest first</h2>
          <table className="staff-table" aria-labelledby="rollovers-heading">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Rollover</th>
                <th scope="col">Run</th>
                <th scope="col">Finished</th>
                <th scope="col">Positions</th>
              </tr>
            </thead>
            <tbody>
              {view.rollovers.length === 0 ? (
                <tr>
                  <td colSpan={5}>No rollover has run yet.</td>
                </tr>
              ) : (
                view.rollovers.map((r) => (
                  <tr key={r.day}>
                    <td data-label="Day">{r.day}</td>
                    <td data-label="Rollover">{when(r.at)}</td>
                    <td data-label="Run">{rolloverTriggerLabels[r.trigger]}</td>
                    <td data-label="Finished">{when(r.completed_at)}</td>
                    <td data-label="Positions">{r.positions}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </>
      ) : null}
    </AppShell>
  );
}
