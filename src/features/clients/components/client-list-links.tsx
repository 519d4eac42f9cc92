import { Link } from '@tanstack/react-router';

/** Under the client list: the pages that start from it. Import is an owner's (issue 29). */
export function ClientListLinks({ owner }: { owner: boolean }) {
  return (
    <p className="page__footer-link">
      <Link to="/clients/register" className="button button--primary">
        Register a new client
      </Link>
      <Link to="/clients/deleted" className="button">
        Recently deleted
      </Link>
      <Link to="/clients/duplicates" className="button">
        Possible duplicates
      </Link>
      {owner && (
        <Link to="/clients/import" className="button">
          Import clients
        </Link>
      )}
    </p>
  );
}
