import { ANSWER_FILE_EXTENSIONS, TEMPLATE_EXTENSIONS } from '@hackathon/contract'

type TemplateExtension = (typeof TEMPLATE_EXTENSIONS)[number]
type AnswerExtension = (typeof ANSWER_FILE_EXTENSIONS)[number]
type Extension = TemplateExtension | AnswerExtension

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b)
const isZip = (data: Buffer) =>
  startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])
/** Word 97-2003 and PowerPoint 97-2003 are OLE2 compound files. */
const isOle = (data: Buffer) => startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const isText = (data: Buffer) => {
  if (data.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
    return true
  } catch {
    return false
  }
}

/**
 * Whether the bytes are what the extension claims: a renamed executable is neither a PDF nor a
 * zip. Office Open XML files are zips whose entry names (stored in the clear) show the kind.
 */
const MATCHES: Record<Extension, (data: Buffer) => boolean> = {
  pdf: (d) => d.subarray(0, 5).toString('latin1') === '%PDF-',
  doc: isOle,
  ppt: isOle,
  docx: (d) => isZip(d) && d.includes('word/'),
  pptx: (d) => isZip(d) && d.includes('ppt/'),
  zip: isZip,
  txt: isText,
  png: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  // An MP4 (ISO base media) file opens with a box whose type is 'ftyp'.
  mp4: (d) => d.subarray(4, 8).toString('latin1') === 'ftyp',
}

export const CONTENT_TYPES: Record<Extension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
}

/** The file's extension when both its name and its content are one of `allowed`, else undefined. */
export function fileKind<E extends Extension>(
  filename: string,
  data: Buffer,
  allowed: readonly E[],
): E | undefined {
  let extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  if (extension === 'jpeg') extension = 'jpg'
  if (!extension || !(allowed as readonly string[]).includes(extension)) return undefined
  const kind = extension as E
  return data.length > 0 && MATCHES[kind](data) ? kind : undefined
}

/** The template's extension when both its name and its content are an allowed kind, else undefined. */
export const templateKind = (filename: string, data: Buffer) =>
  fileKind(filename, data, TEMPLATE_EXTENSIONS)
