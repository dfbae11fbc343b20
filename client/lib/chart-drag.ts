import type { IChartApi, ISeriesApi, ISeriesPrimitive, PrimitiveHoveredItem, Time } from 'lightweight-charts';

/** A line that can be dragged: its key and where it is drawn now. */
export interface DraggableLine {
  key: string;
  level: string;
  /** What the line is labelled on the chart ("SL T00000012", "Trailing SL …"). */
  title: string;
  colour: string;
  price: number;
}

export interface DragHandlers {
  /** The draggable lines drawn now. */
  lines: () => readonly DraggableLine[];
  /** The pointer moved the line to `price`: draw it there. */
  move: (key: string, price: number) => void;
  /** Released at `price` (after moving at least a few pixels). */
  drop: (key: string, price: number) => void;
  /** Released where it started, cancelled by the browser or by Escape: put it back. */
  cancel: (key: string) => void;
}

/** How near a line (CSS pixels) a press takes it: a finger is less exact than a mouse. */
const reach = { mouse: 6, touch: 14 } as const;
/** A press that moves less than this is a click, not a drag. */
const slop = 3;

/**
 * Dragging the TP, SL and pending-price lines of the chart (docs/trade-room.md#chart) with a mouse, a pen or a
 * finger: a press within reach of a line (`series.priceToCoordinate`) takes it, the chart's own scrolling and
 * scaling are off while it moves, and the line follows the pointer (`series.coordinateToPrice`). As a series
 * primitive it also gives the ns-resize cursor over a line, and keeps a marker per line in `overlay` at the line's
 * height (`data-line`, `data-level`, `data-line-y` in pixels from the top of the chart), which is what a finger
 * sees as the handle and what tests use to find a line (`data-title` is its label on the chart).
 */
export class LineDrag implements ISeriesPrimitive<Time> {
  private dragging: { key: string; pointerId: number; startY: number; price: number; moved: boolean } | null = null;
  private readonly grips = new Map<string, HTMLElement>();
  private readonly listeners: [string, EventListener, AddEventListenerOptions][] = [];

