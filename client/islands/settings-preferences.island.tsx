import './settings-preferences.css';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { currencySchema, type Currency } from '../../shared/api/data.schema';
import { siteApi } from '../../shared/api/endpoints/site';
import {
  languages,
  notificationTopicKeys,
  notificationTopics,
  preferencesSchema,
  preferencesTexts as texts,
  terminalKinds,
  terminalLabels,
  watchDigitsModes,
  type Preferences,
  type PreferencesUpdate,
} from '../../shared/api/preferences.schema';
import { formatLocaleAmount, formatLocaleDateTime } from '../../shared/locale';
import { watchTexts } from '../../shared/trading/market-watch';
import { oneClickTexts } from '../../shared/trading/one-click';
import { OneClickSwitch } from '../components/one-click-switch';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { savePreferences } from '../state/preferences';
import { showToast } from '../state/toasts';

const props = z.object({
  /** GET /user/preferences, or null when it could not be read. */
  preferences: z.nullable(preferencesSchema),
  /** GET /data's currencies, or null when the page could not read them (the island then asks). */
  currencies: z.nullable(z.array(currencySchema)),
  /** The Live account's currency: what "each account's own" means for most customers. */
  accountCurrency: z.string(),
});

/** A fixed moment and figure, so the preview reads the same on the server and in the browser. */
const sampleAt = '2026-03-05T14:07:00Z';
const sampleAmount = '1234567.89';

/** What each terminal looks like (docs/trade-room.md#terminals), under its name in the Trade room choice. */
const terminalHints = {
  classic: 'Dark, with the pair tabs on top and the side rail.',
  light: 'The classic desktop-terminal look, in a light theme.',
} as const;

type CurrencyList = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; list: readonly Currency[] };

