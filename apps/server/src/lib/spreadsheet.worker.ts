/**
 * Reads one uploaded sheet off the server's event loop, under the heap limit its parent gave this
 * thread (spreadsheet.ts): answers the rows, or the refusal with its sentence.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { SpreadsheetRefused, type SheetLimits } from './sheet-grid.js'
import { parseSheet, type SheetKind } from './sheet-readers.js'

export type SheetJob = { kind: SheetKind; data: Uint8Array; limits: SheetLimits }
/**
 * Rows go back a slice at a time: the parent turns each message back into strings on its event
 * loop, so 200,000 rows arrive as many short tasks, not one long one.
 */
export type SheetAnswer =
  | { rows: string[][] }
  | { done: true }
  | { refused: { statusCode: 400 | 415; message: string } }
  | { failed: string }

const ROWS_PER_MESSAGE = 5000

const job = workerData as SheetJob
const port = parentPort!
try {
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength)
  const rows = await parseSheet(job.kind, data, job.limits)
  for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE)
    port.postMessage({ rows: rows.slice(at, at + ROWS_PER_MESSAGE) } satisfies SheetAnswer)
  port.postMessage({ done: true } satisfies SheetAnswer)
} catch (error) {
  port.postMessage(
    (error instanceof SpreadsheetRefused
      ? { refused: { statusCode: error.statusCode, message: error.message } }
      : {
          failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }) satisfies SheetAnswer,
  )
}
