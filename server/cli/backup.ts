/** `npm run backup [-- --to FILE]`: an online backup of the server's database, while it runs. */
import { runAsProcess, runBackupCommand } from './backup-command.ts';

runAsProcess('backup', runBackupCommand);
