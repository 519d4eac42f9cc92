import { Link } from '@tanstack/react-router';
import { lastListView } from '../utils/last-list-view.ts';
import './client-saved-message.css';

/** A change made offline: kept on this device until the server has it (docs/offline.md). */
export const SAVED_ON_THIS_DEVICE = 'Saved on this device. It will be sent when the connection returns.';

type ClientSavedMessageProps = {
  /** 'Client registered successfully!', 'Client updated successfully!', or SAVED_ON_THIS_DEVICE. */
  message: string;
};

/** What replaces the register and edit forms after a save: the message and a link to /clients. */
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