/** Localization, Sounds, Trade room and Notifications (docs/customer-area.md#settings): each choice is saved on the user as it is made. */
function SettingsPreferences({ preferences, currencies, accountCurrency }: z.infer<typeof props>) {
  const [saved, setSaved] = useState<Preferences | null>(preferences);
  const [busy, setBusy] = useState<string | null>(null);
  const [list, setList] = useState<CurrencyList>(currencies ? { state: 'loaded', list: currencies } : { state: 'loading' });

  useEffect(() => {
    if (currencies) return;
    void call(siteApi.siteData).then((result) => setList(result.ok ? { state: 'loaded', list: result.data.data.currencies } : { state: 'failed' }));
  }, [currencies]);

  if (!saved) {
    return (
      <p className="notice notice-warning" role="alert">
        Your settings could not be loaded. Reload the page to try again.
      </p>
    );
  }

  async function save(field: string, change: PreferencesUpdate, optimistic: Preferences) {
    const before = saved!;
    setSaved(optimistic);
    setBusy(field);
    // This page's islands (numbers, sounds) follow at once; other pages and devices read the user afresh.
    const result = await savePreferences(change);
    setBusy(null);
    if (!result.ok) {
      setSaved(before);
      showToast({ kind: 'error', title: result.message ?? 'Your settings could not be saved. Try again.' });
      return;
    }
    setSaved(result.data.data);
    showToast({ kind: 'success', title: result.data.message });
  }

  const offered = list.state === 'loaded' ? list.list.filter((c) => c.display || c.code === saved.display_currency) : [];

  return (
    <>
      <section className="settings-card" aria-labelledby="localization-title">
        <h2 id="localization-title">Localization</h2>
        <fieldset aria-busy={busy === 'currency' || undefined}>
          <legend>Dashboard Currency</legend>
          <p className="settings-hint">{`Figures in another currency than the account’s are estimates at the site’s reference rates, marked “≈ in ${saved.display_currency ?? 'EUR'}”; your accounts keep their own currency.`}</p>
          {list.state === 'loading' ? (
            <p className="settings-empty">Loading currencies...</p>
          ) : list.state === 'failed' ? (
            <p className="settings-empty">Currencies could not be loaded. Reload the page to try again.</p>
          ) : offered.length === 0 ? (
            <p className="settings-empty">No currencies available</p>
          ) : (
            <div className="choice-grid">
              <label className="choice">
                <input
                  type="radio"
                  name="display_currency"
                  value=""
                  checked={saved.display_currency === null}
                  disabled={busy !== null}
                  onChange={() => void save('currency', { display_currency: null }, { ...saved, display_currency: null })}
                />
                <span>
                  <strong>Account currency</strong>
                  <small>Each account’s own ({accountCurrency})</small>
                </span>
              </label>
              {offered.map((c) => (
                <label className="choice" key={c.code}>
                  <input
                    type="radio"
                    name="display_currency"
                    value={c.code}
                    checked={saved.display_currency === c.code}
                    disabled={busy !== null}
                    onChange={() => void save('currency', { display_currency: c.code }, { ...saved, display_currency: c.code })}
                  />
                  <span>
                    <strong>
                      {c.symbol} {c.code}
                    </strong>
                    <small>{c.name}</small>
                  </span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset aria-busy={busy === 'language' || undefined}>
          <legend>Dashboard Language</legend>
          <p className="settings-hint">{texts.languageNote}</p>
          <div className="choice-grid languages">
            {languages.map((l) => (
              <label className="choice" key={l.code}>
                <input
                  type="radio"
                  name="language"
                  value={l.code}
                  checked={saved.language === l.code}
                  disabled={busy !== null}
                  onChange={() => void save('language', { language: l.code }, { ...saved, language: l.code })}
                />
                <span lang={l.code} dir={l.code === 'ar' ? 'rtl' : undefined}>
                  {l.label}
                </span>
              </label>
            ))}
          </div>
          <p className="settings-sample" data-testid="locale-sample">
            Written as: <strong>{formatLocaleAmount(sampleAmount, 2, saved.language)}</strong> · <strong>{formatLocaleDateTime(sampleAt, saved.language)}</strong>
          </p>
        </fieldset>
      </section>

      <section className="settings-card" aria-labelledby="sounds-title">
        <h2 id="sounds-title">Sounds</h2>
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            checked={saved.sounds_enabled}
            disabled={busy !== null}
            onChange={(e) => void save('sounds', { sounds_enabled: e.target.checked }, { ...saved, sounds_enabled: e.target.checked })}
          />
          <span>
            <strong>Play sounds</strong>
            <small>A chime for new notifications and chat messages, and a tone when an order is placed or refused in the trade room.</small>
          </span>
        </label>
      </section>

      <section className="settings-card" aria-labelledby="trade-room-title">
        <h2 id="trade-room-title">Trade room</h2>
        <OneClickSwitch className="switch-row" label={oneClickTexts.setting} hint={oneClickTexts.settingHint} on={saved.one_click_trading} onSaved={setSaved} />
        <fieldset aria-busy={busy === 'terminal' || undefined} aria-describedby="terminal-hint">
          <legend>Terminal</legend>
          <p className="settings-hint" id="terminal-hint">
            The terminal your “Trade room” links open, on every device.
          </p>
          <div className="choice-grid">
            {terminalKinds.map((kind) => (
              <label className="choice" key={kind}>
                <input
                  type="radio"
                  name="terminal"
                  value={kind}
                  checked={saved.terminal === kind}
                  disabled={busy !== null}
                  onChange={() => void save('terminal', { terminal: kind }, { ...saved, terminal: kind })}
                />
                <span>
                  <strong>{terminalLabels[kind]}</strong>
                  <small>{terminalHints[kind]}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-busy={busy === 'watch' || undefined}>
          <legend>{watchTexts.setting}</legend>
          <div className="choice-grid">
            {watchDigitsModes.map((mode) => (
              <label className="choice" key={mode}>
                <input
                  type="radio"
                  name="watch_digits"
                  value={mode}
                  checked={saved.watch_digits === mode}
                  disabled={busy !== null}
                  onChange={() => void save('watch', { watch_digits: mode }, { ...saved, watch_digits: mode })}
                />
                <span>
                  <strong>{watchTexts[mode]}</strong>
                  <small>{mode === 'fixed' ? watchTexts.fixedHint : watchTexts.instrumentHint}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section className="settings-card" aria-labelledby="notifications-title">
        <h2 id="notifications-title">Notifications</h2>
        <p className="settings-hint">Choose which e-mails we send you. Every notice still appears on your bell in the platform.</p>
        {notificationTopicKeys.map((topic) => (
          <label className="switch-row" key={topic}>
            <input
              type="checkbox"
              role="switch"
              checked={saved.notifications[topic]}
              disabled={busy !== null}
              onChange={(e) => void save('notifications', { notifications: { [topic]: e.target.checked } }, { ...saved, notifications: { ...saved.notifications, [topic]: e.target.checked } })}
            />
            <span>
              <strong>{notificationTopics[topic].label}</strong>
              <small>{notificationTopics[topic].description}</small>
            </span>
          </label>
        ))}
        <p className="settings-hint">{texts.alwaysSent}</p>
      </section>
    </>
  );
}

export default defineIsland({ name: 'settings-preferences', component: SettingsPreferences, props });
