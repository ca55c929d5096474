import { useEffect, useRef, useState } from 'preact/hooks';

/** How long typing pauses before a search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * A search box's text: `onSearch` gets the trimmed text once typing pauses, and the text follows
 * `query` when it changes from outside (Back in the browser). Returns the text and its setter.
 */
export function useSearchAsTyped(query: string, onSearch: (query: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(query);
  // The page may change while typing pauses (a filter chosen): the search goes to the newest handler.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (text.trim() !== query) setText(query);
  }, [query]);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText];
}
