import { useRef, useState } from 'preact/hooks';

/**
 * The rows of the loaded page, with the changes made on them since (kept until the next load).
 * A change is stored after its dialog or select was used, maybe once a search has replaced the
 * page: it applies to the page shown now, never to the one it started from, where it would be
 * lost. Each change starts from the newest rows, so two saving at the same time both stay.
 */
export function useEditedRows<P, R>(page: P | undefined, rowsOf: (page: P) => R[]) {
  const [local, setLocal] = useState<{ from?: P; rows: R[] }>({ rows: [] });
  const newest = useRef(page);
  newest.current = page;
  const rowsNow = (previous: { from?: P; rows: R[] }, shown: P | undefined) =>
    shown === undefined ? [] : previous.from === shown ? previous.rows : rowsOf(shown);
  return {
    rows: rowsNow(local, page),
    edit: (change: (rows: R[]) => R[]) =>
      setLocal((previous) => {
        const shown = newest.current;
        return { from: shown, rows: change(rowsNow(previous, shown)) };
      }),
  };
}
