/** `npm run db:copy -- --from URL --to URL`: copies clients, staff accounts and the audit trail to an empty database. */
import { runDbCopyCommand } from './db-copy-command.ts';
import { runAsProcess } from './run-command.ts';

runAsProcess('db:copy', (args, _database, io) => runDbCopyCommand(args, io));
