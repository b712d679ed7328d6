import { Download, FileX } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'

import { useDownloadTemplate } from '../api/download-template'

/**
 * A requirement's template. Downloads stay available on a closed stage: only what is sent is
 * locked, not what is read.
 */
export function DownloadTemplateButton({ url, name }: { url: string; name: string }) {
  const download = useDownloadTemplate({
    onError: () =>
      toast({
        variant: 'destructive',
        title: 'Download Failed',
        description: 'Failed to download template. Please try again.',
      }),
  })
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-disabled={download.isPending || undefined}
      className="w-full sm:w-auto"
      onClick={() => {
        if (!download.isPending) download.mutate({ url, fallbackName: name })
      }}
    >
      <Download aria-hidden="true" />
      {download.isPending ? 'Downloading... ' : 'Download template '}
      <span className="sr-only">for {name}</span>
    </Button>
  )
}

/** docs/product/rounds.md#requirements: 'No Templates Available'. */
export function NoTemplates() {
  return (
    <div className="flex gap-3 rounded-lg border border-dashed border-border p-3 text-sm">
      <FileX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid gap-0.5">
        <p className="font-medium">No Templates Available</p>
        <p className="text-muted-foreground">No template files are configured for this stage</p>
      </div>
    </div>
  )
}
