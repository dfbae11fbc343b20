import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { messageOf } from '../../shared/api/common.schema';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import { CountrySelect, countryOption } from '../components/country-select';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ countries: z.array(countryOption), country: z.string(), nationality: z.string() });

/** Step 2 (client-spec §2 `/register/country-residence`): residence and nationality, the consent gating Continue. */
function ResidenceForm({ countries, country, nationality }: z.infer<typeof props>) {
  const [residence, setResidence] = useState(country);
  const [citizenship, setCitizenship] = useState(nationality);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!agreed) return showToast({ kind: 'error', title: registrationTexts.privacy });
    setBusy(true);
    try {
      const result = await requestJson<{ message?: string; next?: string }>('/signup/residence', { method: 'POST', body: { country_of_residence: residence, nationality: citizenship, agree: true } });
      if (result.ok || result.status === 409) {
        if (!result.ok) showToast({ kind: 'error', title: messageOf(result.body, registrationTexts.missingDraft) });
        window.location.assign(result.body.next ?? paths.signup);
        return;
      }
      showToast({ kind: 'error', title: messageOf(result.body, registrationTexts.genericError) });
    } catch {
      showToast({ kind: 'error', title: registrationTexts.genericError });
    } finally {
      setBusy(false);
    }
  }

  const select = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <CountrySelect id={id} value={value} options={countries} onChange={onChange} />
    </div>
  );

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      {select('residence', 'Country of Residence', residence, setResidence)}
      {select('nationality', 'Nationality', citizenship, setCitizenship)}
      <label className="consent">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        I agree to the Privacy Policy and I am over 18
      </label>
      <button type="submit" disabled={!agreed || busy} aria-busy={busy || undefined}>
        {busy ? 'Processing...' : 'Continue'}
      </button>
    </form>
  );
}

export default defineIsland({ name: 'residence-form', component: ResidenceForm, props });
