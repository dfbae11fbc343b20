import './settings-preferences.css';
import { useEffect, useState, type ReactNode } from 'react';
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
import { useBusy } from '../lib/use-busy';
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
/** Saves a choice on the user at once (`key` marks its group busy); the previous one comes back when refused. */
type Save = (key: string, change: PreferencesUpdate, optimistic: Preferences) => void;
interface SectionProps {
  saved: Preferences;
  busy: string | null;
  save: Save;
}

/** One radio of a choice grid, its text beside it. */
function Choice({ name, value, checked, disabled, choose, children }: { name: string; value: string; checked: boolean; disabled: boolean; choose: () => void; children: ReactNode }) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={choose} />
      {children}
    </label>
  );
}

/** A switch with its name and what it does. */
function SwitchRow({ checked, disabled, toggle, title, hint }: { checked: boolean; disabled: boolean; toggle: (on: boolean) => void; title: string; hint: string }) {
  return (
    <label className="switch-row">
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => toggle(e.target.checked)} />
      <span>
        <strong>{title}</strong>
        <small>{hint}</small>
      </span>
    </label>
  );
}

/** The currencies the site offers for display, from the page or else asked for. */
function useCurrencies(currencies: readonly Currency[] | null): CurrencyList {
  const [list, setList] = useState<CurrencyList>(currencies ? { state: 'loaded', list: currencies } : { state: 'loading' });
  useEffect(() => {
    if (currencies) return;
    void call(siteApi.siteData).then((result) => setList(result.ok ? { state: 'loaded', list: result.data.data.currencies } : { state: 'failed' }));
  }, [currencies]);
  return list;
}

function CurrencyChoices({ saved, busy, save, list, accountCurrency }: SectionProps & { list: CurrencyList; accountCurrency: string }) {
  if (list.state === 'loading') return <p className="settings-empty">Loading currencies...</p>;
  if (list.state === 'failed') return <p className="settings-empty">Currencies could not be loaded. Reload the page to try again.</p>;
  const offered = list.list.filter((c) => c.display || c.code === saved.display_currency);
  if (offered.length === 0) return <p className="settings-empty">No currencies available</p>;
  const choose = (code: string | null) => () => save('currency', { display_currency: code }, { ...saved, display_currency: code });
  return (
    <div className="choice-grid">
      <Choice name="display_currency" value="" checked={saved.display_currency === null} disabled={busy !== null} choose={choose(null)}>
        <span>
          <strong>Account currency</strong>
          <small>Each account’s own ({accountCurrency})</small>
        </span>
      </Choice>
      {offered.map((c) => (
        <Choice key={c.code} name="display_currency" value={c.code} checked={saved.display_currency === c.code} disabled={busy !== null} choose={choose(c.code)}>
          <span>
            <strong>
              {c.symbol} {c.code}
            </strong>
            <small>{c.name}</small>
          </span>
        </Choice>
      ))}
    </div>
  );
}

function Localization(props: SectionProps & { list: CurrencyList; accountCurrency: string }) {
  const { saved, busy, save } = props;
  return (
    <section className="settings-card" aria-labelledby="localization-title">
      <h2 id="localization-title">Localization</h2>
      <fieldset aria-busy={busy === 'currency' || undefined}>
        <legend>Dashboard Currency</legend>
        <p className="settings-hint">{`Figures in another currency than the account’s are estimates at the site’s reference rates, marked “≈ in ${saved.display_currency ?? 'EUR'}”; your accounts keep their own currency.`}</p>
        <CurrencyChoices {...props} />
      </fieldset>
      <fieldset aria-busy={busy === 'language' || undefined}>
        <legend>Dashboard Language</legend>
        <p className="settings-hint">{texts.languageNote}</p>
        <div className="choice-grid languages">
          {languages.map((l) => (
            <Choice
              key={l.code}
              name="language"
              value={l.code}
              checked={saved.language === l.code}
              disabled={busy !== null}
              choose={() => save('language', { language: l.code }, { ...saved, language: l.code })}
            >
              <span lang={l.code} dir={l.code === 'ar' ? 'rtl' : undefined}>
                {l.label}
              </span>
            </Choice>
          ))}
        </div>
        <p className="settings-sample" data-testid="locale-sample">
          Written as: <strong>{formatLocaleAmount(sampleAmount, 2, saved.language)}</strong> · <strong>{formatLocaleDateTime(sampleAt, saved.language)}</strong>
        </p>
      </fieldset>
    </section>
  );
}

