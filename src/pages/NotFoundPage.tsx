import { AppLink } from '../../features/navigation/AppLink';
import { buttonClassName, EmptyState } from '../../ui';

export default function NotFoundPage() {
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title" className="page-title">
        Page not found
      </h1>
      <EmptyState
        title="We couldn't find that page"
        body="The link may be old or mistyped."
        action={
          <AppLink className={buttonClassName('primary', 'md', false)} to="/portfolio">
            Go to portfolio
          </AppLink>
        }
      />
    </section>
  );
}
