// The rating chart's arithmetic (src/rating_chart.ts, chartLayout): where each match's
// point, the ticks and the last value go in the SVG's viewBox. No browser, no server;
// needs the built client (npm run build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CHART_SIZE, chartLayout, niceStep, ratingText } from "../dist/js/rating_chart.js";

const { width, height, left, right, top, bottom } = CHART_SIZE;
const plotBottom = height - bottom;
const plotRight = width - right;

/** Ratings as the server's history gives them (the rating after each match). */
const history = (...ratings) => ratings.map((rating, i) => ({ match: `m${String(i).padStart(12, "0")}`, at: "2026-12-03T20:11:00Z", rating, mu: 25, sigma: 8, place: 1 }));

function inside(layout) {
  for (const p of layout.points) {
    assert.ok(p.x >= left && p.x <= plotRight, `x ${p.x} within the plot`);
    assert.ok(p.y >= top && p.y <= plotBottom, `y ${p.y} within the plot`);
  }
}

describe("rating chart layout", () => {
  it("fits a 360-wide viewBox", () => {
    assert.equal(width, 360);
    assert.ok(left + right < width && top + bottom < height);
  });

  it("leaves room above the highest point for the last value's label", () => {
    const layout = chartLayout(history(0, 5, 10));
    assert.equal(layout.last.y, top, "the highest rating is at the plot's top");
    assert.ok(layout.last.y - 9 - 12 >= 0, "a 12-unit label above it stays in the viewBox");
  });

  it("picks round tick steps", () => {
    assert.equal(niceStep(10, 4), 2.5);
    assert.equal(niceStep(12.3, 4), 5);
    assert.equal(niceStep(0.7, 4), 0.2);
    assert.equal(niceStep(100, 4), 25);
    assert.equal(niceStep(0, 4), 1);
  });

  it("draws one point per match, first left and last right, higher ratings higher", () => {
    const layout = chartLayout(history(0, 3.1, 2.4, 7.9, 12.3));
    assert.equal(layout.points.length, 5);
    inside(layout);
    assert.equal(layout.points[0].x, left);
    assert.equal(layout.points[4].x, plotRight);
    const xs = layout.points.map((p) => p.x);
    assert.deepEqual(xs, [...xs].sort((a, b) => a - b), "left to right, oldest first");
    assert.ok(layout.points[1].y < layout.points[0].y, "3.1 is above 0");
    assert.ok(layout.points[2].y > layout.points[1].y, "2.4 is below 3.1");
    assert.equal(layout.polyline, layout.points.map((p) => `${p.x},${p.y}`).join(" "));
    assert.deepEqual(layout.points.map((p) => p.match), [1, 2, 3, 4, 5]);
    assert.deepEqual(layout.last, layout.points[4]);
    assert.equal(layout.last.rating, 12.3);
  });

  it("labels a few round y ticks spanning every rating", () => {
    const layout = chartLayout(history(0, 3.1, 2.4, 7.9, 12.3));
    const values = layout.yTicks.map((t) => t.value);
    assert.deepEqual(values, [0, 5, 10, 15]);
    assert.ok(layout.low <= 0 && layout.high >= 12.3);
    assert.equal(layout.yTicks[0].y, plotBottom, "the lowest tick on the x axis");
    assert.equal(layout.yTicks.at(-1).y, top, "the highest at the top");
    assert.ok(values.length >= 2 && values.length <= 7);
  });

  it("handles negative ratings and a flat history", () => {
    const down = chartLayout(history(0, -1.2, -2.6));
    inside(down);
    assert.ok(down.low <= -2.6 && down.high >= 0);
    assert.ok(down.yTicks.some((t) => t.value === 0));
    const flat = chartLayout(history(5, 5, 5));
    inside(flat);
    assert.ok(flat.high > flat.low, "a flat line still has a range");
    assert.equal(new Set(flat.points.map((p) => p.y)).size, 1);
  });

  it("puts a single match in the middle", () => {
    const one = chartLayout(history(2.5));
    assert.equal(one.points.length, 1);
    assert.equal(one.points[0].x, left + (plotRight - left) / 2);
    assert.deepEqual(one.xTicks.map((t) => t.match), [1]);
    inside(one);
  });

  it("counts every match on the x axis, also those before the history kept", () => {
    const ratings = Array.from({ length: 200 }, (_, i) => Math.sin(i / 9) * 4 + i / 20);
    const layout = chartLayout(history(...ratings), 37);
    inside(layout);
    const ticks = layout.xTicks.map((t) => t.match);
    assert.equal(ticks[0], 38, "the first kept is the 38th match");
    assert.equal(ticks.at(-1), 237);
    assert.ok(ticks.length >= 3 && ticks.length <= 7, `a few ticks: ${ticks}`);
    assert.deepEqual(ticks, [...ticks].sort((a, b) => a - b));
    for (const t of ticks.slice(1, -1)) assert.equal(t % 50, 0, `round numbers between: ${ticks}`);
  });

  it("draws nothing for no history", () => {
    const none = chartLayout([]);
    assert.deepEqual(none.points, []);
    assert.equal(none.polyline, "");
    assert.equal(none.last, null);
  });

  it("shows a rating with one decimal", () => {
    assert.equal(ratingText(12.345), "12.3");
    assert.equal(ratingText(0), "0.0");
    assert.equal(ratingText(-1.25), "-1.3");
  });
});