  constructor(
    private readonly holder: HTMLElement,
    private readonly chart: IChartApi,
    private readonly series: ISeriesApi<'Candlestick'>,
    private readonly overlay: HTMLElement,
    private readonly handlers: DragHandlers,
  ) {
    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void, options: AddEventListenerOptions = {}) => {
      const opts = { capture: true, ...options };
      holder.addEventListener(type, listener as EventListener, opts);
      this.listeners.push([type, listener as EventListener, opts]);
    };
    on('pointerdown', (e) => this.press(e));
    on('pointermove', (e) => this.follow(e));
    on('pointerup', (e) => this.release(e, true));
    on('pointercancel', (e) => this.release(e, false));
    on('lostpointercapture', (e) => this.release(e, false));
    // While a line moves, nothing reaches the chart (which would scroll) or the page (which would pan).
    const swallow = (e: Event) => {
      if (!this.dragging) return;
      e.stopPropagation();
      if (e.cancelable) e.preventDefault();
    };
    on('touchstart', swallow, { passive: false });
    on('touchmove', swallow, { passive: false });
    on('mousedown', swallow);
    window.addEventListener('keydown', this.onKey, true);
    series.attachPrimitive(this);
  }

  /** The key of the line the pointer holds now, if any: the chart leaves it where the customer holds it. */
  get draggedKey(): string | null {
    return this.dragging?.key ?? null;
  }

  dispose(): void {
    this.abandon();
    for (const [type, listener, options] of this.listeners) this.holder.removeEventListener(type, listener, options);
    window.removeEventListener('keydown', this.onKey, true);
    this.series.detachPrimitive(this);
    for (const grip of this.grips.values()) grip.remove();
    this.grips.clear();
  }

  /** Escape puts a line being dragged back (and goes no further: no dialog behind closes). */
  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !this.dragging) return;
    event.stopPropagation();
    this.abandon();
  };

  /** Where the library asks what is under the cursor: a line within reach is, and says how it moves. */
  hitTest(_x: number, y: number): PrimitiveHoveredItem | null {
    const line = this.nearest(y, reach.mouse);
    return line ? { externalId: line.key, cursorStyle: 'ns-resize', zOrder: 'top', hitTestPriority: 1 } : null;
  }

  /** Called by the library whenever the view changes (scale, scroll, data, size): the markers follow their lines. */
  updateAllViews(): void {
    this.placeGrips();
  }

  /** The markers again (new lines drawn, one moved). */
  placeGrips(): void {
    const lines = this.handlers.lines();
    // Called on every redraw: with no lines (the usual case while prices tick) there is nothing to do.
    if (lines.length === 0 && this.grips.size === 0) return;
    const seen = new Set<string>();
    const height = this.chart.paneSize(0).height;
    for (const line of lines) {
      seen.add(line.key);
      let grip = this.grips.get(line.key);
      if (!grip) {
        grip = document.createElement('span');
        grip.className = 'chart-line-grip';
        grip.dataset.line = line.key;
        grip.dataset.level = line.level;
        this.overlay.append(grip);
        this.grips.set(line.key, grip);
      }
      grip.style.setProperty('--line-colour', line.colour);
      if (grip.dataset.title !== line.title) grip.dataset.title = line.title;
      const price = this.dragging?.key === line.key ? this.dragging.price : line.price;
      const y = this.series.priceToCoordinate(price);
      const shown = y !== null && y >= 0 && y <= height;
      const text = shown ? y.toFixed(1) : '';
      if (grip.dataset.lineY !== text) {
        grip.dataset.lineY = text;
        grip.hidden = !shown;
        if (shown) grip.style.top = `${text}px`;
      }
    }
    for (const [key, grip] of this.grips)
      if (!seen.has(key)) {
        grip.remove();
        this.grips.delete(key);
      }
  }

  private nearest(y: number, within: number): DraggableLine | null {
    let best: DraggableLine | null = null;
    let distance = within;
    for (const line of this.handlers.lines()) {
      const at = this.series.priceToCoordinate(line.price);
      if (at === null) continue;
      const d = Math.abs(at - y);
      if (d <= distance) {
        best = line;
        distance = d;
      }
    }
    return best;
  }

  private localY(event: PointerEvent): number {
    return event.clientY - this.holder.getBoundingClientRect().top;
  }

  private press(event: PointerEvent): void {
    if (this.dragging || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const y = this.localY(event);
    if (y > this.chart.paneSize(0).height) return;
    const line = this.nearest(y, event.pointerType === 'mouse' ? reach.mouse : reach.touch);
    if (!line) return;
    event.preventDefault();
    event.stopPropagation();
    this.holder.setPointerCapture(event.pointerId);
    this.chart.applyOptions({ handleScroll: false, handleScale: false });
    this.dragging = { key: line.key, pointerId: event.pointerId, startY: y, price: line.price, moved: false };
  }

  private follow(event: PointerEvent): void {
    const drag = this.dragging;
    if (!drag || event.pointerId !== drag.pointerId) return;
    event.preventDefault();
    event.stopPropagation();
    const y = Math.min(Math.max(this.localY(event), 0), this.chart.paneSize(0).height);
    if (!drag.moved && Math.abs(y - drag.startY) < slop) return;
    const price = this.series.coordinateToPrice(y);
    if (price === null) return;
    drag.moved = true;
    drag.price = price;
    this.handlers.move(drag.key, price);
    this.placeGrips();
  }

  private release(event: PointerEvent, dropped: boolean): void {
    const drag = this.dragging;
    if (!drag || event.pointerId !== drag.pointerId) return;
    event.stopPropagation();
    this.finish();
    if (this.holder.hasPointerCapture(drag.pointerId)) this.holder.releasePointerCapture(drag.pointerId);
    if (dropped && drag.moved) this.handlers.drop(drag.key, drag.price);
    else this.handlers.cancel(drag.key);
  }

  private abandon(): void {
    const drag = this.dragging;
    if (!drag) return;
    this.finish();
    if (this.holder.hasPointerCapture(drag.pointerId)) this.holder.releasePointerCapture(drag.pointerId);
    this.handlers.cancel(drag.key);
  }

  private finish(): void {
    this.dragging = null;
    this.chart.applyOptions({ handleScroll: true, handleScale: true });
    this.placeGrips();
  }
}
