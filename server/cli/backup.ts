/** `npm run backup [-- --to FILE]`: an online backup of the server's database, while it runs. */
import { runBackupCommand } from './backup-command.ts';
import { runAsProcess, sqliteFileOnly } from './run-command.ts';

runAsProcess('backup', (args, database, io) => runBackupCommand(args, sqliteFileOnly(database, 'backup'), io));
