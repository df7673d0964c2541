// A small SVG chart of how each measure moves from the smaller data set to the larger: every measure
// starts at 1 (its value on the smaller set), and its target shows as a dashed mark on the larger side.

type Series = { name: string; small: number; large: number; unit: string; ratio: number; limit: number; met: boolean };

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function pairPlot(title: string, labels: readonly [string, string], series: Series[]): string {
  const width = 720;
  const height = 380;
  const plot = { left: 70, right: 330, top: 50, bottom: 320 };
  const top = Math.max(2, ...series.map((s) => Math.max(s.ratio, s.limit) * 1.15));
  const y = (ratio: number) => plot.bottom - (ratio / top) * (plot.bottom - plot.top);
  const x = [plot.left + 40, plot.right - 40] as const;
  const ticks = Array.from({ length: Math.floor(top / 0.5) + 1 }, (_, i) => i * 0.5);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${xmlText(`${title}: ${series.map((s) => `${s.name} ${s.ratio.toFixed(2)}×`).join(', ')}`)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${plot.left}" y="28" font-size="16" font-weight="bold">${xmlText(title)}</text>`,
    ...ticks.map(
      (tick) =>
        `<line x1="${plot.left}" x2="${plot.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="${tick === 1 ? '#888' : '#e5e5e5'}"/>` +
        `<text x="${plot.left - 8}" y="${y(tick) + 4}" text-anchor="end">${tick.toFixed(1)}×</text>`,
    ),
    `<text x="18" y="${(plot.top + plot.bottom) / 2}" transform="rotate(-90 18 ${(plot.top + plot.bottom) / 2})" text-anchor="middle">relative to the smaller set</text>`,
    ...labels.map((label, i) => `<text x="${x[i]}" y="${plot.bottom + 22}" text-anchor="middle">${xmlText(label)}</text>`),
  ];
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length] as string;
    parts.push(
      `<line x1="${x[0]}" y1="${y(1)}" x2="${x[1]}" y2="${y(s.ratio)}" stroke="${colour}" stroke-width="2.5"/>`,
      `<circle cx="${x[0]}" cy="${y(1)}" r="4" fill="${colour}"/><circle cx="${x[1]}" cy="${y(s.ratio)}" r="4" fill="${colour}"/>`,
      `<line x1="${x[1] - 14}" x2="${x[1] + 14}" y1="${y(s.limit)}" y2="${y(s.limit)}" stroke="${colour}" stroke-width="2" stroke-dasharray="4 3"/>`,
      `<rect x="${plot.right + 20}" y="${plot.top + i * 48 - 10}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${plot.right + 38}" y="${plot.top + i * 48}">${xmlText(s.name)}</text>`,
      `<text x="${plot.right + 38}" y="${plot.top + i * 48 + 16}" fill="#555">${s.small.toFixed(s.unit === 'ms' ? 1 : 0)} → ${s.large.toFixed(s.unit === 'ms' ? 1 : 0)} ${xmlText(s.unit)}: ${s.ratio.toFixed(2)}× (target ${s.limit < 1 ? '≥' : '≤'} ${s.limit}×${s.met ? '' : ', not met'})</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
