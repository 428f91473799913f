// "3 hours ago", with the exact time on hover.
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(date: string | Date, now = Date.now()): string {
  const t = typeof date === 'string' ? Date.parse(date) : date.getTime();
  const diff = Math.round((t - now) / 1000);
  for (const [unit, secs] of units) {
    if (Math.abs(diff) >= secs || unit === 'second') return rtf.format(Math.round(diff / secs), unit);
  }
  return '';
}

export function RelativeTime({ date }: { date: string }) {
  const d = new Date(date);
  return (
    <time dateTime={date} title={d.toLocaleString()}>
      {relativeTime(date)}
    </time>
  );
}
