import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { nice, ticks } from 'd3-array';
import type { ChartBar } from '../api/store-search.ts';
import { CHART_HEIGHT, barColour, cutLabel, formatCompact, formatNumber, type MetricUnit } from '../lib/format.ts';

/** Widest bar in pixels (spec 01 §9). */
export const MAX_BAR_SIZE = 65;
/** Above this many bars the value labels on top of the bars would collide, so only the tooltip shows them. */
const MAX_BARS_WITH_VALUE_LABELS = 16;
/** Space around the plot for the axes, in pixels: x labels are cut to 14 characters and turned 40°. */
const MARGIN = { top: 24, right: 16, bottom: 92, left: 80 };
const AXIS_COLOUR = '#666';
const TEXT_COLOUR = '#4a5568';

const UNIT_AXIS_LABEL: Record<MetricUnit, string> = { hrs: 'Hours', images: 'Images', sentences: 'Sentences' };

/** Width in pixels of the element `ref` points at, kept current as it resizes (0 before the first layout). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver((entries) => setWidth(entries[0].contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The dashboard's bar chart (spec 01 §2, §9), drawn as SVG: bars in the order given (descending),
 * at most 65 px wide, 11 colours cycling, axis labels cut to 14 characters, compact numbers on the
 * value axis and above the bars (up to 16 bars), full label and exact value (thousands separators,
 * 3 decimals for hours) in each bar's tooltip and accessible name. With `onBarClick` (levels 0 and
 * 1) each bar is a button: click, Enter or Space drills into it.
 *
 * Our own SVG rather than a chart library: a chart library was most of the dashboard's first-load
 * JavaScript (recharts: 106 KB gzip of 332 KB; issue 8 §2 asks ≤ 200 KB), and this single bar chart
 * needs only d3-array's tick steps. The SVG is a group named `title`; each bar has its own
 * name and role, so screen readers and keyboards reach every value.
 */
export function MetricsBarChart({ bars, unit, title, onBarClick }: { bars: ChartBar[]; unit: MetricUnit; title: string; onBarClick?: (bar: ChartBar) => void }) {
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const [height, setHeight] = useState<number>(CHART_HEIGHT.md);
  useLayoutEffect(() => {
    if (boxRef.current) setHeight(boxRef.current.clientHeight);
  }, [boxRef, width]);

  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const max = Math.max(0, ...bars.map((b) => b.value));
  // Nice round top and 5-ish ticks; a chart of zeros still gets an axis from 0 to 1.
  const [, yMax] = max > 0 ? nice(0, max, 5) : [0, 1];
  const yTicks = ticks(0, yMax, 5);
  const y = (v: number) => MARGIN.top + plotH - (yMax > 0 ? (v / yMax) * plotH : 0);
  const band = bars.length ? plotW / bars.length : 0;
  const barW = Math.min(MAX_BAR_SIZE, band * 0.8);
  const showValues = bars.length <= MAX_BARS_WITH_VALUE_LABELS;

  const onKey = (e: KeyboardEvent, bar: ChartBar) => {
    if (onBarClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onBarClick(bar);
    }
  };

  return (
    <Box
      ref={boxRef}
      sx={{
        width: '100%',
        height: CHART_HEIGHT,
        '& [data-bar]': { transition: 'opacity 120ms' },
        '& [data-bar][role="button"]:hover': { opacity: 0.8 },
        '& [data-bar]:focus-visible': { outline: '3px solid #1f4f96', outlineOffset: 2 },
      }}
      data-testid="metrics-chart"
    >
      {width > 0 && (
        <svg width={width} height={height} role="group" aria-label={title} style={{ display: 'block', fontFamily: 'inherit' }}>
          <g aria-hidden="true">
            {yTicks.map((t) => (
              <g key={t}>
                <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={y(t)} y2={y(t)} stroke="#ccc" strokeDasharray="3 3" />
                <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill={AXIS_COLOUR}>
                  {formatCompact(t)}
                </text>
              </g>
            ))}
            <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={y(0)} y2={y(0)} stroke={AXIS_COLOUR} />
            <text transform={`translate(14 ${MARGIN.top + plotH / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill={AXIS_COLOUR}>
              {UNIT_AXIS_LABEL[unit]}
            </text>
          </g>
          {bars.map((b, i) => {
            const cx = MARGIN.left + band * i + band / 2;
            const barTop = y(b.value);
            const name = `${b.label}: ${formatNumber(b.value)} ${unit}`;
            return (
              <g key={b._id}>
                <rect
                  data-bar=""
                  x={cx - barW / 2}
                  y={barTop}
                  width={barW}
                  height={Math.max(0, y(0) - barTop)}
                  fill={barColour(i)}
                  role={onBarClick ? 'button' : 'img'}
                  aria-label={name}
                  tabIndex={onBarClick ? 0 : undefined}
                  cursor={onBarClick ? 'pointer' : 'default'}
                  onClick={onBarClick ? () => onBarClick(b) : undefined}
                  onKeyDown={onBarClick ? (e) => onKey(e, b) : undefined}
                >
                  <title>{name}</title>
                </rect>
                <g aria-hidden="true">
                  {showValues && (
                    <text x={cx} y={barTop - 6} textAnchor="middle" fontSize={11} fill={TEXT_COLOUR}>
                      {formatCompact(b.value)}
                    </text>
                  )}
                  <text data-x-label="" transform={`translate(${cx} ${y(0) + 10}) rotate(-40)`} textAnchor="end" dy="0.71em" fontSize={12} fill={AXIS_COLOUR}>
                    {cutLabel(b.label)}
                  </text>
                </g>
              </g>
            );
          })}
        </svg>
      )}
    </Box>
  );
}
