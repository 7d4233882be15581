// A player's rating in one game, match by match, as an inline SVG built with DOM calls
// (no charting library, no inline style: the colours are classes of style.css, the
// geometry SVG presentation attributes, so a strict CSP `style-src 'self'` allows it).
// chartLayout is the arithmetic alone (no DOM): it is tested under node on dist/.
import { formatNumber, t } from "./i18n.js";

/** One entry of a player's rating history (`ratings[GAME].history`): the rating after that match. */
export interface RatingPoint {
  match?: string;
  at?: string;
  rating: number;
  mu?: number;
  sigma?: number;
  place?: number | null;
}

export interface ChartSize {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The viewBox and the plot's margins: room for the ticks' labels left and under it, and for the last value above it. */
export const CHART_SIZE: ChartSize = { width: 360, height: 200, left: 38, right: 14, top: 24, bottom: 34 };

export interface ChartLayout {
  size: ChartSize;
  /** Each match's point: its number (1 is the player's first rated match) and rating. */
  points: { x: number; y: number; match: number; rating: number }[];
  /** The polyline's `points` attribute: "x,y x,y …". */
  polyline: string;
  yTicks: { value: number; y: number }[];
  xTicks: { match: number; x: number }[];
  /** The y axis's range (ticks included). */
  low: number;
  high: number;
  last: { x: number; y: number; match: number; rating: number } | null;
}

/** 1, 2, 2.5 or 5 times a power of ten, about RANGE / COUNT. */
export function niceStep(range: number, count: number): number {
  const raw = Math.abs(range) / Math.max(1, count);
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const factor = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
  return factor * magnitude;
}

const round = (n: number) => Math.round(n * 10) / 10; // a tenth of a unit is finer than a pixel
const tidy = (n: number) => Number(n.toFixed(10)); // 0.30000000000000004 → 0.3

/**
 * Where everything goes. BEFORE is how many of the player's matches came before the
 * first of HISTORY (the server keeps the last 200): the x axis counts every match.
 */
export function chartLayout(history: readonly RatingPoint[], before = 0, size: ChartSize = CHART_SIZE): ChartLayout {
  const ratings = history.map((p) => p.rating).filter((r) => Number.isFinite(r));
  const plotW = size.width - size.left - size.right;
  const plotH = size.height - size.top - size.bottom;
  const bottom = size.height - size.bottom;
  if (ratings.length === 0) {
    return { size, points: [], polyline: "", yTicks: [], xTicks: [], low: 0, high: 1, last: null };
  }
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const step = niceStep(max - min || 1, 4);
  let low = tidy(Math.floor(min / step) * step);
  let high = tidy(Math.ceil(max / step) * step);
  if (high <= low) high = tidy(low + step);
  const yTicks: { value: number; y: number }[] = [];
  const yOf = (v: number) => round(bottom - ((v - low) / (high - low)) * plotH);
  for (let i = 0; ; i++) {
    const value = tidy(low + i * step);
    if (value > high + step / 1e6) break;
    yTicks.push({ value, y: yOf(value) });
  }
  low = yTicks[0].value;
  high = yTicks[yTicks.length - 1].value;

  const n = ratings.length;
  const xOf = (i: number) => round(n === 1 ? size.left + plotW / 2 : size.left + (i * plotW) / (n - 1));
  const points = ratings.map((rating, i) => ({ x: xOf(i), y: yOf(rating), match: before + i + 1, rating }));

  // The first and the last match, and round numbers between them far enough from both.
  const first = before + 1;
  const lastMatch = before + n;
  const xTicks: { match: number; x: number }[] = [{ match: first, x: xOf(0) }];
  if (n > 1) {
    const every = Math.max(1, Math.round(niceStep(n - 1, 4)));
    for (let m = Math.ceil((first + 1) / every) * every; m < lastMatch; m += every) {
      if (m - first >= every / 2 && lastMatch - m >= every / 2) xTicks.push({ match: m, x: xOf(m - first) });
    }
    xTicks.push({ match: lastMatch, x: xOf(n - 1) });
  }
  return {
    size, points, yTicks, xTicks, low, high,
    polyline: points.map((p) => `${p.x},${p.y}`).join(" "),
    last: points[points.length - 1],
  };
}

const SVG_NS = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

/** A rating as shown: one decimal, in the reader's locale ("12.3", "12,3"). */
export function ratingText(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * The chart of HISTORY (oldest first) for GAME_TITLE; ID makes its title's and
 * description's ids unique on the page. BEFORE: matches played before the first shown.
 */
export function ratingChart(history: readonly RatingPoint[], gameTitle: string, id: string, before = 0): SVGSVGElement {
  const layout = chartLayout(history, before);
  const { size } = layout;
  const bottom = size.height - size.bottom;
  const right = size.width - size.right;
  const ratings = layout.points.map((p) => p.rating);
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const chart = svg("svg", {
    viewBox: `0 0 ${size.width} ${size.height}`, width: "100%", class: "rating-chart", role: "img",
    "aria-labelledby": `${titleId} ${descId}`, "data-testid": "rating-chart", "data-points": layout.points.length,
  },
  svg("title", { id: titleId }, t("rating.chart_title", { game: gameTitle })),
  svg("desc", { id: descId }, layout.last ? t("rating.chart_desc", {
    n: layout.points.length, first: ratingText(ratings[0]), last: ratingText(layout.last.rating),
    low: ratingText(Math.min(...ratings)), high: ratingText(Math.max(...ratings)),
  }) : t("rating.no_history")));
  if (!layout.last) return chart;

  const grid = svg("g", { class: "grid", "aria-hidden": "true" });
  for (const tick of layout.yTicks) {
    grid.append(svg("line", { x1: size.left, x2: right, y1: tick.y, y2: tick.y, class: tick.value === 0 ? "zero" : "rule" }),
      svg("text", { x: size.left - 5, y: tick.y, "text-anchor": "end", "dominant-baseline": "middle", class: "tick" },
        formatNumber(tick.value, { maximumFractionDigits: 1 })));
  }
  for (const tick of layout.xTicks) {
    grid.append(svg("line", { x1: tick.x, x2: tick.x, y1: bottom, y2: bottom + 4, class: "axis" }),
      svg("text", { x: tick.x, y: bottom + 15, "text-anchor": "middle", class: "tick" }, formatNumber(tick.match)));
  }
  grid.append(
    svg("line", { x1: size.left, x2: size.left, y1: size.top, y2: bottom, class: "axis" }),
    svg("line", { x1: size.left, x2: right, y1: bottom, y2: bottom, class: "axis" }),
    svg("text", { x: size.left + (right - size.left) / 2, y: size.height - 4, "text-anchor": "middle", class: "axis-label" }, t("rating.chart_matches")));
  chart.append(grid);

  chart.append(svg("polyline", { points: layout.polyline, fill: "none", class: "rating-line", "data-testid": "rating-line" }));
  if (layout.points.length <= 40) {
    const dots = svg("g", { class: "rating-dots", "aria-hidden": "true" });
    for (const p of layout.points.slice(0, -1)) dots.append(svg("circle", { cx: p.x, cy: p.y, r: 2 }));
    chart.append(dots);
  }
  const last = layout.last;
  // The last value above its point (the top margin leaves room), ending at it near the right edge.
  const anchor = last.x > right - 30 ? "end" : last.x < size.left + 30 ? "start" : "middle";
  const dx = anchor === "end" ? -4 : anchor === "start" ? 4 : 0;
  chart.append(svg("circle", { cx: last.x, cy: last.y, r: 4, class: "rating-last", "data-testid": "rating-last" }),
    svg("text", { x: last.x + dx, y: last.y - 9, "text-anchor": anchor, class: "last-label", "data-testid": "rating-last-label" },
      ratingText(last.rating)));
  return chart;
}
