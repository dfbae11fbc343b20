import './third-party-widget.css';
import { useEffect, useRef, useState } from 'react';
import { widgetHosts } from '../../shared/trading/terminal';

/**
 * A third-party embed (the economic calendar and the news timeline: docs/trade-room.md#widgets). When its script
 * cannot be fetched (offline, blocked), the panel says so instead of staying blank.
 */
export function ThirdPartyWidget({ script, config, title }: { script: string; config: Record<string, unknown>; title: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'offline'>('loading');
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const tag = document.createElement('script');
    tag.src = `${widgetHosts.script}/external-embedding/${script}`;
    tag.async = true;
    tag.text = JSON.stringify(config);
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'offline' : s)), 8_000);
    tag.onload = () => setState('ready');
    tag.onerror = () => setState('offline');
    element.append(tag);
    return () => {
      clearTimeout(timer);
      element.replaceChildren();
    };
    // The widget is embedded once per script; its settings are fixed for as long as it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [script]);
  return (
    <div className="widget">
      {state === 'offline' ? (
        <p className="widget-offline" role="status">
          The {title.toLowerCase()} is not available offline. It comes from TradingView, which this browser cannot reach right now.
        </p>
      ) : state === 'loading' ? (
        <p className="widget-loading">Loading the {title.toLowerCase()}...</p>
      ) : null}
      <div className="tradingview-widget-container" ref={holder} />
    </div>
  );
}
