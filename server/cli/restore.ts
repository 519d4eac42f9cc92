/** `npm run restore -- FILE`: puts a backup in place of the server's database, with the server stopped. */
import { runRestoreCommand } from './backup-command.ts';
import { runAsProcess } from './run-command.ts';

runAsProcess('restore', runRestoreCommand);
