import { statSync } from 'node:fs';
import path from 'node:path';

/*
 * The operator commands that write into the data folder (`npm run backup`, `npm run restore`;
 * README.md, "Backups and restore") refuse to run as root over a folder another user owns:
 * what root writes there (a restored database, a key file, the backups folder) would be
 * root's, mode 0600, and the server, running as its own user (deploy/systemd), could no
 * longer open it.
 */

/** The owner of the nearest folder that exists at or above `target`. */
function ownerOfNearest(target: string): number | null {
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    try {
      return statSync(folder).uid;
    } catch {
      if (path.dirname(folder) === folder) return null;
    }
  }
}

/** One line refusing the command, or null when the user may run it (not root, or root over root's folder). */
export function rootOverAnotherUsersData(command: string, dataFolder: string, uid = process.getuid?.()): string | null {
  if (uid !== 0) return null;
  const owner = ownerOfNearest(dataFolder);
  if (owner === null || owner === 0) return null;
  return `${command}: ${dataFolder} belongs to user id ${owner}, not root: run this as that user (e.g. sudo -u visual-displays npm run ${command} …), or what it writes there would be root's and the server could not open it`;
}
