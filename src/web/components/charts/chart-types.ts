/** What a chart draws: rows of a category (x) and one value per series. Shared by the wrapper and its lazy body. */
export interface ChartSeries {
  /** Field of each row holding the series' value (a number). */
  key: string;
  /** Translated name shown in the legend and the tooltip. */
  label: string;
  /** A Chakra colour token ("teal.500"), read through its CSS variable so it follows the theme. */
  color: string;
}

export interface ChartProps {
  kind: "bar" | "line" | "area";
  data: readonly Record<string, string | number>[];
  /** Field of the category axis (a date, a branch name). */
  xKey: string;
  series: readonly ChartSeries[];
  /** Accessible name of the chart. */
  label: string;
  height?: number;
  /** How values read on the axis and in the tooltip (money). */
  formatValue?: (value: number) => string;
  /** How categories read (dd/MM/yyyy for dates). */
  formatCategory?: (value: string) => string;
}

/** A Chakra token as a CSS colour: "teal.500" -> var(--chakra-colors-teal-500). */
export const tokenColor = (token: string): string => `var(--chakra-colors-${token.replace(/\./g, "-")})`;
