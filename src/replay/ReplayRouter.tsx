import { useMemo, useState, type ReactNode } from 'react';
import { createPath, NavigationType, parsePath, Router, type Location, type Navigator, type To } from 'react-router';

type Entry = Pick<Location, 'pathname' | 'search' | 'hash' | 'state' | 'key'>;
interface History {
  entries: Entry[];
  index: number;
  action: NavigationType;
}

const entryOf = (to: To, state: unknown, key: string): Entry => ({
  pathname: '/',
  search: '',
  hash: '',
  ...(typeof to === 'string' ? parsePath(to) : to),
  state: state ?? null,
  key,
});

/**
 * The replay frame's router: a history of its own in memory, starting at the recorded address, as React Router's
 * MemoryRouter keeps one (a redirect or a step's navigate() moves through it; back and forward stay inside it). Our
 * own because React Router is one module: its memory history, used only here, rode in the first bundle.
 */
export function ReplayRouter({ href, children }: { href: string; children: ReactNode }) {
  const [history, setHistory] = useState<History>(() => ({
    entries: [entryOf(href, null, 'default')],
    index: 0,
    action: NavigationType.Pop,
  }));
  const navigator = useMemo<Navigator>(() => {
    let made = 0;
    const key = () => `replay-${(made += 1)}`;
    return {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      encodeLocation: (to) => {
        const path = typeof to === 'string' ? parsePath(to) : to;
        return { pathname: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
      },
      push: (to, state) =>
        setHistory(({ entries, index }) => ({
          entries: [...entries.slice(0, index + 1), entryOf(to, state, key())],
          index: index + 1,
          action: NavigationType.Push,
        })),
      replace: (to, state) =>
        setHistory(({ entries, index }) => ({
          entries: entries.map((entry, at) => (at === index ? entryOf(to, state, key()) : entry)),
          index,
          action: NavigationType.Replace,
        })),
      go: (delta) =>
        setHistory(({ entries, index }) => ({
          entries,
          index: Math.min(Math.max(index + delta, 0), entries.length - 1),
          action: NavigationType.Pop,
        })),
    };
  }, []);
  return (
    <Router location={history.entries[history.index]} navigationType={history.action} navigator={navigator}>
      {children}
    </Router>
  );
}
