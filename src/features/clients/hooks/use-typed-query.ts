import { useDeferredValue, useState } from 'react';

/**
 * The list's search as typed, following the address's `q`. What is typed shows at once; `deferredQuery`, which the
 * rows follow, lags behind, so a keystroke never waits for 50,000 rows to be filtered.
 */
export function useTypedQuery(addressQuery: string | undefined) {
  const [query, setQuery] = useState(addressQuery ?? '');
  const deferredQuery = useDeferredValue(query);
  // Back, Forward or a link to another search replaces what is typed (set while rendering,
  // React's way to follow a changed input without an extra pass).
  const [followed, setFollowed] = useState(addressQuery);
  if (addressQuery !== followed) {
    setFollowed(addressQuery);
    if ((addressQuery ?? '').trim() !== query.trim()) setQuery(addressQuery ?? '');
  }
  return { query, setQuery, deferredQuery };
}
