import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { downloadApplicantFile } from '@/lib/applicant-file'
import { errorMessage } from '@/lib/error-message'
import { formatFileSize } from '@/lib/file-size'

/**
 * One of the applicant's own answer files: its name and size, and a button that downloads it
 * with the applicant's token (a plain link could not carry it).
 */
export function ApplicantFileButton({
  file,
}: {
  file: { name: string; size: number; url: string }
}) {
  const download = useMutation({
    mutationFn: downloadApplicantFile,
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Download Failed',
        description: errorMessage(err, 'The file could not be downloaded. Please try again.'),
      }),
  })
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <Button
        type="button"
        variant="link"
        aria-disabled={download.isPending || undefined}
        className="h-auto max-w-full justify-start px-0 py-0 text-left whitespace-normal aria-disabled:cursor-progress aria-disabled:opacity-50"
        onClick={() => {
          if (!download.isPending) download.mutate({ url: file.url, name: file.name })
        }}
      >
        <Download aria-hidden="true" />
        <span className="sr-only">Download</span> <span className="break-all">{file.name}</span>
      </Button>
      <span className="text-muted-foreground">
        {download.isPending ? 'Downloading…' : formatFileSize(file.size)}
      </span>
    </span>
  )
}
