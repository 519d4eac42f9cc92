import { Link } from '@tanstack/react-router';
import { lastListView } from '../utils/last-list-view.ts';
import './client-saved-message.css';

type ClientSavedMessageProps = {
  /** 'Client registered successfully!' or 'Client updated successfully!'. */
  message: string;
};

/** What replaces the register and edit forms after a successful save: the message and a link to /clients. */
export function ClientSavedMessage({ message }: ClientSavedMessageProps) {
  return (
    <div className="card success" role="status">
      <p className="success__message">{message}</p>
      <Link to="/clients" search={lastListView()}>
        View clients list
      </Link>
    </div>
  );
}
