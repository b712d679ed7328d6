import ExcelJS from 'exceljs'
import {
  LIMITS,
  SELECTION_COLUMNS,
  SELECTION_DECISIONS,
  STAGE_DETAILS_COLUMNS,
  STAGES,
} from '@hackathon/contract'

/** Rows that get the Status drop-down and the whole-number check (the sheet may hold more). */
const VALIDATED_ROWS = 5000

/** A check over a range (exceljs has it, its typings only per cell). */
function validate(sheet: ExcelJS.Worksheet, range: string, rule: ExcelJS.DataValidation): void {
  ;(
    sheet as unknown as {
      dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void }
    }
  ).dataValidations.add(range, rule)
}

type Explained = { column: string; required: string; meaning: string }

/** Organizer text going into a cell: a leading = must not become a formula. */
const asText = (text: string) => text.replace(/^([=+\-@\t\r])/, "'$1")

function stageValues(roundNames: string[]): string {
  const stages = STAGES.map((s) => `${s.id} (${s.name})`).join('; ')
  const rounds = roundNames.length ? roundNames.map(asText).join('; ') : 'none yet'
  return `A round's name (rounds now: ${rounds}), or one of ${stages} when exactly one round is that stage.`
}

async function workbook(
  sheetName: string,
  columns: readonly string[],
  example: (string | number)[],
  explained: Explained[],
  extra: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = 'HackStage'
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((header) => ({ header, width: Math.max(16, header.length + 4) }))
  sheet.getRow(1).font = { bold: true }
  const row = sheet.addRow(example)
  row.font = { italic: true, color: { argb: 'FF6B7280' } }
  extra(sheet)

  const help = book.addWorksheet('How to fill')
  help.columns = [
    { header: 'Column', width: 24 },
    { header: 'Required', width: 12 },
    { header: 'What to write', width: 110 },
  ]
  help.getRow(1).font = { bold: true }
  for (const e of explained) help.addRow([e.column, e.required, e.meaning])
  help.addRow([])
  for (const line of [
    `Fill the first sheet only: keep its header row, replace the grey example row with your rows, one per line. Blank rows are skipped.`,
    `Save as .xlsx (or .xls, or .csv in UTF-8), at most ${LIMITS.uploadMaxBytes / 1024 / 1024} MB. Upload it from Quick Actions: 'Check File' shows what would change and any row errors; nothing changes until you apply, and then all rows change together or none.`,
  ])
    help.addRow(['', '', line])
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await book.xlsx.writeBuffer())
}

export function selectionTemplate(roundNames: string[]): Promise<Buffer> {
  const [applicantId, registrationId, currentStage, status, nextStage] = SELECTION_COLUMNS
  return workbook(
    'Applicant Selection',
    SELECTION_COLUMNS,
    ['', 'HS-7KQ4-M9P2', 'stage1', 'Selected', 'stage2'],
    [
      {
        column: applicantId,
        required: 'One of the two',
        meaning:
          "The applicant's id in the platform. Leave it empty when you give the RegistrationID.",
      },
      {
        column: registrationId,
        required: 'One of the two',
        meaning:
          'The registration ID the applicant received by email, such as HS-7KQ4-M9P2 (in the applicants export). When both IDs are given they must name the same applicant. Each applicant at most once per sheet.',
      },
      {
        column: currentStage,
        required: 'No',
        meaning: `The stage the decision is about, for your records; checked to exist. ${stageValues(roundNames)}`,
      },
      {
        column: status,
        required: 'Yes',
        meaning:
          'Selected or Not Selected. Selected applicants get the same email as a jury selection, with a link to confirm participation; someone who already confirmed or won stays so. Not Selected sends no email.',
      },
      {
        column: nextStage,
        required: 'No',
        meaning: `For Selected rows, the stage the applicant moves to (their current stage). ${stageValues(roundNames)}`,
      },
    ],
    (sheet) => {
      validate(sheet, `D2:D${VALIDATED_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`"${SELECTION_DECISIONS.join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Status',
        error: "Choose 'Selected' or 'Not Selected'",
      })
    },
  )
}

export function stageDetailsTemplate(roundNames: string[]): Promise<Buffer> {
  const [stageName, ...figures] = STAGE_DETAILS_COLUMNS
  return workbook(
    'Stage Details',
    STAGE_DETAILS_COLUMNS,
    ['stage1', 1200, 400, 950, '', '', '', ''],
    [
      {
        column: stageName,
        required: 'Yes',
        meaning: `Which round the figures are for, once per sheet. ${stageValues(roundNames)}`,
      },
      ...figures.map((column) => ({
        column,
        required: 'No',
        meaning: `A whole number of 0 or more, reported for the round and shown on the dashboard and in exports. Leave it empty to keep the figure the platform has now (a figure never given is estimated the way the dashboard estimates it).`,
      })),
    ],
    (sheet) => {
      validate(sheet, `B2:H${VALIDATED_ROWS + 1}`, {
        type: 'whole',
        operator: 'greaterThanOrEqual',
        allowBlank: true,
        formulae: [0],
        showErrorMessage: true,
        error: 'A whole number of 0 or more',
      })
    },
  )
}
