/**
 * The twin's storage picture: bytes per tier day by day over the forecast (one line per tier), as an
 * SVG for the HTML page `ilm-sim twin --html` writes. Pure string building: no clock, no I/O.
 */
import { escapeXml, PHASE_COLORS } from './timeline-svg';

export interface StorageSeries {
  readonly atMillis: number;
  readonly tiers: Readonly<Record<string, { shards: number; bytes: number }>>;
}

const TIER_COLORS: Readonly<Record<string, string>> = {
  data_hot: PHASE_COLORS['hot'] ?? '#e7664c',
  data_warm: PHASE_COLORS['warm'] ?? '#d6bf57',
  data_cold: PHASE_COLORS['cold'] ?? '#6092c0',
  data_frozen: PHASE_COLORS['frozen'] ?? '#54b399',
  data_content: '#9170b8',
  data: '#54b399',
  unassigned: '#bd271e',
};
const FALLBACK = ['#ca8eae', '#aa6556', '#b9a888', '#7d6e92'];

export function humanBytes(bytes: number): string {
  const units = ['b', 'kb', 'mb', 'gb', 'tb', 'pb'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)}${units[unit]}`;
}

/** Lines of bytes per tier against the days, with a legend naming each tier and its last value. */
export function storageSvg(samples: readonly StorageSeries[]): string {
  const width = 1100;
  const height = 260;
  const left = 70;
  const right = 200;
  const top = 20;
  const bottom = 40;
  const tiers = [...new Set(samples.flatMap((s) => Object.keys(s.tiers)))].sort();
  const max = Math.max(1, ...samples.flatMap((s) => Object.values(s.tiers).map((t) => t.bytes)));
  const first = samples[0]?.atMillis ?? 0;
  const last = samples[samples.length - 1]?.atMillis ?? first + 1;
  const x = (millis: number) => left + ((millis - first) / Math.max(1, last - first)) * (width - left - right);
  const y = (bytes: number) => top + (1 - bytes / max) * (height - top - bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica,Arial,sans-serif" font-size="11">`,
  ];
  parts.push(
    `<line x1="${left}" y1="${y(0)}" x2="${width - right}" y2="${y(0)}" stroke="#98a2b3"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${y(0)}" stroke="#98a2b3"/>`,
  );
  for (const fraction of [0, 0.5, 1])
    parts.push(`<text x="${left - 6}" y="${y(max * fraction) + 4}" text-anchor="end" fill="#535966">${escapeXml(humanBytes(max * fraction))}</text>`);
  const days = Math.max(1, Math.round((last - first) / 86_400_000));
  const every = Math.max(1, Math.ceil(days / 10));
  for (let d = 0; d <= days; d += every) {
    const at = first + d * 86_400_000;
    parts.push(`<text x="${x(at)}" y="${height - bottom + 16}" text-anchor="middle" fill="#535966">${new Date(at).toISOString().slice(5, 10)}</text>`);
  }
  tiers.forEach((tier, i) => {
    const color = TIER_COLORS[tier] ?? FALLBACK[i % FALLBACK.length]!;
    const points = samples.map((s) => `${x(s.atMillis).toFixed(1)},${y(s.tiers[tier]?.bytes ?? 0).toFixed(1)}`).join(' ');
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points}"/>`);
    const lastSample = samples[samples.length - 1]?.tiers[tier];
    parts.push(`<rect x="${width - right + 16}" y="${top + i * 18}" width="12" height="12" fill="${color}"/>`);
    parts.push(
      `<text x="${width - right + 34}" y="${top + i * 18 + 10}">${escapeXml(`${tier}: ${humanBytes(lastSample?.bytes ?? 0)}, ${lastSample?.shards ?? 0} shards`)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
