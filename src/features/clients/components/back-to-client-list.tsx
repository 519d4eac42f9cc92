import { Link } from '@tanstack/react-router';
import { lastListView } from '../utils/last-list-view.ts';

/** "Back to the client list", with the search and sort it was left with. */
export function BackToClientList({ small = false }: { small?: boolean }) {
  return (
    <Link to="/clients" search={lastListView()} className={small ? 'button button--small' : 'button'}>
      Back to the client list
    </Link>
  );
}
