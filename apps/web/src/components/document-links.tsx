import { FileText } from 'lucide-react'

import { ExternalLink } from '@/components/external-link'

/** A submission's documents, each a link that opens in a new tab (or plain text without one). */
export function DocumentLinks({
  documents,
}: {
  documents: readonly { name: string; url: string | null }[]
}) {
  return (
    <ul className="grid gap-1.5">
      {documents.map((doc, index) => (
        <li key={`${index}-${doc.name}`} className="flex items-start gap-2">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ExternalLink href={doc.url}>{doc.name}</ExternalLink>
        </li>
      ))}
    </ul>
  )
}
