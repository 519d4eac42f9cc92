/** `npm run restore -- FILE`: puts a backup in place of the server's database, with the server stopped. */
import { runRestoreCommand } from './backup-command.ts';
import { runAsProcess, sqliteFileOnly } from './run-command.ts';

runAsProcess('restore', (args, database, io) => runRestoreCommand(args, sqliteFileOnly(database, 'restore'), io));
