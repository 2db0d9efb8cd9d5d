import Box from '@mui/material/Box';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { formatCount, formatUtcDay } from '../lib/format.ts';
import type { UsageDay } from '../lib/usage.ts';

const MARGIN = { top: 16, right: 16, bottom: 48, left: 56 };
const HEIGHT = 260;

/**
 * Calls per day over the window (failures stacked in red on top of the successful calls), drawn
 * with the visx primitives the dashboard's chart uses. Each bar has an accessible name with the
 * day's figures.
 */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const { t } = useTranslation();
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...days.map((d) => d.calls));
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, plotW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [plotH, 0], nice: 5 });
  return (
    <Box ref={parentRef} sx={{ width: '100%', height: HEIGHT }} data-testid="usage-chart">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="group" aria-label={t('usage.chart.label')} style={{ display: 'block' }}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <Group aria-hidden="true">
              <GridRows scale={y} width={plotW} numTicks={5} stroke="#ddd" strokeDasharray="3 3" />
              <AxisLeft
                scale={y}
                numTicks={5}
                stroke="#666"
                tickStroke="#666"
                label={t('usage.chart.axis')}
                // Calls are whole numbers: no 0.2, 0.4… ticks on a small axis.
                tickValues={y.ticks(5).filter((v) => Number.isInteger(v))}
                tickFormat={(v) => formatCount(Number(v))}
              />
              <AxisBottom
                top={plotH}
                scale={x}
                stroke="#666"
                tickStroke="#666"
                tickFormat={(d) => formatUtcDay(d).slice(0, 5)}
                numTicks={8}
                tickValues={days.filter((_, i) => i % 5 === days.length % 5 || i === days.length - 1).map((d) => d.day)}
              />
            </Group>
            {days.map((d) => {
              const ok = d.calls - d.failures;
              const bx = x(d.day) ?? 0;
              const okH = plotH - y(ok);
              const failH = plotH - y(d.failures);
              return (
                <g
                  key={d.day}
                  role="img"
                  aria-label={t('usage.chart.day', {
                    day: formatUtcDay(d.day),
                    calls: formatCount(d.calls),
                    failures: formatCount(d.failures),
                    characters: formatCount(d.charactersIn),
                    audioIn: formatCount(d.audioSecondsIn),
                    audioOut: formatCount(d.audioSecondsOut),
                    images: formatCount(d.images),
                  })}
                >
                  <Bar x={bx} y={plotH - okH} width={x.bandwidth()} height={okH} fill="#2a61ad" />
                  <Bar x={bx} y={plotH - okH - failH} width={x.bandwidth()} height={failH} fill="#d32f2f" />
                </g>
              );
            })}
          </Group>
        </svg>
      )}
    </Box>
  );
}
