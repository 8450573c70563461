import { Link } from 'react-router';
import type { RouteEntry } from '../routes/routeTable';
import { buttonClassName, EmptyState } from '../ui';

/** Placeholder with the app's layout and navigation for a spec route whose flow has not landed yet. */
export default function ComingSoonPage({ route }: { route: RouteEntry }) {
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title" className="page-title">{route.title}</h1>
      <EmptyState
        title="Coming soon"
        body={`We're building ${route.title.toLowerCase()} right now. Everything else in Fundflow works as usual.`}
        action={<Link className={buttonClassName('secondary', 'md', false)} to="/portfolio">Back to portfolio</Link>}
      />
    </section>
  );
}
