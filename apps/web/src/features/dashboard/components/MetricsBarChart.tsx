import Box from '@mui/material/Box';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartBar } from '../api/store-search.ts';
import { CHART_HEIGHT, barColour, cutLabel, formatCompact, formatNumber, type MetricUnit } from '../lib/format.ts';

/** Widest bar in pixels (spec 01 §9). */
export const MAX_BAR_SIZE = 65;
/** Above this many bars the value labels on top of the bars would collide, so only the tooltip shows them. */
const MAX_BARS_WITH_VALUE_LABELS = 16;

const UNIT_AXIS_LABEL: Record<MetricUnit, string> = { hrs: 'Hours', images: 'Images', sentences: 'Sentences' };

/**
 * The dashboard's bar chart (spec 01 §2, §9): bars sorted as given (descending), at most 65 px
 * wide, 11 colours cycling, axis labels cut to 14 characters, compact numbers on the value axis,
 * full label and exact value (thousands separators, 3 decimals for hours) in the tooltip. When
 * `onBarClick` is given the bars are clickable (levels 0 and 1).
 *
 * Accessibility: the chart is one keyboard-focusable graphic (recharts' accessibility layer: arrow
 * keys move the tooltip from bar to bar) named by `title`; the bars themselves carry no ARIA
 * attributes (an aria-label on a role-less SVG path is prohibited), their values are in the page's
 * "Show values as a table" alternative. Default export: the page loads this chunk (recharts) lazily.
 */
export function MetricsBarChart({ bars, unit, title, onBarClick }: { bars: ChartBar[]; unit: MetricUnit; title: string; onBarClick?: (bar: ChartBar) => void }) {
  const clickable = !!onBarClick;
  return (
    <Box sx={{ width: '100%', height: CHART_HEIGHT }} data-testid="metrics-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 24, right: 16, bottom: 8, left: 8 }} title={title} desc={`${bars.length} bars, largest first.`}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            interval={0}
            tickFormatter={(l: string) => cutLabel(l)}
            angle={-40}
            textAnchor="end"
            height={84}
            tick={{ fontSize: 12 }}
          />
          <YAxis
            tickFormatter={(v: number) => formatCompact(v)}
            width={72}
            tick={{ fontSize: 12 }}
            label={{ value: UNIT_AXIS_LABEL[unit], angle: -90, position: 'insideLeft', offset: 0, style: { textAnchor: 'middle', fontSize: 12 } }}
          />
          <Tooltip
            cursor={{ fill: 'rgba(31, 79, 150, 0.08)' }}
            formatter={(v) => [`${formatNumber(Number(v))} ${unit}`, 'Total']}
            labelFormatter={(l) => String(l)}
          />
          <Bar dataKey="value" maxBarSize={MAX_BAR_SIZE} isAnimationActive={false} name={UNIT_AXIS_LABEL[unit]}>
            {bars.map((b, i) => (
              <Cell
                key={b._id}
                fill={barColour(i)}
                cursor={clickable ? 'pointer' : 'default'}
                onClick={clickable ? () => onBarClick(b) : undefined}
              />
            ))}
            {bars.length <= MAX_BARS_WITH_VALUE_LABELS && (
              <LabelList dataKey="value" position="top" formatter={(v: unknown) => formatCompact(Number(v))} style={{ fontSize: 11, fill: '#4a5568' }} />
            )}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

export default MetricsBarChart;
