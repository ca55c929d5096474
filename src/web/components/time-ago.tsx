import { formatDate, timeAgo } from '../format.js';

/** A relative time with the exact date as its title and machine-readable datetime. */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {timeAgo(iso)}
    </time>
  );
}