function Sounds({ saved, busy, save }: SectionProps) {
  return (
    <section className="settings-card" aria-labelledby="sounds-title">
      <h2 id="sounds-title">Sounds</h2>
      <SwitchRow
        checked={saved.sounds_enabled}
        disabled={busy !== null}
        toggle={(on) => save('sounds', { sounds_enabled: on }, { ...saved, sounds_enabled: on })}
        title="Play sounds"
        hint="A chime for new notifications and chat messages, and a tone when an order is placed or refused in the trade room."
      />
    </section>
  );
}

function TradeRoom({ saved, busy, save, saveOneClick }: SectionProps & { saveOneClick: (saved: Preferences) => void }) {
  return (
    <section className="settings-card" aria-labelledby="trade-room-title">
      <h2 id="trade-room-title">Trade room</h2>
      <OneClickSwitch className="switch-row" label={oneClickTexts.setting} hint={oneClickTexts.settingHint} on={saved.one_click_trading} onSaved={saveOneClick} />
      <fieldset aria-busy={busy === 'terminal' || undefined} aria-describedby="terminal-hint">
        <legend>Terminal</legend>
        <p className="settings-hint" id="terminal-hint">
          The terminal your “Trade room” links open, on every device.
        </p>
        <div className="choice-grid">
          {terminalKinds.map((kind) => (
            <Choice
              key={kind}
              name="terminal"
              value={kind}
              checked={saved.terminal === kind}
              disabled={busy !== null}
              choose={() => save('terminal', { terminal: kind }, { ...saved, terminal: kind })}
            >
              <span>
                <strong>{terminalLabels[kind]}</strong>
                <small>{terminalHints[kind]}</small>
              </span>
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset aria-busy={busy === 'watch' || undefined}>
        <legend>{watchTexts.setting}</legend>
        <div className="choice-grid">
          {watchDigitsModes.map((mode) => (
            <Choice
              key={mode}
              name="watch_digits"
              value={mode}
              checked={saved.watch_digits === mode}
              disabled={busy !== null}
              choose={() => save('watch', { watch_digits: mode }, { ...saved, watch_digits: mode })}
            >
              <span>
                <strong>{watchTexts[mode]}</strong>
                <small>{mode === 'fixed' ? watchTexts.fixedHint : watchTexts.instrumentHint}</small>
              </span>
            </Choice>
          ))}
        </div>
      </fieldset>
    </section>
  );
}

function Notifications({ saved, busy, save }: SectionProps) {
  const toggle = (topic: (typeof notificationTopicKeys)[number]) => (on: boolean) =>
    save('notifications', { notifications: { [topic]: on } }, { ...saved, notifications: { ...saved.notifications, [topic]: on } });
  return (
    <section className="settings-card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <p className="settings-hint">Choose which e-mails we send you. Every notice still appears on your bell in the platform.</p>
      {notificationTopicKeys.map((topic) => (
        <SwitchRow
          key={topic}
          checked={saved.notifications[topic]}
          disabled={busy !== null}
          toggle={toggle(topic)}
          title={notificationTopics[topic].label}
          hint={notificationTopics[topic].description}
        />
      ))}
      <p className="settings-hint">{texts.alwaysSent}</p>
    </section>
  );
}

/** Localization, Sounds, Trade room and Notifications (docs/customer-area.md#settings): each choice is saved on the user as it is made. */
function SettingsPreferences({ preferences, currencies, accountCurrency }: z.infer<typeof props>) {
  const [saved, setSaved] = useState<Preferences | null>(preferences);
  const { busy, run } = useBusy();
  const list = useCurrencies(currencies);

  if (!saved) {
    return (
      <p className="notice notice-warning" role="alert">
        Your settings could not be loaded. Reload the page to try again.
      </p>
    );
  }

  const save: Save = (key, change, optimistic) =>
    run(key, async () => {
      setSaved(optimistic);
      // This page's islands (numbers, sounds) follow at once; other pages and devices read the user afresh.
      const result = await savePreferences(change);
      if (!result.ok) {
        setSaved(saved);
        showToast({ kind: 'error', title: result.message ?? 'Your settings could not be saved. Try again.' });
        return;
      }
      setSaved(result.data.data);
      showToast({ kind: 'success', title: result.data.message });
    });
  const section = { saved, busy, save };

  return (
    <>
      <Localization {...section} list={list} accountCurrency={accountCurrency} />
      <Sounds {...section} />
      <TradeRoom {...section} saveOneClick={setSaved} />
      <Notifications {...section} />
    </>
  );
}

export default defineIsland({ name: 'settings-preferences', component: SettingsPreferences, props });
