import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { Text } from '@visx/text';
import type { ChartBar } from '../api/store-search.ts';
import { CHART_HEIGHT, barColour, cutLabel, formatCompact, formatUnit, type MetricUnit } from '../lib/format.ts';

/** Widest bar in pixels (docs/product.md#constants-and-limits). */
export const MAX_BAR_SIZE = 65;
/** Above this many bars the value labels on top of the bars would collide, so only the tooltip shows them. */
const MAX_BARS_WITH_VALUE_LABELS = 16;
/** The chart's width in pixels before its box is measured: its box on a 412 px wide phone, and from the md breakpoint (the page's widest container). */
const UNMEASURED_WIDTH = { xs: 346, md: 1102 } as const;
/** Space around the plot for the axes, in pixels: x labels are cut to 14 characters and turned 40°. */
const MARGIN = { top: 24, right: 16, bottom: 92, left: 80 };
/** Share of each band left empty between bars (scaleBand padding). */
const BAND_PADDING = 0.2;
/** Approximate number of value-axis ticks (and grid lines). */
const VALUE_TICKS = 5;
const AXIS_COLOUR = '#666';
const TEXT_COLOUR = '#4a5568';

/** One x-axis label: the bar's label cut to 14 characters, turned 40°, marked for tests (`data-x-label`). */
function XTickLabel({ formattedValue, ...props }: TickRendererProps) {
  return (
    <Text {...props} data-x-label="">
      {formattedValue}
    </Text>
  );
}

/**
 * The dashboard's bar chart (docs/product.md#dashboard-and-dataset-metrics, docs/product.md#constants-and-limits), drawn with the visx primitives (band and linear
 * scales, bars, axes, grid): bars in the order given (descending), at most 65 px wide, 11 colours
 * cycling, axis labels cut to 14 characters, compact numbers on the value axis and above the bars
 * (up to 16 bars), full label and exact value (thousands separators, 3 decimals for hours) in each
 * bar's tooltip and accessible name. Fills its parent's width (and the height CHART_HEIGHT gives
 * it). With `onBarClick` (levels 0 and 1) each bar is a button: click, Enter or Space drills into it.
 *
 * visx rather than a full chart kit: its primitives add a few KB to the page's chunk where recharts
 * cost 106 KB gzip of first-load JavaScript (issue 8 §2 asks ≤ 200 KB). The SVG is a group named
 * `title`; axes and value labels are hidden from assistive technology, while each bar has its own
 * name and role, so screen readers and keyboards reach every value.
 */
export function MetricsBarChart({
  bars,
  unit,
  title,
  onBarClick,
}: {
  bars: ChartBar[];
  unit: MetricUnit;
  title: string;
  onBarClick?: (bar: ChartBar) => void;
}) {
  const { t } = useTranslation();
  // The first measurement draws at once (leading call); later resizes redraw after 100 ms of quiet.
  const measuredSize = useParentSize({ debounceTime: 100 });
  const { parentRef } = measuredSize;
  // Until the box is measured (the server's render, and the browser's first frame) the chart is
  // drawn at the size it has on a 412 px phone or a wide screen and scaled to the box (viewBox), so
  // a page the server rendered with its data shows its bars at first paint
  // (docs/architecture.md#prerendered-pages). noSsr: the browser answers at once, without a second render.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const measured = measuredSize.width > 0 && measuredSize.height > 0;
  const width = measured ? measuredSize.width : wide ? UNMEASURED_WIDTH.md : UNMEASURED_WIDTH.xs;
  const height = measured ? measuredSize.height : wide ? CHART_HEIGHT.md : CHART_HEIGHT.xs;

  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const max = Math.max(0, ...bars.map((b) => b.value));
  const labels = new Map(bars.map((b) => [b._id, b.label]));
  const xScale = scaleBand<string>({ domain: bars.map((b) => b._id), range: [0, plotW], padding: BAND_PADDING });
  // A chart of zeros still gets an axis from 0 to 1; `nice` rounds the top to a tick.
  const yScale = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [plotH, 0], nice: VALUE_TICKS });
  const barW = Math.min(MAX_BAR_SIZE, xScale.bandwidth());
  const showValues = bars.length <= MAX_BARS_WITH_VALUE_LABELS;

  const onKey = (e: KeyboardEvent, bar: ChartBar) => {
    if (onBarClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onBarClick(bar);
    }
  };

  return (
    <Box
      ref={parentRef}
      sx={{
        width: '100%',
        height: CHART_HEIGHT,
        '& [data-bar]': { transition: 'opacity 120ms' },
        '& [data-bar][role="button"]:hover': { opacity: 0.8 },
        '& [data-bar]:focus-visible': { outline: '3px solid #1f4f96', outlineOffset: 2 },
      }}
      data-testid="metrics-chart"
    >
      <svg
        width={measured ? width : '100%'}
        height={measured ? height : '100%'}
        viewBox={measured ? undefined : `0 0 ${width} ${height}`}
        role="group"
        aria-label={title}
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <Group aria-hidden="true">
            <GridRows scale={yScale} width={plotW} numTicks={VALUE_TICKS} stroke="#ccc" strokeDasharray="3 3" />
            <AxisLeft
              scale={yScale}
              numTicks={VALUE_TICKS}
              tickFormat={(v) => formatCompact(Number(v))}
              hideAxisLine
              hideTicks
              tickLabelProps={{ fontSize: 12, fill: AXIS_COLOUR, textAnchor: 'end', verticalAnchor: 'middle', dx: -4 }}
              label={t(`dashboard.unitTitle.${unit}`)}
              labelOffset={44}
              labelProps={{ fontSize: 12, fill: AXIS_COLOUR, textAnchor: 'middle' }}
            />
            <AxisBottom
              scale={xScale}
              top={plotH}
              stroke={AXIS_COLOUR}
              hideTicks
              tickFormat={(id) => cutLabel(labels.get(id) ?? id)}
              tickLabelProps={{ fontSize: 12, fill: AXIS_COLOUR, textAnchor: 'end', verticalAnchor: 'middle', angle: -40, dy: -4 }}
              tickComponent={XTickLabel}
            />
          </Group>
          {bars.map((b, i) => {
            const x = (xScale(b._id) ?? 0) + (xScale.bandwidth() - barW) / 2;
            const barTop = yScale(b.value);
            const name = `${b.label}: ${formatUnit(b.value, unit)}`;
            return (
              <Group key={b._id}>
                <Bar
                  data-bar=""
                  x={x}
                  y={barTop}
                  width={barW}
                  height={Math.max(0, plotH - barTop)}
                  fill={barColour(i)}
                  role={onBarClick ? 'button' : 'img'}
                  aria-label={name}
                  tabIndex={onBarClick ? 0 : undefined}
                  cursor={onBarClick ? 'pointer' : 'default'}
                  onClick={onBarClick ? () => onBarClick(b) : undefined}
                  onKeyDown={onBarClick ? (e) => onKey(e, b) : undefined}
                >
                  <title>{name}</title>
                </Bar>
                {showValues && (
                  <Group aria-hidden="true">
                    <Text x={x + barW / 2} y={barTop - 6} textAnchor="middle" fontSize={11} fill={TEXT_COLOUR}>
                      {formatCompact(b.value)}
                    </Text>
                  </Group>
                )}
              </Group>
            );
          })}
        </Group>
      </svg>
    </Box>
  );
}
