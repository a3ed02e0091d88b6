import { useAtomValue } from "jotai";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { languageAtom } from "../../lib/app-state";
import { isRtl } from "../../lib/i18n";
import { tokenColor, type ChartProps } from "./chart-types";

const AXIS = tokenColor("fg.muted");
/** Axis ticks stay short whatever the amounts (1.4M rather than 1,400,000.00); the tooltip shows them in full. */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const GRID = tokenColor("border");

/**
 * The Recharts body of `Chart` (loaded only by screens that draw one). Colours are the theme's CSS
 * variables, so light and dark both read; in a right-to-left language the category axis runs from the
 * right and the value axis stands on the right.
 */
export default function ChartBody({ kind, data, xKey, series, height = 280, formatValue, formatCategory }: ChartProps) {
  const rtl = isRtl(useAtomValue(languageAtom));
  const value = (v: unknown) => (typeof v === "number" && formatValue ? formatValue(v) : String(v));
  const category = (v: unknown) => (formatCategory ? formatCategory(String(v)) : String(v));
  const axes = (
    <>
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={xKey} reversed={rtl} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} tickFormatter={category} minTickGap={16} />
      <YAxis
        orientation={rtl ? "right" : "left"}
        tick={{ fill: AXIS, fontSize: 12 }}
        stroke={GRID}
        tickFormatter={(v: number) => compact.format(v)}
        width={56}
      />
      <Tooltip
        formatter={value}
        labelFormatter={category}
        contentStyle={{ background: tokenColor("bg.panel"), borderColor: GRID, color: tokenColor("fg"), direction: rtl ? "rtl" : "ltr" }}
        labelStyle={{ color: tokenColor("fg") }}
        cursor={{ fill: tokenColor("bg.muted") }}
      />
      <Legend wrapperStyle={{ color: tokenColor("fg"), direction: rtl ? "rtl" : "ltr" }} />
    </>
  );
  const rows = data as Record<string, string | number>[];
  return (
    // The SVG lays out left to right whatever the page's direction; `reversed` above mirrors it.
    <div dir="ltr" style={{ width: "100%", height }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === "bar" ? (
          <BarChart data={rows}>
            {axes}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={tokenColor(s.color)} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : kind === "line" ? (
          <LineChart data={rows}>
            {axes}
            {series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={tokenColor(s.color)}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <AreaChart data={rows}>
            {axes}
            {series.map((s) => (
              <Area
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={tokenColor(s.color)}
                fill={tokenColor(s.color)}
                fillOpacity={0.25}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
