import './site-settings.css';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { adminApi } from '../../shared/api/endpoints/admin';
import { siteSettingsSchema, type SiteSettings } from '../../shared/api/settings.schema';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';
import { csrfToken } from '../state/session';
import type { SettingsKit } from './site-settings/fields';
import { AvailabilitySection, BankSection, BrandSection, LegalLinksSection, MoneySection, RegistrationSection, TrustSection } from './site-settings/sections';
import { checkSettingsChanges, flatValues, messageKeys, nestedForm, settingsChanges, settingsFormOf, type SettingsForm } from './site-settings/settings-values';

/** After a save, drop the web tier's cached settings as Check Status does (`POST /session/refresh`), so pages it serves next read the new ones. */
function dropCachedSettings(): void {
  void fetch('/session/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken.value },
    body: '{}',
  }).catch(() => undefined);
}

/** `/admin/settings` (docs/site-settings.md#editing): the site's settings, saved by `PATCH /admin/settings` with only what changed. */
function SiteSettingsForm({ settings, currencies }: { settings: SiteSettings; currencies: { code: string; name: string }[] }) {
  const [saved, setSaved] = useState(() => settingsFormOf(settings));
  const changesOf = (values: Parameters<typeof nestedForm>[0]) => settingsChanges(saved, nestedForm(values));
  const form = useEndpointForm(adminApi.changeSettings, {
    initial: () => flatValues(saved),
    request: (values) => ({ body: changesOf(values) }),
    // Beyond the schema: every bank part once one is filled in.
    check: (values) => {
      const checked = checkSettingsChanges(changesOf(values));
      return checked.ok ? {} : checked.errors;
    },
    fallback: 'The settings were not saved. Please try again.',
    unreachable: 'The server did not answer. Please try again.',
    failureTitle: 'Settings not saved',
    done: () => ({ kind: 'success', title: 'Settings saved', description: 'Customers see the change at their next page.' }),
    onDone: ({ data }) => {
      if (!data) return;
      const next = settingsFormOf(data.data);
      setSaved(next);
      form.reset(flatValues(next));
      dropCachedSettings();
    },
  });
  const changed = Object.keys(changesOf(form.values)).length;
  useLeaveGuard(changed > 0);
  const sections = { form, saved };
  return (
    <form
      className="site-settings"
      noValidate
      onSubmit={(event) => (changed > 0 ? form.submit(event) : event.preventDefault())}
      aria-describedby={problemOf(form) ? 'site-settings-problem' : undefined}
    >
      <BrandSection {...sections} />
      <AvailabilitySection {...sections} />
      <RegistrationSection {...sections} />
      <LegalLinksSection {...sections} />
      <TrustSection {...sections} />
      <MoneySection {...sections} currencies={currencies} />
      <BankSection {...sections} />
      <SaveBar form={form} saved={saved} changed={changed} />
    </form>
  );
}

/** Leaving with unsaved changes asks first. */
function useLeaveGuard(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [unsaved]);
}

/** What stops the save: the request's own problem, or fields with messages. */
const problemOf = (form: SettingsKit) => form.problem ?? (messageKeys.some((key) => form.error(key)) ? 'Please correct the highlighted fields.' : null);

function SaveBar({ form, saved, changed }: { form: SettingsKit; saved: SettingsForm; changed: number }) {
  return (
    <div className="settings-actions">
      <p id="site-settings-problem" className="settings-problem" role="alert">
        {problemOf(form)}
      </p>
      <span className="settings-state" aria-live="polite">
        {form.busy ? 'Saving…' : changed > 0 ? `${changed} unsaved ${changed === 1 ? 'change' : 'changes'}` : 'No changes'}
      </span>
      <button type="button" className="secondary outline" disabled={changed === 0 || form.busy} onClick={() => form.reset(flatValues(saved))}>
        Discard changes
      </button>
      <button type="submit" disabled={changed === 0 || form.busy} aria-busy={form.busy || undefined}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}

export default defineIsland({
  name: 'site-settings',
  component: SiteSettingsForm,
  props: z.object({ settings: siteSettingsSchema, currencies: z.array(z.object({ code: z.string(), name: z.string() })) }),
});
