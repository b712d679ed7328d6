import { Worker } from 'node:worker_threads'
import { UPLOAD_EXTENSIONS } from '@hackathon/contract'
import { SHEET_LIMITS, SpreadsheetRefused, type SheetLimits } from './sheet-grid.js'
import type { SheetKind } from './sheet-readers.js'
import type { SheetAnswer, SheetJob } from './spreadsheet.worker.js'

export { SHEET_LIMITS, SpreadsheetRefused, type SheetKind }

/**
 * How one sheet is read: in a worker thread of its own, so parsing never holds the event loop,
 * with a heap of its own that a hostile file cannot grow past, and a deadline after which the
 * thread is ended. Two sheets are read at a time; a third waits for one of them.
 * docs/decisions/020-bounded-spreadsheets.md
 */
export const SHEET_WORKER = {
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  timeoutMs: 20_000,
  concurrent: 2,
} as const

export type SheetWorkerOptions = { [K in keyof typeof SHEET_WORKER]: number }

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/**
 * The kind of sheet, when the name's extension is one we take and the content agrees with it: an
 * xlsx is a zip holding a workbook part, an xls an OLE2 compound file, a csv text without NUL
 * bytes. A renamed executable or image is none of these.
 */
export function sheetKind(filename: string, data: Buffer): SheetKind | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  const kind = UPLOAD_EXTENSIONS.find((k) => k === extension)
  if (!kind || data.length === 0) return undefined
  if (kind === 'xlsx')
    return startsWith(data, ZIP) && data.includes('xl/workbook') ? kind : undefined
  if (kind === 'xls') return startsWith(data, OLE2) ? kind : undefined
  return data.subarray(0, 64 * 1024).includes(0) ? undefined : kind
}

let running = 0
const waiting: (() => void)[] = []

async function acquire(concurrent: number) {
  if (running < concurrent) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
}

/** Hands the slot to the next sheet waiting, if any. */
function release() {
  const next = waiting.shift()
  if (next) next()
  else running--
}

// From the sources (`npm run dev`, vitest, the CLIs) the worker is a fresh isolate that registers
// tsx itself, whatever flags the parent was started with. In the build `npm start` runs
// (scripts/build-server.mjs) the worker is plain JavaScript beside this bundle and inherits the
// parent's flags (--enable-source-maps).
const fromSources = import.meta.url.endsWith('.ts')
const WORKER_URL = new URL(
  fromSources ? './spreadsheet.worker.ts' : './spreadsheet.worker.mjs',
  import.meta.url,
)
const WORKER_ARGV = fromSources ? ['--import', 'tsx'] : undefined

function inWorker(job: SheetJob, options: SheetWorkerOptions): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: job,
      transferList: [job.data.buffer as ArrayBuffer],
      execArgv: WORKER_ARGV,
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb,
      },
    })
    let settled = false
    const settle = (error: Error | undefined, rows?: string[][]) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      if (error) reject(error)
      else resolve(rows!)
    }
    const timer = setTimeout(
      () =>
        settle(
          new SpreadsheetRefused(
            400,
            `The sheet could not be read within ${options.timeoutMs / 1000} seconds; split it into smaller files`,
          ),
        ),
      options.timeoutMs,
    )
    const rows: string[][] = []
    worker.on('message', (answer: SheetAnswer) => {
      if ('rows' in answer) for (const row of answer.rows) rows.push(row)
      else if ('done' in answer) settle(undefined, rows)
      else if ('refused' in answer)
        settle(new SpreadsheetRefused(answer.refused.statusCode, answer.refused.message))
      else settle(new Error(`Reading a sheet failed: ${answer.failed}`))
    })
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SpreadsheetRefused(
              400,
              `The sheet needs more than the ${options.maxOldGenerationSizeMb} MB of memory one upload may use; split it into smaller files`,
            )
          : error,
      ),
    )
    worker.once('exit', (code) =>
      settle(new Error(`The spreadsheet worker stopped (exit code ${code}) before answering`)),
    )
  })
}

/**
 * The first worksheet's cells as text, row by row (index 0 is the sheet's row 1), from an xlsx,
 * xls or csv file checked by name and content, read within SHEET_LIMITS in a worker thread.
 * Throws SpreadsheetRefused with a readable reason.
 */
export async function readSheet(
  filename: string,
  data: Buffer,
  {
    limits = SHEET_LIMITS,
    worker = SHEET_WORKER,
  }: { limits?: SheetLimits; worker?: SheetWorkerOptions } = {},
): Promise<string[][]> {
  const kind = sheetKind(filename, data)
  if (!kind)
    throw new SpreadsheetRefused(
      415,
      'Invalid File Type: the file must be an Excel (.xlsx, .xls) or CSV (.csv) file, and its content must match its name',
    )
  await acquire(worker.concurrent)
  try {
    // A copy of its own, moved (not copied again) into the worker.
    return await inWorker({ kind, data: new Uint8Array(data), limits }, worker)
  } finally {
    release()
  }
}
