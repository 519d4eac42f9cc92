/** `npm run restore -- FILE`: puts a backup in place of the server's database, with the server stopped. */
import { runAsProcess, runRestoreCommand } from './backup-command.ts';

runAsProcess('restore', runRestoreCommand);
