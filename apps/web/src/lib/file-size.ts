const KB = 1024
const MB = 1024 * KB

/**
 * A file's size as people read it: '512 bytes', '340 KB', '1.2 MB' (1 MB = 1024 x 1024 bytes,
 * the unit of the requirements' size limits).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`
  const mb = bytes / MB
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`
}
