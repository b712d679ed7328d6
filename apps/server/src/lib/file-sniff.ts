import { TEMPLATE_EXTENSIONS } from '@hackathon/contract'

type TemplateExtension = (typeof TEMPLATE_EXTENSIONS)[number]

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
const MATCHES: Record<TemplateExtension, (data: Buffer) => boolean> = {
  pdf: (d) => d.subarray(0, 5).toString('latin1') === '%PDF-',
  doc: isOle,
  ppt: isOle,
  docx: (d) => isZip(d) && d.includes('word/'),
  pptx: (d) => isZip(d) && d.includes('ppt/'),
  zip: isZip,
  txt: isText,
}

export const CONTENT_TYPES: Record<TemplateExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
}

/** The template's extension when both its name and its content are an allowed kind, else undefined. */
export function templateKind(filename: string, data: Buffer): TemplateExtension | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  if (!extension || !(TEMPLATE_EXTENSIONS as readonly string[]).includes(extension))
    return undefined
  const kind = extension as TemplateExtension
  return data.length > 0 && MATCHES[kind](data) ? kind : undefined
}
