import { loadConfig } from '../config.js'
import { DataDirLockedError, openConfiguredDatabase } from '../db/open.js'
import { runStaffCommand } from './staff-command.js'

// `npm run staff -- add --email ... --role jury`: manage staff accounts from a shell.
try {
  const opened = await openConfiguredDatabase(loadConfig(), () => process.exit(1))
  try {
    process.exitCode = await runStaffCommand(process.argv.slice(2), opened.database.db, (line) =>
      console.log(line),
    )
  } finally {
    await opened.close()
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nWith the server running, manage staff from the Staff card on /settings instead.`,
    )
  } else {
    console.error(error instanceof Error ? error.message : error)
  }
  process.exitCode = 1
}
